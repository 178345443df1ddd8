/**
 * The catalogue and the All Orders report of `bench:history` (and of `bench/history-cpu.ts`):
 * 10,000 products × 730 days, the last 100 of them as 1,000,000 order lines, read row by row the
 * way the web worker reads a file.
 */
import { isoDay } from '../src/core/forecast/days';
import {
  type HistoryAccumulator,
  historyAccumulator,
  type ParsedHistory,
  recognizeHistoryReport,
} from '../src/core/sales-history/reports';

export const PRODUCTS = 10_000;
export const DAYS = 730;
export const ORDER_DAYS = 100;
export const ORDER_LINES = 1_000_000;

/** Product names sort like their numbers, so that seeded rows arrive in primary-key order. */
export const sku = (product: number) => `BENCH-${String(product).padStart(5, '0')}`;

const HEADER =
  'amazon-order-id\tpurchase-date\torder-status\tsales-channel\tsku\titem-status\tquantity\titem-price';

/** Seconds from 08:00 UTC to midnight: midnight to 16:00 or later in Los Angeles, the same day. */
const SECONDS_FROM = 8 * 3600;
const SECONDS_SPREAD = 16 * 3600;
const two = (value: number) => String(value).padStart(2, '0');

/**
 * 1,000,000 order lines over the last 100 days: a line per product and day, some of two units,
 * one in 97 cancelled. Times spread over the day as in a real report (10,000 orders a day), so a
 * parser cannot lean on every line of a day sharing one time stamp.
 */
export function allOrdersLines(lastDay: number): string[] {
  const lines = [HEADER];
  for (let i = 0; i < ORDER_LINES; i++) {
    const product = i % PRODUCTS;
    const day = lastDay - ORDER_DAYS + 1 + Math.floor(i / PRODUCTS);
    const second = SECONDS_FROM + ((i * 7919) % SECONDS_SPREAD);
    const time = `${two(Math.floor(second / 3600))}:${two(Math.floor(second / 60) % 60)}:${two(second % 60)}`;
    const status = i % 97 === 0 ? 'Cancelled' : 'Shipped';
    lines.push(
      `111-${i}\t${isoDay(day)}T${time}+00:00\t${status}\tAmazon.com\t${sku(product)}\t${status}\t${1 + (i % 3 === 0 ? 1 : 0)}\t9.99`,
    );
  }
  return lines;
}

/** About the lines of the web worker's 1 MiB chunk. */
const LINES_PER_CHUNK = 10_000;

/**
 * Reads tab-separated lines into the accumulator as the worker's parser does: an array of cells per
 * row, and `betweenChunks` called where the worker's chunks of the file end.
 */
export function parseOrders(
  lines: readonly string[],
  today: number,
  betweenChunks: (accumulator: HistoryAccumulator) => void = () => {},
): ParsedHistory {
  const headers = lines[0]!.split('\t');
  const report = recognizeHistoryReport(headers);
  if (!report) throw new Error('the generated report is not recognised');
  const accumulator = historyAccumulator(report, today);
  for (let i = 1; i < lines.length; i++) {
    const problem = accumulator.addCells(headers, lines[i]!.split('\t'));
    if (problem) throw new Error(problem.message);
    if (i % LINES_PER_CHUNK === 0) betweenChunks(accumulator);
  }
  const parsed = accumulator.finish();
  if ('ok' in parsed) throw new Error(parsed.message);
  return parsed;
}
