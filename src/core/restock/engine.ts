import { formatNumber } from './formatters';
import { type CalculationDefaults, FIELD_NAMES, type Product } from './product';

/** DESIGN 5: the fields computed on every read and after every edit; never stored. */
export type DerivedFields = {
  velocity: number;
  total_quantity: number;
  hdos: number | null;
  coverage_days: number;
  recommended_buy_quantity: number;
  total_spend: number | null;
  roi: number | null;
};

export type RestockRow = Product & DerivedFields;

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

/** Every intermediate value, so that deriveRow and explainRecommendation cannot disagree. */
type Calculation = {
  sales: number;
  windowDays: number;
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

function calculate(product: Product, defaults: CalculationDefaults): Calculation {
  const sales = product.sales_last_30_days ?? 0;
  const inStock = product.days_in_stock_of_last_30;
  // In-stock adjusted: 30 units sold in 10 in-stock days is 3 a day, not 1.
  const windowDays = inStock !== null && inStock >= 1 && inStock <= 30 ? inStock : SALES_WINDOW_DAYS;
  const velocity = sales / windowDays;
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
  const demand = roundNoise((sales * seasonality * coverageDays) / windowDays);
  const need = roundNoise(demand - totalQuantity - alreadyOrdered);

  const wholeUnits = need > 0 ? Math.ceil(need) : 0;
  const casePack = product.case_pack;
  const moq = product.moq;
  const afterCasePack =
    wholeUnits > 0 && isSet(casePack) ? roundUpToMultiple(wholeUnits, casePack) : wholeUnits;
  const afterMoq = afterCasePack > 0 && isSet(moq) ? Math.max(afterCasePack, moq) : afterCasePack;
  // An MOQ that is not a whole number of cases is rounded up to cases again.
  const recommended = afterMoq > 0 && isSet(casePack) ? roundUpToMultiple(afterMoq, casePack) : afterMoq;

  return {
    sales,
    windowDays,
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

/** DESIGN 5: price falls back from the buy box to your price to the competitive price. */
function returnOnInvestment(product: Product): number | null {
  const { cost } = product;
  const price = product.buy_box_price ?? product.your_price ?? product.competitive_price;
  if (cost === null || cost === 0 || price === null) return null;
  return roundNoise((price - cost) / cost);
}

/** DESIGN 5: the derived fields of a product; `defaults` fill lead and desired days left blank. */
export function deriveFields(product: Product, defaults: CalculationDefaults): DerivedFields {
  const calc = calculate(product, defaults);
  return {
    velocity: calc.velocity,
    total_quantity: calc.totalQuantity,
    // Whole inputs make total × window / sales exact where total / velocity is not.
    hdos: calc.sales > 0 ? Math.floor(roundNoise((calc.totalQuantity * calc.windowDays) / calc.sales)) : null,
    coverage_days: calc.coverageDays,
    recommended_buy_quantity: calc.recommended,
    total_spend: product.cost === null ? null : roundCents(calc.recommended * product.cost),
    roi: returnOnInvestment(product),
  };
}

/**
 * The stored fields of `product` (and only those) with its derived fields. Spelled out rather
 * than spread: V8 copies a 30-key literal many times faster, which matters at 100,000 rows.
 */
export function deriveRow(product: Product, defaults: CalculationDefaults): RestockRow {
  const derived = deriveFields(product, defaults);
  return {
    msku: product.msku,
    asin: product.asin,
    title: product.title,
    main_thumbnail: product.main_thumbnail,
    replen: product.replen,
    supplier: product.supplier,
    cost: product.cost,
    buy_box_price: product.buy_box_price,
    your_price: product.your_price,
    competitive_price: product.competitive_price,
    sales_last_30_days: product.sales_last_30_days,
    days_in_stock_of_last_30: product.days_in_stock_of_last_30,
    fba_quantity: product.fba_quantity,
    inbound_quantity: product.inbound_quantity,
    local_inventory_quantity: product.local_inventory_quantity,
    quantity_already_ordered: product.quantity_already_ordered,
    seasonality_multiplier: product.seasonality_multiplier,
    order_lead_time: product.order_lead_time,
    prep_lead_time: product.prep_lead_time,
    amz_lead_time: product.amz_lead_time,
    desired_days_of_inventory: product.desired_days_of_inventory,
    case_pack: product.case_pack,
    moq: product.moq,
    velocity: derived.velocity,
    total_quantity: derived.total_quantity,
    hdos: derived.hdos,
    coverage_days: derived.coverage_days,
    recommended_buy_quantity: derived.recommended_buy_quantity,
    total_spend: derived.total_spend,
    roi: derived.roi,
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
export function explainRecommendation(product: Product, defaults: CalculationDefaults): ExplanationStep[] {
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
        label: FIELD_NAMES[leg.field],
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
      detail: nothingNeeded ? 'Stock covers demand for the days to cover' : count(calc.recommended, 'unit'),
    },
  ];
}
