import { dayNumber, isoDay, utcDayOf } from '../forecast/days';
import { fieldLabel, MAX_QUANTITY, type Product } from '../product-fields/fields';
import type { CalculationDefaults } from './calculation-defaults';
import { formatNumber } from './formatters';

/**
 * DESIGN 10: the product's stored forecast, read with the product. `forecast_daily_rate` is null
 * without daily history; the rate then comes from the 30-day fields.
 */
export type ForecastFields = {
  forecast_daily_rate: number | null;
  trend: number | null;
  seasonality_suggestion: number | null;
  forecast_accuracy: number | null;
};
export const FORECAST_FIELD_KEYS = [
  'forecast_daily_rate',
  'trend',
  'seasonality_suggestion',
  'forecast_accuracy',
] as const satisfies ReadonlyArray<keyof ForecastFields>;

/** What the engine reads: a product, with its forecast when it has daily history. */
export type EngineInput = Product & Partial<ForecastFields>;

export type RateSource = 'history' | 'sales_last_30_days';

/** DESIGN 5: the fields computed on every read and after every edit; never stored. */
export type DerivedFields = {
  velocity: number;
  /** The velocity, under the name the forecast columns use. */
  daily_rate: number;
  rate_source: RateSource;
  /** The day the stock runs out at the daily demand (ISO), null without demand. */
  stockout_date: string | null;
  /** The last day to order so that the order arrives before stock runs out (ISO). */
  reorder_by: string | null;
  total_quantity: number;
  hdos: number | null;
  coverage_days: number;
  recommended_buy_quantity: number;
  total_spend: number | null;
  roi: number | null;
};

export type RestockRow = EngineInput & DerivedFields;

export const COVERAGE_LEGS = [
  'order_lead_time',
  'prep_lead_time',
  'amz_lead_time',
  'desired_days_of_inventory',
] as const;
export type CoverageLeg = (typeof COVERAGE_LEGS)[number];

const SALES_WINDOW_DAYS = 30;

/**
 * Floats turn 33 × 40 / 10 into 132.00000000000003, and a ceil would then buy one unit too many.
 * Six decimals is far finer than any meaningful demand and far coarser than float noise.
 */
const roundNoise = (value: number) => Math.round(value * 1e6) / 1e6;

// toPrecision first so that 1.005 × 100 = 100.49999999999999 still rounds to 101 cents.
const roundCents = (value: number) => Math.round(Number((value * 100).toPrecision(15))) / 100;

type LegDays = { field: CoverageLeg; days: number; isDefault: boolean };

/** Every intermediate value, so that deriveFields and explainRecommendation cannot disagree. */
type Calculation = {
  sales: number;
  windowDays: number;
  rateSource: RateSource;
  velocity: number;
  seasonality: number;
  dailyDemand: number;
  legs: LegDays[];
  coverageDays: number;
  demand: number;
  totalQuantity: number;
  alreadyOrdered: number;
  need: number;
  wholeUnits: number;
  afterCasePack: number;
  recommended: number;
};

const isSet = (value: number | null): value is number => value !== null && value > 0;

const roundUpToMultiple = (quantity: number, multiple: number) => Math.ceil(quantity / multiple) * multiple;

const hasForecast = (product: EngineInput): product is EngineInput & { forecast_daily_rate: number } =>
  typeof product.forecast_daily_rate === 'number' && Number.isFinite(product.forecast_daily_rate);

function calculate(product: EngineInput, defaults: CalculationDefaults): Calculation {
  const fromHistory = hasForecast(product);
  const sales = product.sales_last_30_days ?? 0;
  const inStock = product.days_in_stock_of_last_30;
  // In-stock adjusted: 30 units sold in 10 in-stock days is 3 a day, not 1.
  const windowDays = inStock !== null && inStock >= 1 && inStock <= 30 ? inStock : SALES_WINDOW_DAYS;
  // DESIGN 10: daily history, where the product has it, is a better rate than the 30-day fields.
  const velocity = fromHistory ? product.forecast_daily_rate : sales / windowDays;
  const seasonality = product.seasonality_multiplier ?? 1;

  const legs = COVERAGE_LEGS.map((field) => {
    const own = product[field];
    return own === null
      ? { field, days: defaults[field], isDefault: true }
      : { field, days: own, isDefault: false };
  });
  const coverageDays = legs.reduce((sum, leg) => sum + leg.days, 0);

  const totalQuantity =
    (product.fba_quantity ?? 0) + (product.inbound_quantity ?? 0) + (product.local_inventory_quantity ?? 0);
  const alreadyOrdered = product.quantity_already_ordered ?? 0;
  // Divide last: sales × seasonality × coverage stays exact for whole inputs, velocity rarely is.
  const demand = fromHistory
    ? roundNoise(velocity * seasonality * coverageDays)
    : roundNoise((sales * seasonality * coverageDays) / windowDays);
  const need = roundNoise(demand - totalQuantity - alreadyOrdered);

  const wholeUnits = need > 0 ? Math.ceil(need) : 0;
  const casePack = product.case_pack;
  const moq = product.moq;
  const afterCasePack =
    wholeUnits > 0 && isSet(casePack) ? roundUpToMultiple(wholeUnits, casePack) : wholeUnits;
  const afterMoq = afterCasePack > 0 && isSet(moq) ? Math.max(afterCasePack, moq) : afterCasePack;
  // An MOQ that is not a whole number of cases is rounded up to cases again.
  const wanted = afterMoq > 0 && isSet(casePack) ? roundUpToMultiple(afterMoq, casePack) : afterMoq;
  // No order line holds more than MAX_QUANTITY units (a PostgreSQL integer); extreme inputs that
  // ask for more are capped rather than failing the purchase order.
  const recommended = Math.min(wanted, MAX_QUANTITY);

  return {
    sales,
    windowDays,
    rateSource: fromHistory ? 'history' : 'sales_last_30_days',
    velocity,
    seasonality,
    dailyDemand: roundNoise(velocity * seasonality),
    legs,
    coverageDays,
    demand,
    totalQuantity,
    alreadyOrdered,
    need,
    wholeUnits,
    afterCasePack,
    recommended,
  };
}

/**
 * DESIGN 5: price falls back from the buy box to your price to the competitive price. With both
 * fees known (the marketplace sync), ROI counts net proceeds: price − referral fee − FBA fee.
 */
function returnOnInvestment(product: Product): number | null {
  const { cost } = product;
  const price = product.buy_box_price ?? product.your_price ?? product.competitive_price;
  if (cost === null || cost === 0 || price === null) return null;
  const fees = feesOf(product);
  return roundNoise((price - (fees ?? 0) - cost) / cost);
}

/** The fees per unit when both are known, else null (ROI then leaves fees out and says so). */
export function feesOf(product: Pick<Product, 'referral_fee' | 'fba_fee'>): number | null {
  return product.referral_fee === null || product.fba_fee === null
    ? null
    : product.referral_fee + product.fba_fee;
}

/** The ROI breakdown the grid shows beside the percentage. */
export function roiBreakdown(product: Product): string {
  const fees = feesOf(product);
  if (fees === null) return 'ROI = (price − cost) / cost; fees not included';
  return `ROI = (price − referral fee ${product.referral_fee!.toFixed(2)} − FBA fee ${product.fba_fee!.toFixed(2)} − cost) / cost`;
}

function daysOfStock(calc: Calculation): number | null {
  if (calc.rateSource === 'history') {
    return calc.velocity > 0 ? Math.floor(roundNoise(calc.totalQuantity / calc.velocity)) : null;
  }
  // Whole inputs make total × window / sales exact where total / velocity is not.
  return calc.sales > 0 ? Math.floor(roundNoise((calc.totalQuantity * calc.windowDays) / calc.sales)) : null;
}

/** Stock runs out after whole days of daily demand (seasonality included); the order legs come first. */
function stockDates(calc: Calculation, today: number): { stockout: string | null; reorderBy: string | null } {
  if (calc.dailyDemand <= 0) return { stockout: null, reorderBy: null };
  const lasts = Math.floor(roundNoise(calc.totalQuantity / calc.dailyDemand));
  const leadDays = calc.legs
    .filter((leg) => leg.field !== 'desired_days_of_inventory')
    .reduce((sum, leg) => sum + leg.days, 0);
  return { stockout: isoDay(today + lasts), reorderBy: isoDay(today + lasts - leadDays) };
}

/** Today's UTC date, for the stock-out dates of callers that do not pass one. */
const todayIso = () => isoDay(utcDayOf(Date.now()));

/**
 * DESIGN 5: the derived fields of a product; `defaults` fill lead and desired days left blank.
 * `today` (YYYY-MM-DD) dates the stock-out and reorder-by days.
 */
export function deriveFields(
  product: EngineInput,
  defaults: CalculationDefaults,
  today = todayIso(),
): DerivedFields {
  const calc = calculate(product, defaults);
  const dates = stockDates(calc, dayNumber(today) ?? utcDayOf(Date.now()));
  return {
    velocity: calc.velocity,
    daily_rate: calc.velocity,
    rate_source: calc.rateSource,
    stockout_date: dates.stockout,
    reorder_by: dates.reorderBy,
    total_quantity: calc.totalQuantity,
    hdos: daysOfStock(calc),
    coverage_days: calc.coverageDays,
    recommended_buy_quantity: calc.recommended,
    total_spend: product.cost === null ? null : roundCents(calc.recommended * product.cost),
    roi: returnOnInvestment(product),
  };
}

export type ExplanationStepKey =
  | 'velocity'
  | 'daily_demand'
  | CoverageLeg
  | 'coverage_days'
  | 'demand'
  | 'stock'
  | 'need'
  | 'whole_units'
  | 'case_pack'
  | 'moq'
  | 'recommended';

/** One line of "why this number": `value` is what the step produced, `detail` how. */
export type ExplanationStep = { key: ExplanationStepKey; label: string; value: number; detail: string };

const count = (value: number, unit: string) => `${formatNumber(value)} ${value === 1 ? unit : `${unit}s`}`;

function velocityDetail(product: Product, calc: Calculation): string {
  if (calc.rateSource === 'history') {
    return 'Forecast from daily sales history (the steps above show the windows, weights and days left out)';
  }
  const fallback = 'No daily sales history, so Sales (30 Days) is used: ';
  return fallback + thirtyDayDetail(product, calc);
}

function thirtyDayDetail(product: Product, calc: Calculation): string {
  if (product.sales_last_30_days === null) return 'No sales recorded for the last 30 days';
  const sold = count(calc.sales, 'unit');
  const inStock = product.days_in_stock_of_last_30;
  if (calc.windowDays === inStock) return `${sold} over ${count(inStock, 'in-stock day')}`;
  const why = inStock === null ? 'in-stock days unknown' : 'no in-stock days recorded';
  return `${sold} over 30 days (${why}, so the whole month is used)`;
}

function stockDetail(product: Product): string {
  const parts: Array<[string, number | null]> = [
    ['FBA', product.fba_quantity],
    ['inbound', product.inbound_quantity],
    ['local', product.local_inventory_quantity],
    ['already ordered', product.quantity_already_ordered],
  ];
  const sum = parts.map(([name, value]) => `${name} ${formatNumber(value ?? 0)}`).join(' + ');
  return parts.some(([, value]) => value === null) ? `${sum} (blank counts as 0)` : sum;
}

function wholeUnitsDetail(calc: Calculation): string {
  if (calc.wholeUnits === 0) return 'Nothing to buy';
  if (calc.wholeUnits === calc.need) return `${formatNumber(calc.need)} is already whole units`;
  return `${formatNumber(calc.need)} → ${formatNumber(calc.wholeUnits)}`;
}

function casePackDetail(product: Product, calc: Calculation): string {
  if (!isSet(product.case_pack)) return 'No case pack set';
  if (calc.wholeUnits === 0) return 'Nothing to buy, so cases do not apply';
  const cases = `Cases of ${formatNumber(product.case_pack)}`;
  return calc.afterCasePack === calc.wholeUnits
    ? `${cases}: ${formatNumber(calc.wholeUnits)} is already whole cases`
    : `${cases}: ${formatNumber(calc.wholeUnits)} → ${formatNumber(calc.afterCasePack)}`;
}

function moqDetail(product: Product, calc: Calculation): string {
  const { moq, case_pack: casePack } = product;
  if (!isSet(moq)) return 'No minimum order quantity set';
  if (calc.afterCasePack === 0) return 'Nothing to buy, so the minimum order does not apply';
  if (calc.afterCasePack >= moq)
    return `${formatNumber(calc.afterCasePack)} already meets the minimum of ${formatNumber(moq)}`;
  const raised = `Minimum order ${formatNumber(moq)}: ${formatNumber(calc.afterCasePack)} → ${formatNumber(moq)}`;
  return calc.recommended === moq || !isSet(casePack)
    ? raised
    : `${raised}, then whole cases of ${formatNumber(casePack)} make ${formatNumber(calc.recommended)}`;
}

/** The "why this number" breakdown of recommended_buy_quantity, in the order it is computed. */
export function explainRecommendation(
  product: EngineInput,
  defaults: CalculationDefaults,
): ExplanationStep[] {
  const calc = calculate(product, defaults);
  const stock = calc.totalQuantity + calc.alreadyOrdered;
  const nothingNeeded = calc.need <= 0;
  const seasonalityNote = product.seasonality_multiplier === null ? ' (not set, so 1)' : '';

  return [
    { key: 'velocity', label: 'Daily sales', value: calc.velocity, detail: velocityDetail(product, calc) },
    {
      key: 'daily_demand',
      label: 'Daily demand after seasonality',
      value: calc.dailyDemand,
      detail: `${formatNumber(calc.velocity)} a day × seasonality ${formatNumber(calc.seasonality)}${seasonalityNote}`,
    },
    ...calc.legs.map(
      (leg): ExplanationStep => ({
        key: leg.field,
        label: fieldLabel(leg.field),
        value: leg.days,
        detail: leg.isDefault ? 'Account default (blank on this product)' : 'Set on this product',
      }),
    ),
    {
      key: 'coverage_days',
      label: 'Days to cover',
      value: calc.coverageDays,
      detail: `${calc.legs.map((leg) => formatNumber(leg.days)).join(' + ')} days`,
    },
    {
      key: 'demand',
      label: 'Demand over those days',
      value: calc.demand,
      detail: `${formatNumber(calc.dailyDemand)} a day × ${count(calc.coverageDays, 'day')}`,
    },
    { key: 'stock', label: 'Stock subtracted', value: stock, detail: stockDetail(product) },
    {
      key: 'need',
      label: 'Raw need',
      value: calc.need,
      detail: `${formatNumber(calc.demand)} − ${formatNumber(stock)}${nothingNeeded ? ': stock covers demand' : ''}`,
    },
    {
      key: 'whole_units',
      label: 'Rounded up to whole units',
      value: calc.wholeUnits,
      detail: wholeUnitsDetail(calc),
    },
    {
      key: 'case_pack',
      label: 'Rounded up to whole cases',
      value: calc.afterCasePack,
      detail: casePackDetail(product, calc),
    },
    {
      key: 'moq',
      label: 'Raised to the minimum order',
      value: calc.recommended,
      detail: moqDetail(product, calc),
    },
    {
      key: 'recommended',
      label: 'To buy',
      value: calc.recommended,
      detail: nothingNeeded
        ? 'Stock covers demand for the days to cover'
        : calc.recommended === MAX_QUANTITY
          ? `${count(calc.recommended, 'unit')}, the most one order line can hold`
          : count(calc.recommended, 'unit'),
    },
  ];
}
