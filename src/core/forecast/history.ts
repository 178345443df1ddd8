import type { DailyHistory } from './forecast';

/** Day numbers and their values, as two parallel arrays (as PostgreSQL's array_agg returns them). */
export type DayColumns = { days: ArrayLike<number>; values: ArrayLike<number> };

const NONE: DayColumns = { days: [], values: [] };

/**
 * A dense daily history from sparse rows: every day from the first row (sales or stock) to
 * `lastDay`, a day without a sales row being a day without sales and a day without a stock row
 * being unknown stock. Rows after `lastDay` are ignored. Null without any row up to `lastDay`.
 */
export function denseHistory(
  sales: DayColumns,
  stock: DayColumns = NONE,
  lastDay: number,
): DailyHistory | null {
  let start = Number.POSITIVE_INFINITY;
  for (let i = 0; i < sales.days.length; i++) if (sales.days[i]! < start) start = sales.days[i]!;
  for (let i = 0; i < stock.days.length; i++) if (stock.days[i]! < start) start = stock.days[i]!;
  if (!(start <= lastDay)) return null;
  const length = lastDay - start + 1;
  const units = new Float64Array(length);
  for (let i = 0; i < sales.days.length; i++) {
    const day = sales.days[i]!;
    if (day <= lastDay) units[day - start]! += sales.values[i]!;
  }
  let stockDays: Float64Array | null = null;
  if (stock.days.length > 0) {
    stockDays = new Float64Array(length).fill(Number.NaN);
    for (let i = 0; i < stock.days.length; i++) {
      const day = stock.days[i]!;
      if (day <= lastDay) stockDays[day - start] = stock.values[i]!;
    }
  }
  return { start, units, stock: stockDays };
}
