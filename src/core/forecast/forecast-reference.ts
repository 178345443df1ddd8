import { isoDay } from './days';
import type { DailyHistory, Forecast, ForecastOptions, ForecastStep, ForecastWindow } from './forecast';

// The forecast written the plain way, day by day and kind by kind, as it was before the fast one
// in forecast.ts: kept only so that a property test can check that both give exactly the same
// forecast. A change of the method or of its wording is made in both.

const FORECAST_METHOD = 'weighted-windows';
/** The windows, in days before the last day of history, and their weights (they sum to 1). */
const WINDOWS: readonly { days: number; weight: number }[] = [
  { days: 7, weight: 0.25 },
  { days: 30, weight: 0.25 },
  { days: 60, weight: 0.25 },
  { days: 90, weight: 0.25 },
];
const FORECAST_HORIZON_DAYS = 30;

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
function probableStockoutDays(rate: number): number {
  return Math.max(PROBABLE_STOCKOUT_MIN_DAYS, Math.ceil(Math.log(1 / PROBABLE_STOCKOUT_CHANCE) / rate));
}

/**
 * What each day of history is worth: a day out of stock (stock 0 and no sale) is not a day of zero
 * demand. Without stock records, a long run of days without a sale that chance would hardly explain
 * is a probable stock-out, but only once sales resumed (or stock is 0 now): a run still going on may
 * just as well be demand that stopped.
 */
function classifyDays(
  history: DailyHistory,
  launch: number,
  end: number,
  outNow: boolean,
  lookBack = Number.POSITIVE_INFINITY,
): Uint8Array {
  const { units, stock } = history;
  const kinds = new Uint8Array(end);
  const from = Math.max(launch, end - lookBack);
  for (let i = from; i < end; i++) {
    kinds[i] = stock !== null && stock[i]! <= 0 && units[i] === 0 ? OUT_OF_STOCK : COUNTED;
  }
  const rate = typicalRate(units, kinds, launch, end);
  if (rate <= 0) return kinds;
  const minRun = probableStockoutDays(rate);
  let i = from;
  while (i < end) {
    // A day known to be in stock without a sale is a real zero: it ends the run.
    if (units[i] !== 0 || (stock !== null && stock[i]! > 0)) {
      i++;
      continue;
    }
    let j = i;
    while (j < end && units[j] === 0 && !(stock !== null && stock[j]! > 0)) j++;
    if (j - i >= minRun && (j < end || outNow)) {
      for (let k = i; k < j; k++) if (kinds[k] === COUNTED) kinds[k] = PROBABLE_STOCKOUT;
    }
    i = j;
  }
  return kinds;
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
export function referenceDailyRateAt(history: DailyHistory, end: number, outNow = false): number | null {
  const launch = launchIndex(history, end);
  if (launch >= end) return null;
  // The rate reads no further back than the typical rate's year before the longest window.
  return rateFromKinds(history.units, classifyDays(history, launch, end, outNow, RATE_LOOK_BACK_DAYS), end)
    .rate;
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
function accuracyOf(history: DailyHistory, kinds: Uint8Array, launch: number, end: number): Accuracy | null {
  let absoluteError = 0;
  let actualTotal = 0;
  let forecasts = 0;
  for (let k = 0; k < ACCURACY_CUTS; k++) {
    const cut = end - FORECAST_HORIZON_DAYS - k * ACCURACY_STEP_DAYS;
    if (cut < launch + ACCURACY_MIN_HISTORY_DAYS) break;
    const rate = referenceDailyRateAt(history, cut);
    if (rate === null) continue;
    const actual = countedMean(history.units, kinds, cut, cut + FORECAST_HORIZON_DAYS);
    absoluteError += Math.abs(actual.units - rate * actual.days);
    actualTotal += actual.units;
    forecasts++;
  }
  if (forecasts === 0 || actualTotal === 0) return null;
  return { value: round(Math.max(0, 1 - absoluteError / actualTotal), 4), forecasts };
}

// Built once: toLocaleString builds a formatter per call, which cost milliseconds per forecast.
const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const plural = (count: number, unit: string) =>
  `${wholeFormat.format(count)} ${count === 1 ? unit : `${unit}s`}`;
const decimal = (value: number) => decimalFormat.format(value);
const percent = (value: number) => `${value > 0 ? '+' : ''}${percentFormat.format(value * 100)} %`;

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
export function referenceForecastDemand(
  history: DailyHistory,
  options: ForecastOptions = {},
): Forecast | null {
  const end = history.units.length;
  const launch = launchIndex(history, end);
  if (launch >= end) return null;
  const outNow = options.currentStock === 0;
  const kinds = classifyDays(history, launch, end, outNow);
  const at = rateFromKinds(history.units, kinds, end);
  if (at.rate === null) return null;

  let outOfStock = 0;
  let probable = 0;
  for (let i = launch; i < end; i++) {
    if (kinds[i] === OUT_OF_STOCK) outOfStock++;
    else if (kinds[i] === PROBABLE_STOCKOUT) probable++;
  }
  const typical = typicalRate(history.units, kinds, launch, end);
  const dailyRate = round(at.rate, 4);
  const trend = trendOf(history.units, kinds, end);
  const years = seasonYears(history.units, kinds, launch, end);
  const seasonalitySuggestion = seasonalityFrom(years);
  const accuracy = accuracyOf(history, kinds, launch, end);
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
