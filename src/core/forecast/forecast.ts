import { isoDay } from './days';

// Daily demand from daily history (DESIGN 10). The method and every constant below were chosen by
// `npm run backtest` on real retail data, cross-validated across time, stores and categories
// (docs/decisions/011-forecast-method.md): equal weights on four windows beat every tuned weighting
// out of sample, extrapolating the trend made forecasts worse, and the seasonal signal of one year
// is worth a quarter of its face value.

export const FORECAST_METHOD = 'weighted-windows';
/** The windows, in days before the last day of history, and their weights (they sum to 1). */
export const WINDOWS: readonly { days: number; weight: number }[] = [
  { days: 7, weight: 0.25 },
  { days: 30, weight: 0.25 },
  { days: 60, weight: 0.25 },
  { days: 90, weight: 0.25 },
];
export const FORECAST_HORIZON_DAYS = 30;

/** A run of days without a sale is a probable stock-out when chance would explain it less often. */
const PROBABLE_STOCKOUT_CHANCE = 1 / 1000;
const PROBABLE_STOCKOUT_MIN_DAYS = 14;
/** The typical rate that the probable stock-out rule compares a run with. */
const TYPICAL_RATE_DAYS = 365;
/** When every window is empty (out of stock for 90 days), the last in-stock days of a year. */
const FALLBACK_WINDOW_DAYS = 365;
const RATE_LOOK_BACK_DAYS = TYPICAL_RATE_DAYS + 90;

const TREND_RECENT_DAYS = 30;
const TREND_OLDER_DAYS = 60;
const TREND_MIN_DAYS = 14;

/** Weeks, not 365 days, so that last year's window starts on the same weekday. */
const YEAR_DAYS = 364;
const SEASON_YEARS = 2;
const SEASON_BASE_DAYS = 56;
const SEASON_MIN_UNITS = 20;
const SEASON_RATIO_MIN = 0.5;
const SEASON_RATIO_MAX = 2;
const SEASON_SHRINK = 0.25;

/** The last four 30-day periods, each forecast from the history before it. */
const ACCURACY_CUTS = 4;
const ACCURACY_STEP_DAYS = 30;
/** A past forecast needs this much history before it to count towards accuracy. */
const ACCURACY_MIN_HISTORY_DAYS = 30;

/**
 * Daily history of one product: `units[i]` sold on day `start + i`, the last entry being the last
 * day of history. `stock[i]` is the end-of-day available stock, NaN where unknown; `stock` is null
 * when the product has no stock history at all.
 */
export type DailyHistory = {
  start: number;
  units: ArrayLike<number>;
  stock: ArrayLike<number> | null;
};

export type ForecastWindow = {
  days: number;
  weight: number;
  units: number;
  inStockDays: number;
  rate: number | null;
};

export type ForecastStepKey =
  | 'history'
  | 'excluded'
  | 'window'
  | 'daily_rate'
  | 'trend'
  | 'seasonality'
  | 'accuracy';

/** One line of the forecast's "why this number", like the restock engine's steps. */
export type ForecastStep = { key: ForecastStepKey; label: string; value: number | null; detail: string };

export type Forecast = {
  method: typeof FORECAST_METHOD;
  /** Expected units a day from now on, before any seasonality multiplier. */
  dailyRate: number;
  /** Last 30 in-stock days against the 60 before them: 0.15 = 15 % up. Shown, not extrapolated. */
  trend: number | null;
  /** A seasonality multiplier for the next 30 days, from the same weeks of the last two years. */
  seasonalitySuggestion: number | null;
  /** 1 − WAPE of this method's forecasts of the last four 30-day periods (0..1). */
  accuracy: number | null;
  firstDay: string;
  lastDay: string;
  windows: ForecastWindow[];
  excludedStockOutDays: number;
  excludedProbableStockOutDays: number;
  steps: ForecastStep[];
};

export type ForecastOptions = {
  /** Stock now (from the products table): 0 means a run of days without sales up to today is a stock-out. */
  currentStock?: number | null;
};

// Day kinds; 0 (the array's initial value) is a day before launch.
const COUNTED = 1;
const OUT_OF_STOCK = 2;
const PROBABLE_STOCKOUT = 3;

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** Days before the first sale (or the first day with stock) are before launch, not zero demand. */
function launchIndex(history: DailyHistory, end: number): number {
  const { units, stock } = history;
  for (let i = 0; i < end; i++) {
    if (units[i]! > 0 || (stock !== null && stock[i]! > 0)) return i;
  }
  return end;
}

function typicalRate(units: ArrayLike<number>, kinds: Uint8Array, launch: number, end: number): number {
  let sum = 0;
  let days = 0;
  for (let i = Math.max(launch, end - TYPICAL_RATE_DAYS); i < end; i++) {
    if (kinds[i] === COUNTED) {
      sum += units[i]!;
      days++;
    }
  }
  return days > 0 ? sum / days : 0;
}

/** How many days without a sale chance explains less than once in a thousand at `rate` a day. */
export function probableStockoutDays(rate: number): number {
  return Math.max(PROBABLE_STOCKOUT_MIN_DAYS, Math.ceil(Math.log(1 / PROBABLE_STOCKOUT_CHANCE) / rate));
}

/**
 * What of a history does not depend on where it is cut, over days `from` to `end`: each day's kind
 * before any probable stock-out (COUNTED, or OUT_OF_STOCK for stock 0 and no sale; 0 before
 * `from`), and the runs of days without a sale and without known stock (days on which a probable
 * stock-out can lie) as [start, end) pairs in order, those long enough to be one (a cut only
 * shortens a run). Read once per product, then cut five times.
 */
type DayFacts = { kinds: Uint8Array; runs: Int32Array; runCount: number };

function dayFacts(history: DailyHistory, from: number, end: number): DayFacts {
  const { units, stock } = history;
  const kinds = new Uint8Array(end);
  let runs: Int32Array = new Int32Array(8);
  let runCount = 0;
  let runStart = -1;
  for (let i = from; i < end; i++) {
    const sold = units[i]!;
    // Unknown stock (no stock history at all, or NaN) is neither 0 nor known to be in stock.
    const onHand = stock === null ? Number.NaN : stock[i]!;
    kinds[i] = onHand <= 0 && sold === 0 ? OUT_OF_STOCK : COUNTED;
    // A day known to be in stock without a sale is a real zero: it ends a run.
    const quiet = sold === 0 && !(onHand > 0);
    if (quiet && runStart < 0) runStart = i;
    else if (!quiet && runStart >= 0) {
      if (i - runStart >= PROBABLE_STOCKOUT_MIN_DAYS) {
        if (runCount * 2 === runs.length) runs = grown(runs);
        runs[runCount * 2] = runStart;
        runs[runCount * 2 + 1] = i;
        runCount++;
      }
      runStart = -1;
    }
  }
  if (runStart >= 0 && end - runStart >= PROBABLE_STOCKOUT_MIN_DAYS) {
    if (runCount * 2 === runs.length) runs = grown(runs);
    runs[runCount * 2] = runStart;
    runs[runCount * 2 + 1] = end;
    runCount++;
  }
  return { kinds, runs, runCount };
}

function grown(runs: Int32Array): Int32Array {
  const larger = new Int32Array(runs.length * 2);
  larger.set(runs);
  return larger;
}

/**
 * What each day of history is worth: a day out of stock (stock 0 and no sale) is not a day of zero
 * demand. Without stock records, a long run of days without a sale that chance would hardly explain
 * is a probable stock-out, but only once sales resumed (or stock is 0 now): a run still going on may
 * just as well be demand that stopped.
 *
 * Writes into `kinds` the days `low` to `end` of the history cut at `end`, classified from day
 * `from` on (days before `from` are 0), as if the days after `end` did not exist. `facts` must
 * cover at least days `from` to `end`. Answers the typical rate the probable stock-outs were
 * judged by (over the days before any probable stock-out was left out).
 */
function classifyInto(
  kinds: Uint8Array,
  facts: DayFacts,
  units: ArrayLike<number>,
  launch: number,
  from: number,
  low: number,
  end: number,
  outNow: boolean,
): number {
  const first = Math.max(low, from);
  kinds.fill(0, low, first);
  kinds.set(facts.kinds.subarray(first, end), first);
  // The typical rate: counted days of the last year before `end` since launch.
  let sum = 0;
  let days = 0;
  for (let i = Math.max(launch, end - TYPICAL_RATE_DAYS); i < end; i++) {
    if (facts.kinds[i] === COUNTED && i >= from) {
      sum += units[i]!;
      days++;
    }
  }
  const rate = days > 0 ? sum / days : 0;
  if (rate <= 0) return rate;
  const minRun = probableStockoutDays(rate);
  const { runs, runCount } = facts;
  for (let r = 0; r < runCount; r++) {
    const start = Math.max(runs[r * 2]!, from);
    const stop = Math.min(runs[r * 2 + 1]!, end);
    if (stop <= start) continue;
    // A run cut by `end` is still going on.
    if (stop - start >= minRun && (stop < end || outNow)) {
      for (let k = Math.max(start, low); k < stop; k++)
        if (kinds[k] === COUNTED) kinds[k] = PROBABLE_STOCKOUT;
    }
  }
  return rate;
}

function countedMean(units: ArrayLike<number>, kinds: Uint8Array, from: number, to: number) {
  let sum = 0;
  let days = 0;
  for (let i = Math.max(0, from); i < to; i++) {
    if (kinds[i] === COUNTED) {
      sum += units[i]!;
      days++;
    }
  }
  return { units: sum, days, rate: days > 0 ? sum / days : null };
}

type RateAt = {
  rate: number | null;
  windows: ForecastWindow[];
  fallback: ReturnType<typeof countedMean> | null;
};

function rateFromKinds(units: ArrayLike<number>, kinds: Uint8Array, end: number): RateAt {
  let weighted = 0;
  let weights = 0;
  const windows = WINDOWS.map(({ days, weight }): ForecastWindow => {
    const mean = countedMean(units, kinds, end - days, end);
    if (mean.rate !== null) {
      weighted += weight * mean.rate;
      weights += weight;
    }
    return { days, weight, units: mean.units, inStockDays: mean.days, rate: mean.rate };
  });
  if (weights > 0) return { rate: weighted / weights, windows, fallback: null };
  const fallback = countedMean(units, kinds, end - FALLBACK_WINDOW_DAYS, end);
  return { rate: fallback.rate, windows, fallback };
}

/**
 * The forecast daily rate from the first `end` days of history (the backtest's cut), or null when
 * those days hold no in-stock day since launch.
 */
export function dailyRateAt(history: DailyHistory, end: number, outNow = false): number | null {
  const launch = launchIndex(history, end);
  if (launch >= end) return null;
  // The rate reads no further back than the typical rate's year before the longest window.
  const from = Math.max(launch, end - RATE_LOOK_BACK_DAYS);
  const facts = dayFacts(history, from, end);
  // Cut once: the facts' own kinds can take the probable stock-outs (the typical rate is read first).
  return rateAtCut(history.units, facts, launch, end, outNow, facts.kinds);
}

/** The rate of the history cut at `end`, classified as dailyRateAt does; `kinds` is scratch space. */
function rateAtCut(
  units: ArrayLike<number>,
  facts: DayFacts,
  launch: number,
  end: number,
  outNow: boolean,
  kinds: Uint8Array,
): number | null {
  const from = Math.max(launch, end - RATE_LOOK_BACK_DAYS);
  // The windows read no further back than the fallback's year.
  const low = Math.max(0, end - FALLBACK_WINDOW_DAYS);
  classifyInto(kinds, facts, units, launch, from, low, end, outNow);
  return rateFromKinds(units, kinds, end).rate;
}

function trendOf(units: ArrayLike<number>, kinds: Uint8Array, end: number): number | null {
  const recent = countedMean(units, kinds, end - TREND_RECENT_DAYS, end);
  const older = countedMean(
    units,
    kinds,
    end - TREND_RECENT_DAYS - TREND_OLDER_DAYS,
    end - TREND_RECENT_DAYS,
  );
  if (recent.days < TREND_MIN_DAYS || older.days < TREND_MIN_DAYS) return null;
  if (recent.rate === null || older.rate === null || older.rate === 0) return null;
  return round(recent.rate / older.rate - 1, 4);
}

type SeasonYear = { year: number; ratio: number; ahead: number; before: number };

function seasonYears(units: ArrayLike<number>, kinds: Uint8Array, launch: number, end: number): SeasonYear[] {
  const years: SeasonYear[] = [];
  for (let year = 1; year <= SEASON_YEARS; year++) {
    const from = end - year * YEAR_DAYS;
    if (from - SEASON_BASE_DAYS < launch) break;
    const ahead = countedMean(units, kinds, from, from + FORECAST_HORIZON_DAYS);
    const before = countedMean(units, kinds, from - SEASON_BASE_DAYS, from);
    if (ahead.days < FORECAST_HORIZON_DAYS / 2 || before.days < SEASON_BASE_DAYS / 2) break;
    if (ahead.units + before.units < SEASON_MIN_UNITS || !before.rate) break;
    const raw = (ahead.rate ?? 0) / before.rate;
    years.push({
      year,
      ratio: Math.min(SEASON_RATIO_MAX, Math.max(SEASON_RATIO_MIN, raw)),
      ahead: ahead.rate ?? 0,
      before: before.rate,
    });
  }
  return years;
}

function seasonalityFrom(years: readonly SeasonYear[]): number | null {
  if (years.length === 0) return null;
  const ratio = years.reduce((sum, year) => sum + year.ratio, 0) / years.length;
  return round(1 + SEASON_SHRINK * (ratio - 1), 2);
}

type Accuracy = { value: number; forecasts: number };

/** Rolling origin: the method's own forecasts of the last four 30-day periods, scored. */
function accuracyOf(
  history: DailyHistory,
  facts: DayFacts,
  kinds: Uint8Array,
  launch: number,
  end: number,
): Accuracy | null {
  let absoluteError = 0;
  let actualTotal = 0;
  let forecasts = 0;
  let scratch: Uint8Array | null = null;
  for (let k = 0; k < ACCURACY_CUTS; k++) {
    const cut = end - FORECAST_HORIZON_DAYS - k * ACCURACY_STEP_DAYS;
    if (cut < launch + ACCURACY_MIN_HISTORY_DAYS) break;
    // As dailyRateAt(history, cut): the launch is the same (it is before the cut), and the facts of
    // the whole history hold those of its first `cut` days.
    scratch ??= new Uint8Array(end);
    const rate = rateAtCut(history.units, facts, launch, cut, false, scratch);
    if (rate === null) continue;
    const actual = countedMean(history.units, kinds, cut, cut + FORECAST_HORIZON_DAYS);
    absoluteError += Math.abs(actual.units - rate * actual.days);
    actualTotal += actual.units;
    forecasts++;
  }
  if (forecasts === 0 || actualTotal === 0) return null;
  return { value: round(Math.max(0, 1 - absoluteError / actualTotal), 4), forecasts };
}

/**
 * A formatter built once (toLocaleString builds one per call, which cost milliseconds per
 * forecast) and its answers remembered: a forecast formats some twenty numbers, and the same
 * counts, weights and rates come back from product to product.
 */
function remembered(options: Intl.NumberFormatOptions): (value: number) => string {
  const format = new Intl.NumberFormat('en-US', options);
  const known = new Map<number, string>();
  return (value) => {
    // A map does not tell 0 from -0, which formats as "-0".
    if (value === 0) return format.format(value);
    let text = known.get(value);
    if (text === undefined) {
      if (known.size >= 10_000) known.clear();
      text = format.format(value);
      known.set(value, text);
    }
    return text;
  };
}
const whole = remembered({ maximumFractionDigits: 0 });
const decimal = remembered({ maximumFractionDigits: 2 });
const percentFigure = remembered({ maximumFractionDigits: 1 });
const plural = (count: number, unit: string) => `${whole(count)} ${count === 1 ? unit : `${unit}s`}`;
const percent = (value: number) => `${value > 0 ? '+' : ''}${percentFigure(value * 100)} %`;

function excludedDetail(outOfStock: number, probable: number, minRun: number | null): string {
  if (outOfStock === 0 && probable === 0) return 'No out-of-stock day found: every day since launch counts';
  const parts: string[] = [];
  if (outOfStock > 0) parts.push(`${plural(outOfStock, 'day')} with no stock and no sale`);
  if (probable > 0) {
    parts.push(
      `${plural(probable, 'day')} in runs of ${minRun ?? PROBABLE_STOCKOUT_MIN_DAYS}+ days without a sale (a probable stock-out: chance explains that less than once in 1,000)`,
    );
  }
  return `${parts.join('; ')}. A day without stock is not a day without demand.`;
}

function windowDetail(window: ForecastWindow): string {
  if (window.rate === null) return `No in-stock day in the last ${window.days} days: skipped`;
  const days =
    window.inStockDays === window.days
      ? plural(window.days, 'day')
      : `${window.inStockDays} of the ${window.days} days (the others before the first sale or out of stock)`;
  return `${plural(window.units, 'unit')} over ${days}, weight ${window.weight * 100} %`;
}

function rateDetail(at: RateAt): string {
  if (at.fallback) {
    return `No in-stock day in the last ${WINDOWS.at(-1)!.days} days: ${plural(at.fallback.units, 'unit')} over the last ${plural(at.fallback.days, 'in-stock day')} of the year`;
  }
  const used = at.windows.filter((window) => window.rate !== null);
  const total = used.reduce((sum, window) => sum + window.weight, 0);
  const terms = used.map((window) => `${decimal(window.weight / total)} × ${decimal(window.rate!)}`);
  return `Weighted average of the windows: ${terms.join(' + ')}`;
}

function seasonalityDetail(years: readonly SeasonYear[], suggestion: number | null): string {
  if (suggestion === null) return 'Needs a year of history with sales around these weeks';
  const ratios = years.map(
    (year) => `${year.year === 1 ? 'last year' : `${year.year} years ago`} ${decimal(round(year.ratio, 2))}×`,
  );
  return `The next 30 days sold ${ratios.join(', ')} the 8 weeks before them; one year is a noisy guide, so a quarter of that change is suggested. Set it as the product's seasonality to use it.`;
}

/**
 * The forecast of one product from its daily history, or null when the history holds no in-stock
 * day since launch (the restock engine then uses the 30-day fields and says so).
 */
export function forecastDemand(history: DailyHistory, options: ForecastOptions = {}): Forecast | null {
  const end = history.units.length;
  const launch = launchIndex(history, end);
  if (launch >= end) return null;
  const outNow = options.currentStock === 0;
  const facts = dayFacts(history, launch, end);
  const kinds = new Uint8Array(end);
  classifyInto(kinds, facts, history.units, launch, launch, 0, end, outNow);
  const at = rateFromKinds(history.units, kinds, end);
  if (at.rate === null) return null;

  let outOfStock = 0;
  let probable = 0;
  for (let i = launch; i < end; i++) {
    if (kinds[i] === OUT_OF_STOCK) outOfStock++;
    else if (kinds[i] === PROBABLE_STOCKOUT) probable++;
  }
  // Over the days that count, probable stock-outs left out: the rate the excluded days are told by.
  const typical = typicalRate(history.units, kinds, launch, end);
  const dailyRate = round(at.rate, 4);
  const trend = trendOf(history.units, kinds, end);
  const years = seasonYears(history.units, kinds, launch, end);
  const seasonalitySuggestion = seasonalityFrom(years);
  const accuracy = accuracyOf(history, facts, kinds, launch, end);
  const firstDay = isoDay(history.start + launch);
  const lastDay = isoDay(history.start + end - 1);
  const days = end - launch;

  const steps: ForecastStep[] = [
    {
      key: 'history',
      label: 'Daily history',
      value: days,
      detail: `${plural(days, 'day')} from ${firstDay} to ${lastDay}${launch > 0 ? ' (days before the first sale do not count)' : ''}`,
    },
    {
      key: 'excluded',
      label: 'Days left out',
      value: outOfStock + probable,
      detail: excludedDetail(outOfStock, probable, typical > 0 ? probableStockoutDays(typical) : null),
    },
    ...at.windows.map(
      (window): ForecastStep => ({
        key: 'window',
        label: `Last ${window.days} days`,
        value: window.rate === null ? null : round(window.rate, 4),
        detail: windowDetail(window),
      }),
    ),
    { key: 'daily_rate', label: 'Forecast daily sales', value: dailyRate, detail: rateDetail(at) },
    {
      key: 'trend',
      label: 'Trend',
      value: trend,
      detail:
        trend === null
          ? 'Needs 90 days with at least 14 in-stock days in each part'
          : `Last 30 days ${percent(trend)} against the 60 before; shown, not extended into the future (that made forecasts worse on real data)`,
    },
    {
      key: 'seasonality',
      label: 'Suggested seasonality',
      value: seasonalitySuggestion,
      detail: seasonalityDetail(years, seasonalitySuggestion),
    },
    {
      key: 'accuracy',
      label: 'Forecast accuracy',
      value: accuracy?.value ?? null,
      detail: accuracy
        ? `1 − WAPE of this method's forecasts of the last ${plural(accuracy.forecasts, '30-day period')}, each made from the history before it`
        : 'Needs at least 60 days of history with sales',
    },
  ];

  return {
    method: FORECAST_METHOD,
    dailyRate,
    trend,
    seasonalitySuggestion,
    accuracy: accuracy?.value ?? null,
    firstDay,
    lastDay,
    windows: at.windows,
    excludedStockOutDays: outOfStock,
    excludedProbableStockOutDays: probable,
    steps,
  };
}
