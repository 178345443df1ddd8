/**
 * `npm run bench:index`: prints, in Node, what the page's table index costs the first time each
 * thing is asked of a freshly decoded table (BENCH_ROWS products, 100,000 by default): decoding
 * the compact answer as it arrives, the default order, the product search text and a first
 * search, a first range filter, a first flag filter, a first sort by a text column and by a number
 * column. Each figure is the median of BENCH_RUNS (5) runs, each on a table decoded anew, with a
 * full garbage collection before each step (run with --expose-gc), so that one step's garbage is
 * not timed in the next. Then the collector's pauses while decoding and the JS heap the decoded
 * table holds; run with V8's default young generation, as a page's. No server and no browser: the
 * index's own cost, apart from the page's.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { BUILT_IN_DEFAULTS } from '../src/core/restock/calculation-defaults';
import { RESTOCK_COLUMNS } from '../src/core/restock/columns';
import { COMPACT_ANSWER_END, CompactAnswerReader, compactAnswerHead } from '../src/core/restock/compact-rows';
import { demoProducts } from '../src/core/restock/demo-products';
import { deriveFields } from '../src/core/restock/engine';
import type { GridRow } from '../src/core/restock/grid-column';
import type { Filters } from '../src/core/restock/grid-filters';
import type { SortColumn } from '../src/core/restock/grid-sort';
import { TableIndex } from '../src/core/restock/table-index';
import { median, ms, runBench } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// The pieces the page's stream reader is handed, about.
const PIECE_CHARS = 64 * 1024;
const ROWS_PER_LINE = 500;

/** The whole table's answer as the server frames it, cut in pieces as a stream delivers it. */
function answerPieces(): string[] {
  const rows = demoProducts(ROWS).map((product) => ({
    ...product,
    ...deriveFields(product, BUILT_IN_DEFAULTS),
    id: product.msku,
  }));
  const keys = Object.keys(rows[0] ?? {});
  const lines = [compactAnswerHead(keys)];
  for (let from = 0; from < rows.length; from += ROWS_PER_LINE) {
    const slice = rows
      .slice(from, from + ROWS_PER_LINE)
      .map((row) => keys.map((key) => row[key as keyof typeof row]));
    const json = JSON.stringify(slice).slice(1, -1);
    lines.push(from === 0 ? json : `,${json}`);
  }
  lines.push(COMPACT_ANSWER_END);
  const text = lines.join('\n');
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += PIECE_CHARS) pieces.push(text.slice(at, at + PIECE_CHARS));
  return pieces;
}

const byProduct: SortColumn[] = [];
const STEPS: Array<[string, (index: TableIndex<GridRow>) => unknown]> = [
  ['default order (product: title, then msku)', (index) => index.sortedOrder(byProduct, RESTOCK_COLUMNS)],
  ['product search text, every row', (index) => index.prepareSearch(0, index.rows.length)],
  [
    'first product search "lamp 42"',
    (index) =>
      index.filterOrder(
        index.sortedOrder(byProduct, RESTOCK_COLUMNS),
        { product: 'lamp 42' },
        RESTOCK_COLUMNS,
      ),
  ],
  ['first range filter cost ≥ 20', (index) => filterAlone(index, { cost: [true, '20'] })],
  ['first text filter supplier "acme"', (index) => filterAlone(index, { supplier: 'acme' })],
  ['first flag filter replen checked', (index) => filterAlone(index, { replen: 1 })],
  [
    'first sort by supplier',
    (index) => index.sortedOrder([{ columnKey: 'supplier', direction: 'ASC' }], RESTOCK_COLUMNS),
  ],
  [
    'first sort by To Buy desc',
    (index) =>
      index.sortedOrder([{ columnKey: 'recommended_buy_quantity', direction: 'DESC' }], RESTOCK_COLUMNS),
  ],
];

const filterAlone = (index: TableIndex<GridRow>, filters: Filters) =>
  index.filterOrder(index.sortedOrder(byProduct, RESTOCK_COLUMNS), filters, RESTOCK_COLUMNS);

async function main() {
  const pieces = answerPieces();
  const times = new Map<string, number[]>();
  const record = (label: string, start: number) => {
    const list = times.get(label) ?? [];
    list.push(performance.now() - start);
    times.set(label, list);
  };
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
  // The collector's pauses while decoding: what the page pays for the garbage the decoder makes
  // and for the values it keeps.
  let pausedMs = 0;
  const pauses = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pausedMs += entry.duration;
  });
  const heaps: number[] = [];
  const paused: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    collect();
    const heapBefore = process.memoryUsage().heapUsed;
    pausedMs = 0;
    pauses.observe({ entryTypes: ['gc'] });
    let start = performance.now();
    const reader = new CompactAnswerReader<GridRow>(ROWS);
    for (const piece of pieces) reader.push(piece);
    const { rows, columns } = reader.finish();
    record('decode the answer', start);
    // The collector's entries arrive on a timer, not in the next turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    pauses.disconnect();
    paused.push(pausedMs);
    collect();
    heaps.push(process.memoryUsage().heapUsed - heapBefore);
    const index = new TableIndex<GridRow>(rows, columns);
    for (const [label, step] of STEPS) {
      collect();
      start = performance.now();
      step(index);
      record(label, start);
    }
  }
  console.log(`Table index in Node, ${ROWS.toLocaleString('en-US')} products, median of ${RUNS} runs:`);
  for (const [label, list] of times) console.log(`  ${label.padEnd(46)} ${ms(median(list)).padStart(9)}`);
  console.log(`  ${'collector pauses while decoding'.padEnd(46)} ${ms(median(paused)).padStart(9)}`);
  console.log(
    `  ${'JS heap the decoded table holds'.padEnd(46)} ${`${(median(heaps) / 1024 / 1024).toFixed(1)} MB`.padStart(9)}`,
  );
}

runBench(main);
