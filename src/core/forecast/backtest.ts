import { PRODUCT_FIELD_KEYS, type Product } from '../product-fields/fields';
import { BUILT_IN_DEFAULTS, type CalculationDefaults } from '../restock/calculation-defaults';
import { deriveFields } from '../restock/engine';
import { type DailyHistory, dailyRateAt, FORECAST_HORIZON_DAYS } from './forecast';

// Replays real daily sales to compare a forecast with the plain 30-day average (DESIGN 10): at
// weekly cut dates it scores each method's forecast of the next `horizon` days, and it runs the
// restock policy forward day by day with each method's forecast feeding the order quantity.

/** Each method forecasts a daily rate from history[0, end); null = nothing to go on. */
export type Forecaster = (history: DailyHistory, end: number) => number | null;

export type PolicySettings = {
  /** The account's lead times and desired days of inventory, as Settings → Calculations holds them. */
  defaults: CalculationDefaults;
  /** Days between two looks at the restock table. */
  reviewDays: number;
};

export type BacktestOptions = {
  horizon: number;
  policy: PolicySettings;
  /** Days between two cut dates. */
  cutEveryDays: number;
  /** History a series needs after its first sale before the first cut. */
  warmUpDays: number;
  /**
   * 'demand': the file is demand and forecasts see all of it. 'sold': lost sales go unrecorded,
   * as in a seller's own reports: forecasts see units sold and the end-of-day stock.
   */
  view: 'demand' | 'sold';
};

export const DEFAULT_BACKTEST: BacktestOptions = {
  horizon: FORECAST_HORIZON_DAYS,
  // DESIGN 5 built-in defaults: order 7 + prep 3 + amz 10 lead days, 30 desired days.
  policy: { defaults: BUILT_IN_DEFAULTS, reviewDays: 7 },
  cutEveryDays: 7,
  warmUpDays: 30,
  view: 'demand',
};

export type MethodScore = {
  forecasts: number;
  /** Σ|forecast − actual| / Σ actual over every cut's horizon total. */
  wape: number;
  /** Σ(forecast − actual) / Σ actual: above 0 forecasts too much. */
  bias: number;
  /** Days on which some demand found no stock. */
  stockoutDays: number;
  /** Average stock held, in days of the series' own average demand. */
  daysOfInventory: number;
  /** Share of demand served from stock. */
  fillRate: number;
  simulatedDays: number;
};

/** The plain 30-day average: units of the last 30 days over 30. */
export const thirtyDayAverage: Forecaster = (history, end) => {
  let sum = 0;
  for (let i = Math.max(0, end - 30); i < end; i++) sum += history.units[i]!;
  return sum / 30;
};

/**
 * Today's restock engine without history (DESIGN 5): the last 30 days' units over their in-stock
 * days, which a seller's sold-units reports need to be fair to the 30-day average.
 */
export const thirtyDayInStockAverage: Forecaster = (history, end) => {
  let sum = 0;
  let inStock = 0;
  for (let i = Math.max(0, end - 30); i < end; i++) {
    sum += history.units[i]!;
    if (!(history.stock && history.stock[i]! <= 0 && history.units[i] === 0)) inStock++;
  }
  return sum / (inStock >= 1 ? inStock : 30);
};

export const ourForecast: Forecaster = (history, end) => dailyRateAt(history, end);

function firstSale(units: ArrayLike<number>): number {
  for (let i = 0; i < units.length; i++) if (units[i]! > 0) return i;
  return units.length;
}

type Totals = {
  absoluteError: number;
  error: number;
  actual: number;
  forecasts: number;
  stockoutDays: number;
  held: number;
  demand: number;
  lost: number;
  days: number;
};

const emptyTotals = (): Totals => ({
  absoluteError: 0,
  error: 0,
  actual: 0,
  forecasts: 0,
  stockoutDays: 0,
  held: 0,
  demand: 0,
  lost: 0,
  days: 0,
});

function scoreForecasts(
  units: ArrayLike<number>,
  forecaster: Forecaster,
  options: BacktestOptions,
  totals: Totals,
) {
  const history: DailyHistory = { start: 0, units, stock: null };
  const start = firstSale(units) + options.warmUpDays;
  for (let cut = start; cut + options.horizon <= units.length; cut += options.cutEveryDays) {
    const rate = forecaster(history, cut) ?? 0;
    let actual = 0;
    for (let i = cut; i < cut + options.horizon; i++) actual += units[i]!;
    const forecast = rate * options.horizon;
    totals.absoluteError += Math.abs(forecast - actual);
    totals.error += forecast - actual;
    totals.actual += actual;
    totals.forecasts++;
  }
}

/**
 * What the restock table would say to buy: the one engine (DESIGN 5), fed the forecast's daily
 * rate and the stock on hand (as FBA stock) and on its way (as inbound).
 */
const BLANK_PRODUCT = Object.freeze({
  ...Object.fromEntries(PRODUCT_FIELD_KEYS.map((key) => [key, null])),
  msku: 'BACKTEST',
  replen: false,
}) as unknown as Product;

function orderQuantity(rate: number, onHand: number, onOrder: number, defaults: CalculationDefaults): number {
  const product = {
    ...BLANK_PRODUCT,
    fba_quantity: onHand,
    inbound_quantity: onOrder,
    forecast_daily_rate: rate,
  };
  return deriveFields(product, defaults, '2000-01-01').recommended_buy_quantity;
}

/**
 * The restock policy replayed over one series: every `reviewDays` the seller orders what the
 * forecast says the coverage needs beyond the stock on hand and on its way, and it arrives
 * after the order, prep and marketplace lead times. Demand beyond the stock on hand is lost. The first order (at the first cut)
 * arrives at once, so both methods start from their own full coverage.
 */
function simulatePolicy(
  units: ArrayLike<number>,
  forecaster: Forecaster,
  options: BacktestOptions,
  totals: Totals,
) {
  const { defaults, reviewDays } = options.policy;
  const leadDays = defaults.order_lead_time + defaults.prep_lead_time + defaults.amz_lead_time;
  const length = units.length;
  const start = firstSale(units) + options.warmUpDays;
  if (start >= length) return;
  const sold = options.view === 'sold';
  const seen = sold ? new Float64Array(length) : units;
  const stock = sold ? new Float64Array(length).fill(Number.NaN) : null;
  if (sold) for (let i = 0; i < start; i++) (seen as Float64Array)[i] = units[i]!;
  const history: DailyHistory = { start: 0, units: seen, stock };
  const arrivals = new Float64Array(length + leadDays + 1);

  let onHand = orderQuantity(forecaster(history, start) ?? 0, 0, 0, defaults);
  let onOrder = 0;
  for (let day = start; day < length; day++) {
    const arriving = arrivals[day]!;
    onHand += arriving;
    onOrder -= arriving;
    if ((day - start) % reviewDays === 0) {
      const rate = forecaster(history, day) ?? 0;
      const quantity = orderQuantity(rate, onHand, onOrder, defaults);
      if (quantity > 0) {
        arrivals[day + leadDays]! += quantity;
        onOrder += quantity;
      }
    }
    const demand = units[day]!;
    const served = Math.min(demand, onHand);
    onHand -= served;
    if (sold) {
      (seen as Float64Array)[day] = served;
      stock![day] = onHand;
    }
    if (served < demand) {
      totals.stockoutDays++;
      totals.lost += demand - served;
    }
    totals.held += onHand;
    totals.demand += demand;
    totals.days++;
  }
}

function toScore(totals: Totals): MethodScore {
  return {
    forecasts: totals.forecasts,
    wape: totals.actual > 0 ? totals.absoluteError / totals.actual : 0,
    bias: totals.actual > 0 ? totals.error / totals.actual : 0,
    stockoutDays: totals.stockoutDays,
    daysOfInventory: totals.demand > 0 ? totals.held / totals.demand : 0,
    fillRate: totals.demand > 0 ? 1 - totals.lost / totals.demand : 1,
    simulatedDays: totals.days,
  };
}

/** Scores `forecaster` on every series: forecast accuracy at the cuts and the replayed policy. */
export function backtestMethod(
  series: Iterable<ArrayLike<number>>,
  forecaster: Forecaster,
  options: BacktestOptions = DEFAULT_BACKTEST,
): MethodScore {
  const totals = emptyTotals();
  for (const units of series) {
    scoreForecasts(units, forecaster, options, totals);
    simulatePolicy(units, forecaster, options, totals);
  }
  return toScore(totals);
}
