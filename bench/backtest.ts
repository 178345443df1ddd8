import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  type BacktestOptions,
  backtestMethod,
  DEFAULT_BACKTEST,
  type Forecaster,
  type MethodScore,
  ourForecast,
  thirtyDayAverage,
  thirtyDayInStockAverage,
} from '../src/core/forecast/backtest';
import { dayNumber, isoDay } from '../src/core/forecast/days';
import { BUILT_IN_DEFAULTS } from '../src/core/restock/calculation-defaults';

// npm run backtest -- FILE [--horizon 30]
// Replays a long CSV `sku,date,units` (any column order, a header naming the three; days missing
// between a sku's first row and the file's last day are days without sales; duplicate lines of a
// sku and day add up, as order lines do) and prints our forecast beside the plain 30-day average.

const USAGE =
  'usage: npm run backtest -- FILE [--horizon 30] [--order 7] [--prep 3] [--amz 10] [--desired 30]';

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > 3650) {
    throw new Error(`--${name} must be a whole number of days from 0 to 3650, not "${text}"`);
  }
  return value;
}

type Series = { days: number[]; units: number[] };

/** Reads the file line by line: a million lines stay a few arrays of numbers, never one string. */
async function readSeries(file: string) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  const series = new Map<string, Series>();
  let columns: { sku: number; date: number; units: number } | null = null;
  let lineNumber = 0;
  let lastDay = Number.NEGATIVE_INFINITY;
  let firstDay = Number.POSITIVE_INFINITY;
  let rows = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const cells = line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''));
    if (!columns) {
      const header = cells.map((cell) => cell.toLowerCase().replace(/^\uFEFF/, ''));
      columns = { sku: header.indexOf('sku'), date: header.indexOf('date'), units: header.indexOf('units') };
      if (columns.sku < 0 || columns.date < 0 || columns.units < 0) {
        throw new Error(
          `line 1: the header must name the columns sku, date and units, not "${line.slice(0, 80)}"`,
        );
      }
      continue;
    }
    const sku = cells[columns.sku] ?? '';
    const day = dayNumber(cells[columns.date] ?? '');
    const units = Number(cells[columns.units]);
    if (sku === '') throw new Error(`line ${lineNumber}: sku is empty`);
    if (day === null)
      throw new Error(`line ${lineNumber}: date "${cells[columns.date]}" is not a YYYY-MM-DD date`);
    if (!Number.isInteger(units) || units < 0) {
      throw new Error(
        `line ${lineNumber}: units "${cells[columns.units]}" is not a whole number of 0 or more`,
      );
    }
    let entry = series.get(sku);
    if (!entry) {
      entry = { days: [], units: [] };
      series.set(sku, entry);
    }
    entry.days.push(day);
    entry.units.push(units);
    if (day > lastDay) lastDay = day;
    if (day < firstDay) firstDay = day;
    rows++;
  }
  if (rows === 0) throw new Error('the file has no rows');
  return { series, firstDay, lastDay, rows };
}

/** Each sku's daily units from its first row to the file's last day. */
function denseSeries(series: Map<string, Series>, lastDay: number): Float64Array[] {
  return [...series.values()].map(({ days, units }) => {
    const start = Math.min(...days);
    const dense = new Float64Array(lastDay - start + 1);
    for (let i = 0; i < days.length; i++) dense[days[i]! - start]! += units[i]!;
    return dense;
  });
}

const fixed = (value: number, digits: number) => value.toFixed(digits);
const signedPercent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;
const count = (value: number) => value.toLocaleString('en-US');

function table(title: string, names: readonly string[], scores: readonly MethodScore[]) {
  const rows: Array<[string, (score: MethodScore) => string]> = [
    ['WAPE (30-day totals)', (s) => fixed(s.wape, 4)],
    ['bias', (s) => signedPercent(s.bias)],
    ['stock-out days', (s) => count(s.stockoutDays)],
    ['days of inventory held', (s) => fixed(s.daysOfInventory, 1)],
    ['fill rate', (s) => `${(s.fillRate * 100).toFixed(2)} %`],
  ];
  console.log(`\n${title}`);
  console.log(`${''.padEnd(26)}${names.map((name) => name.padStart(22)).join('')}`);
  for (const [label, cell] of rows) {
    console.log(`${label.padEnd(26)}${scores.map((score) => cell(score).padStart(22)).join('')}`);
  }
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      horizon: { type: 'string' },
      order: { type: 'string' },
      prep: { type: 'string' },
      amz: { type: 'string' },
      desired: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error(USAGE);
  const horizon = positiveInteger('horizon', values.horizon, DEFAULT_BACKTEST.horizon);
  if (horizon < 1) throw new Error('--horizon must be at least 1 day');
  const order = positiveInteger('order', values.order, BUILT_IN_DEFAULTS.order_lead_time);
  const prep = positiveInteger('prep', values.prep, BUILT_IN_DEFAULTS.prep_lead_time);
  const amz = positiveInteger('amz', values.amz, BUILT_IN_DEFAULTS.amz_lead_time);
  const desired = positiveInteger('desired', values.desired, BUILT_IN_DEFAULTS.desired_days_of_inventory);

  const started = performance.now();
  const { series, firstDay, lastDay, rows } = await readSeries(file);
  const dense = denseSeries(series, lastDay);
  const options: BacktestOptions = {
    ...DEFAULT_BACKTEST,
    horizon,
    policy: {
      ...DEFAULT_BACKTEST.policy,
      defaults: {
        order_lead_time: order,
        prep_lead_time: prep,
        amz_lead_time: amz,
        desired_days_of_inventory: desired,
      },
    },
  };

  const run = (forecaster: Forecaster, view: BacktestOptions['view']) =>
    backtestMethod(dense, forecaster, { ...options, view });
  const ours = run(ourForecast, 'demand');
  const baseline = run(thirtyDayAverage, 'demand');

  console.log(
    `backtest of ${file}: ${count(series.size)} series, ${count(rows)} rows, ${isoDay(firstDay)} to ${isoDay(lastDay)}`,
  );
  console.log(
    `${count(ours.forecasts)} forecasts of the next ${horizon} days (weekly cuts from 30 days after each series' first sale); ` +
      `policy: review weekly, lead time ${order + prep + amz} days (order ${order} + prep ${prep} + amz ${amz}), ${desired} desired days`,
  );
  table('the file is demand, forecasts see all of it:', ['ours', '30-day average'], [ours, baseline]);
  table(
    'lost sales go unrecorded (forecasts see units sold and end-of-day stock):',
    ['ours', '30-day average', 'in-stock 30-day avg'],
    [run(ourForecast, 'sold'), run(thirtyDayAverage, 'sold'), run(thirtyDayInStockAverage, 'sold')],
  );
  console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `backtest: wape=${fixed(ours.wape, 4)} baseline_wape=${fixed(baseline.wape, 4)} stockout_days=${ours.stockoutDays} baseline_stockout_days=${baseline.stockoutDays}`,
  );
}

main().catch((error: unknown) => {
  console.error(`backtest: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
