/**
 * `npx tsx bench/history-cpu.ts [parse|compute]`: the two CPU-bound parts of `bench:history`
 * without a database, for profiling (`node --cpu-prof --import tsx bench/history-cpu.ts`). The
 * parse reads the same 1,000,000 All Orders lines the way the web worker does; the compute
 * forecasts 10,000 products of 730 days (as the bench seeds them) and serialises their steps
 * as the forecast write does. Prints figures and the load average; asserts nothing.
 */
import os from 'node:os';
import { utcDayOf } from '../src/core/forecast/days';
import { type DailyHistory, forecastDemand } from '../src/core/forecast/forecast';
import { NO_ROW, type PackedSeries, seriesHistory } from '../src/core/forecast/series';
import { allOrdersLines, DAYS, ORDER_DAYS, ORDER_LINES, PRODUCTS, parseOrders } from './history-orders';
import { median, ms } from './support';

const RUNS = Number(process.env.RUNS ?? 3);

const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

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
      `  parse ${i + 1}: ${ms(run.ms)} (CPU ${ms(run.cpu)}), ${run.result.columns.mskuOf.length} rows (${load()})`,
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
