/**
 * `npx tsx bench/history-cpu.ts [parse|compute]`: the two CPU-bound parts of `bench:history`
 * without a database, for profiling (`node --cpu-prof --import tsx bench/history-cpu.ts`). The
 * parse reads the same 1,000,000 All Orders lines the way the web worker does; the compute
 * forecasts 10,000 products of 730 days (as the bench seeds them) and serialises their steps
 * as the forecast write does. Prints figures and the load average; asserts nothing.
 */
import os from 'node:os';
import { isoDay, utcDayOf } from '../src/core/forecast/days';
import { type DailyHistory, forecastDemand } from '../src/core/forecast/forecast';
import { NO_ROW, type PackedSeries, seriesHistory } from '../src/core/forecast/series';
import { historyAccumulator, recognizeHistoryReport } from '../src/core/sales-history/reports';
import { median, ms } from './support';

const PRODUCTS = 10_000;
const DAYS = 730;
const ORDER_DAYS = 100;
const ORDER_LINES = 1_000_000;
const RUNS = Number(process.env.RUNS ?? 3);

const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

const sku = (product: number) => `BENCH-${String(product).padStart(5, '0')}`;
const HEADER =
  'amazon-order-id\tpurchase-date\torder-status\tsales-channel\tsku\titem-status\tquantity\titem-price';

/** The lines of `bench:history`: a line per product and day over the last 100 days. */
function allOrdersLines(lastDay: number): string[] {
  const lines = [HEADER];
  for (let i = 0; i < ORDER_LINES; i++) {
    const product = i % PRODUCTS;
    const day = lastDay - ORDER_DAYS + 1 + Math.floor(i / PRODUCTS);
    // Seconds vary as in real reports; 20:00 UTC is noon in Los Angeles.
    const stamp = `${isoDay(day)}T20:${String(i % 60).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}+00:00`;
    const status = i % 97 === 0 ? 'Cancelled' : 'Shipped';
    lines.push(
      `111-${i}\t${stamp}\t${status}\tAmazon.com\t${sku(product)}\t${status}\t${1 + (i % 3 === 0 ? 1 : 0)}\t9.99`,
    );
  }
  return lines;
}

/** As bench:history's parseOrders: one object per row, keyed by the header, as PapaParse gives them. */
function parseOrders(lines: readonly string[], today: number) {
  const headers = lines[0]!.split('\t');
  const report = recognizeHistoryReport(headers);
  if (!report) throw new Error('the generated report is not recognised');
  const accumulator = historyAccumulator(report, today);
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i]!.split('\t');
    const row: Record<string, string> = {};
    for (let c = 0; c < headers.length; c++) row[headers[c]!] = cells[c] ?? '';
    const problem = accumulator.add(row);
    if (problem) throw new Error(problem.message);
  }
  const parsed = accumulator.finish();
  if ('ok' in parsed) throw new Error(parsed.message);
  return parsed;
}

/** Series as bench:history seeds them (630 days of 0–4 units) plus its 100 days of orders. */
function benchSeries(lastDay: number): PackedSeries[] {
  const first = lastDay - DAYS + 1;
  const series: PackedSeries[] = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const units = new Int32Array(DAYS).fill(NO_ROW);
    for (let d = 0; d < DAYS - ORDER_DAYS; d++) units[d] = (p + d * 7) % 5;
    for (let d = DAYS - ORDER_DAYS; d < DAYS; d++) {
      const i = (d - (DAYS - ORDER_DAYS)) * PRODUCTS + p;
      units[d] = i % 97 === 0 ? 0 : 1 + (i % 3 === 0 ? 1 : 0);
    }
    series.push({ start: first, units, stock: null });
  }
  return series;
}

function compute(series: readonly PackedSeries[], lastDay: number) {
  let bytes = 0;
  let checksum = 0;
  for (let p = 0; p < series.length; p++) {
    const history = seriesHistory(series[p]!, lastDay - 800 + 1, lastDay);
    // A tenth of the products are out of stock now, as the restock bench's catalogue has.
    const forecast = history && forecastDemand(history, { currentStock: p % 10 === 0 ? 0 : p % 200 });
    if (!forecast) continue;
    bytes += JSON.stringify(forecast.steps).length;
    checksum += forecast.dailyRate + (forecast.accuracy ?? 0);
  }
  return { bytes, checksum };
}

/** Wall time, and the process's own CPU time: on a shared machine the latter varies less. */
/** forecastDemand alone, on histories read beforehand, nothing serialised. */
function forecastOnly(histories: readonly (DailyHistory | null)[]) {
  let checksum = 0;
  for (let p = 0; p < histories.length; p++) {
    const history = histories[p];
    const forecast = history && forecastDemand(history, { currentStock: p % 10 === 0 ? 0 : p % 200 });
    if (forecast) checksum += forecast.dailyRate + forecast.steps.length;
  }
  return checksum;
}

function time<T>(run: () => T): { ms: number; cpu: number; result: T } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpu: (used.user + used.system) / 1000, result };
}

const what = process.argv[2] ?? 'both';
const today = utcDayOf(Date.now());
const lastDay = today - 1;
console.log(`history-cpu at ${load()} on ${os.cpus().length} CPUs`);
if (what === 'parse' || what === 'both') {
  const lines = allOrdersLines(lastDay);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = time(() => parseOrders(lines, today));
    runs.push(run.ms);
    console.log(
      `  parse ${i + 1}: ${ms(run.ms)} (CPU ${ms(run.cpu)}), ${run.result.rows.length} rows (${load()})`,
    );
  }
  console.log(`parse of ${ORDER_LINES.toLocaleString('en-US')} order lines: median ${ms(median(runs))}`);
}
if (what === 'compute' || what === 'both') {
  const series = benchSeries(lastDay);
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = time(() => compute(series, lastDay));
    runs.push(run.ms);
    console.log(
      `  compute ${i + 1}: ${ms(run.ms)} (CPU ${ms(run.cpu)}), steps ${run.result.bytes} bytes, checksum ${run.result.checksum.toFixed(4)} (${load()})`,
    );
  }
  console.log(`compute of ${PRODUCTS.toLocaleString('en-US')} forecasts: median ${ms(median(runs))}`);
  const histories = series.map((one) => seriesHistory(one, lastDay - 800 + 1, lastDay));
  const alone: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = time(() => forecastOnly(histories));
    alone.push(run.cpu);
  }
  console.log(
    `  forecastDemand alone, CPU: median ${ms(median(alone))}, least ${ms(Math.min(...alone))} (${load()})`,
  );
}
