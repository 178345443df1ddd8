import type { DailyHistory } from './forecast';

/**
 * A product's daily history packed into two arrays (decision 012): `units[i]` and `stock[i]` are
 * the values of day `start + i`, NO_ROW where that day has no row. The forecasts read one such
 * series per product instead of one row per product and day.
 */
export type PackedSeries = { start: number; units: Int32Array; stock: Int32Array | null };

export type SeriesKind = 'units' | 'stock';

/** A day without a row: units and stock are never negative. */
export const NO_ROW = -1;

/** `values` of a series starting on day `from`, moved onto one starting on the earlier `start`. */
function movedTo(values: Int32Array, from: number, start: number): Int32Array {
  if (from === start) return values;
  const out = new Int32Array(values.length + (from - start)).fill(NO_ROW);
  out.set(values, from - start);
  return out;
}

/**
 * The series with the given days of one kind written in (each replacing what the day held), the
 * other kind kept. `days` and `values` are parallel.
 */
export function withDays(
  series: PackedSeries | null,
  kind: SeriesKind,
  days: ArrayLike<number>,
  values: ArrayLike<number>,
): PackedSeries {
  const current = series ? series[kind] : null;
  let start = series ? series.start : Number.POSITIVE_INFINITY;
  let end = series && current ? series.start + current.length - 1 : Number.NEGATIVE_INFINITY;
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    if (day < start) start = day;
    if (day > end) end = day;
  }
  if (!Number.isFinite(start)) return series ?? { start: 0, units: new Int32Array(0), stock: null };
  const written = new Int32Array(Math.max(0, end - start + 1)).fill(NO_ROW);
  if (series && current) written.set(current, series.start - start);
  for (let i = 0; i < days.length; i++) written[days[i]! - start] = values[i]!;
  const other = series ? series[kind === 'units' ? 'stock' : 'units'] : null;
  const kept = series && other ? movedTo(other, series.start, start) : null;
  return kind === 'units'
    ? { start, units: written, stock: kept }
    : // Every series has units, if none: the product has stock rows only.
      { start, units: kept ?? new Int32Array(0), stock: written };
}

/**
 * The forecast's daily history from a packed series, read as the rows of days `fromDay` to
 * `lastDay` would be: it starts on the first day with a row (sales or stock), a day without a
 * sales row sold nothing and a day without a stock row has unknown stock (NaN); stock is null
 * when no day of the window has a stock row. Null when no day of the window has a sales row (such
 * a product gets no forecast).
 */
export function seriesHistory(series: PackedSeries, fromDay: number, lastDay: number): DailyHistory | null {
  const { start, units, stock } = series;
  const unitsEnd = Math.min(lastDay, start + units.length - 1);
  const stockEnd = stock ? Math.min(lastDay, start + stock.length - 1) : Number.NEGATIVE_INFINITY;
  const from = Math.max(fromDay, start);
  let firstSales = Number.POSITIVE_INFINITY;
  for (let day = from; day <= unitsEnd; day++) {
    if (units[day - start] !== NO_ROW) {
      firstSales = day;
      break;
    }
  }
  if (firstSales === Number.POSITIVE_INFINITY) return null;
  let firstStock = Number.POSITIVE_INFINITY;
  if (stock) {
    for (let day = from; day <= stockEnd; day++) {
      if (stock[day - start] !== NO_ROW) {
        firstStock = day;
        break;
      }
    }
  }
  const first = Math.min(firstSales, firstStock);
  const length = lastDay - first + 1;
  const dense = new Float64Array(length);
  for (let day = firstSales; day <= unitsEnd; day++) {
    const value = units[day - start]!;
    if (value !== NO_ROW) dense[day - first] = value;
  }
  let denseStock: Float64Array | null = null;
  if (stock && firstStock !== Number.POSITIVE_INFINITY) {
    denseStock = new Float64Array(length).fill(Number.NaN);
    for (let day = firstStock; day <= stockEnd; day++) {
      const value = stock[day - start]!;
      if (value !== NO_ROW) denseStock[day - first] = value;
    }
  }
  return { start: first, units: dense, stock: denseStock };
}
