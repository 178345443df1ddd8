import { dayNumber } from '../../../core/forecast/days';
import type { ProductHistory } from './api';

const SECONDS_PER_DAY = 86_400;

/**
 * The drawer chart's columns, one entry per day from the first day of history to the end of the
 * projection: x in seconds (uPlot's time axis), sales and stock where known, the forecast on the
 * last day of history (so the dashed line starts where the bars end) and every projected day.
 */
export function chartColumns(
  history: ProductHistory,
): [number[], (number | null)[], (number | null)[], (number | null)[]] {
  const days = [
    ...history.sales.map((row) => row.day),
    ...history.stock.map((row) => row.day),
    ...history.projection.map((row) => row.day),
  ]
    .map((day) => dayNumber(day))
    .filter((day): day is number => day !== null);
  const last = history.lastDay ? dayNumber(history.lastDay) : null;
  if (last !== null) days.push(last);
  if (days.length === 0) return [[], [], [], []];
  const first = Math.min(...days);
  const end = Math.max(...days);
  const length = end - first + 1;
  const x = Array.from({ length }, (_, i) => (first + i) * SECONDS_PER_DAY);
  const sales: (number | null)[] = Array.from({ length }, (_, i) =>
    last !== null && first + i <= last ? 0 : null,
  );
  const stock: (number | null)[] = new Array(length).fill(null);
  const forecast: (number | null)[] = new Array(length).fill(null);
  for (const row of history.sales) sales[dayNumber(row.day)! - first] = row.units;
  for (const row of history.stock) stock[dayNumber(row.day)! - first] = row.available;
  for (const row of history.projection) forecast[dayNumber(row.day)! - first] = row.units;
  if (last !== null && history.projection[0]) forecast[last - first] = history.projection[0].units;
  return [x, sales, stock, forecast];
}
