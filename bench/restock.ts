/**
 * `npm run bench:restock`: prints how fast the restock table is with 100,000 products (DESIGN 8):
 * the API answer, the core sort and filter, and in Chromium the first rows, a sort click, a
 * filter keystroke and a scroll by the mouse wheel (dropped frames), each beside AG Grid Community
 * on the same rows in the same browser; the last line holds the ratios (ours / AG Grid). Ours paints a first screenful before every row is here:
 * its sort and filter are timed once every row is, and that moment is printed too. BENCH_ROWS=1000000 runs the million-row case.
 */
import { chromium, type Page } from '@playwright/test';
import type { Product } from '../src/core/product-fields/fields';
import { BUILT_IN_DEFAULTS } from '../src/core/restock/calculation-defaults';
import { RESTOCK_COLUMNS } from '../src/core/restock/columns';
import { rowsFromCompact } from '../src/core/restock/compact-rows';
import { demoProducts } from '../src/core/restock/demo-products';
import { deriveFields } from '../src/core/restock/engine';
import { filterRows } from '../src/core/restock/grid-filters';
import { isSortedAsNumber, sortRows } from '../src/core/restock/grid-sort';
import { TableIndex } from '../src/core/restock/table-index';
import { replaceProducts } from '../src/server/restock/seed';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import {
  AG_GRID_PATH,
  agGridProbes,
  ourProbes,
  PAINTED_HELPER,
  routeAgGrid,
  SCROLL_HELPER,
  type ScrollRun,
  scrollByWheel,
} from './ag-grid-reference';
import { logInBenchSeller, median, ms, registerBenchSeller, runBench, startBenchApp, timed } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = 3;
const FILTER_TEXT = 'lamp 42';
/** Scrolling: wheel events per pass and pixels per event (36,000 px, a thousand rows, flicked). */
const SCROLL_EVENTS = 120;
const SCROLL_STEP = 300;
const SCROLL_PASSES = 3;
/**
 * The paced scroll: one wheel event every 50 ms, 6,000 px a second, a hard flick. Both grids get
 * the same input; as fast as the browser takes them, each grid set its own pace (see scrollByWheel).
 */
const SCROLL_EVERY_MS = 50;
/** The paces scrolled, in turn: the fixed one, then as fast as taken (undefined). */
const SCROLL_PACES = [SCROLL_EVERY_MS, undefined] as const;
/** A frame is dropped when it took more than one and a half of the display's idle frames. */
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function scrollFigures(runs: readonly ScrollRun[]) {
  const dropped = runs.map(({ idle, intervals }) => {
    const frame = median(idle);
    return intervals.filter((interval) => interval > frame * 1.5).length;
  });
  const sorted = runs.flatMap((run) => run.intervals).sort((a, b) => a - b);
  return {
    dropped: median(dropped),
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
    frame: median(runs.flatMap((run) => run.idle)),
    frames: median(runs.map((run) => run.intervals.length)),
    scrolled: Math.min(...runs.map((run) => run.scrolled)),
    pixelsPerSecond: Math.round(
      (SCROLL_EVENTS * SCROLL_STEP) / (median(runs.map((run) => run.sentIn)) / 1000),
    ),
  };
}

type ScrollFigures = ReturnType<typeof scrollFigures>;

/** The scroll's printed figures, ours beside AG Grid's (null: its scroll failed). */
function scrollLines(pace: string, ours: ScrollFigures, ag: ScrollFigures | null): Array<[string, string]> {
  const theirs = (figure: (run: ScrollFigures) => string) => (ag ? figure(ag) : 'n/a');
  return [
    [
      `Chromium scroll ${pace}, ${SCROLL_EVENTS} wheel events × ${SCROLL_STEP} px: dropped frames of all, ours / AG Grid (medians of ${SCROLL_PASSES})`,
      `${ours.dropped} of ${ours.frames} / ${theirs((run) => `${run.dropped} of ${run.frames}`)}`,
    ],
    [
      `Chromium scroll ${pace}: 95th percentile frame ours / AG Grid (display frame ${ms(ours.frame)})`,
      `${ms(ours.p95)} / ${theirs((run) => ms(run.p95))}`,
    ],
    [
      `Chromium scroll ${pace}: wheel speed, px/s, ours / AG Grid`,
      `${ours.pixelsPerSecond} / ${theirs((run) => String(run.pixelsPerSecond))}`,
    ],
    [
      `Chromium scroll ${pace}: pixels scrolled per pass, ours / AG Grid`,
      `${ours.scrolled} / ${theirs((run) => String(run.scrolled))}`,
    ],
  ];
}

/**
 * Scrolls the grid under `root`: a pass not counted (a page's first pass is its slowest: code and
 * glyphs met for the first time), then SCROLL_PASSES at each of SCROLL_PACES. The runs by pace.
 */
async function scrollPasses(page: Page, root: string): Promise<ScrollRun[][]> {
  await scrollByWheel(page, root, SCROLL_EVENTS, SCROLL_STEP);
  const byPace: ScrollRun[][] = [];
  for (const everyMs of SCROLL_PACES) {
    const runs: ScrollRun[] = [];
    for (let pass = 0; pass < SCROLL_PASSES; pass++) {
      runs.push(await scrollByWheel(page, root, SCROLL_EVENTS, SCROLL_STEP, everyMs));
    }
    byPace.push(runs);
  }
  return byPace;
}

/** The median time of three runs of `run`, in ms. */
function medianOfThree(run: () => unknown): number {
  return median(
    [0, 1, 2].map(() => {
      const start = performance.now();
      run();
      return performance.now() - start;
    }),
  );
}

/** What the browser's half checks: the row count, the cheapest product, the filter's rows. */
type Expected = {
  total: number;
  cheapest: { msku: string; cost: number };
  filtered: { count: number; first: string };
};

/** The core's and the table index's sort and filter figures over `products` (the grid's functions). */
async function coreFigures(
  products: Product[],
  addFigure: (figure: [string, string]) => void,
): Promise<Expected> {
  // Core: the same functions the grid runs, over derived rows.
  const rows = products.map((product) => ({
    ...product,
    ...deriveFields(product, BUILT_IN_DEFAULTS),
    id: product.msku,
  }));
  for (const [label, sort] of [
    ['sort by product (default)', []],
    ['sort by To Buy desc', [{ columnKey: 'recommended_buy_quantity', direction: 'DESC' }]],
    [
      'sort by supplier, then ROI desc',
      [
        { columnKey: 'supplier', direction: 'ASC' },
        { columnKey: 'roi', direction: 'DESC' },
      ],
    ],
  ] as const) {
    addFigure([`core ${label}`, ms(medianOfThree(() => sortRows(rows, sort, RESTOCK_COLUMNS)))]);
  }
  for (const [label, filters] of [
    ['filter product text "lamp"', { product: 'lamp' }],
    ['filter cost ≥ 20', { cost: [true, '20'] }],
    ['filter replen checked', { replen: 1 }],
  ] as const) {
    addFigure([`core ${label}`, ms(medianOfThree(() => filterRows(rows, filters, RESTOCK_COLUMNS)))]);
  }

  // The same through the table index the page keeps, over rows decoded as the page decodes them
  // (with their numbers' typed arrays): ranks and search text built once (timed apart), then
  // each sort or filter as the page runs it on a click or keystroke.
  const keys = Object.keys(rows[0] ?? {});
  const decoded = rowsFromCompact<(typeof rows)[number]>({
    keys,
    rows: rows.map((row) => keys.map((key) => row[key as keyof typeof row])),
  });
  const index = new TableIndex(decoded.rows, decoded.columns);
  const built = await timed(() => {
    index.sortedOrder([], RESTOCK_COLUMNS);
    index.prepareSearch(0, rows.length);
    for (const column of RESTOCK_COLUMNS) {
      if (isSortedAsNumber(column)) index.prepareSort(column);
    }
  });
  addFigure(['index: product ranks, search text, number ranks (once per table)', ms(built.ms)]);
  for (const [label, sort, filters] of [
    ['sort by To Buy desc', [{ columnKey: 'recommended_buy_quantity', direction: 'DESC' }], {}],
    ['sort by Your Cost', [{ columnKey: 'cost', direction: 'ASC' }], {}],
    [
      'filter product text "lamp 42" (sorted by Your Cost)',
      [{ columnKey: 'cost', direction: 'ASC' }],
      { product: FILTER_TEXT },
    ],
    ['filter cost ≥ 20', [], { cost: [true, '20'] }],
    ['filter replen checked', [], { replen: 1 }],
  ] as const) {
    const times = [0, 1, 2].map(() => {
      // A sort is timed from scratch each time (the index keeps the last order).
      if (Object.keys(filters).length === 0) index.update(decoded.rows.slice());
      const start = performance.now();
      index.view(filters, sort, RESTOCK_COLUMNS);
      return performance.now() - start;
    });
    addFigure([`index ${label}`, ms(median(times))]);
  }
  const byCost = sortRows(rows, [{ columnKey: 'cost', direction: 'ASC' }], RESTOCK_COLUMNS);
  const filtered = filterRows(byCost, { product: FILTER_TEXT }, RESTOCK_COLUMNS);
  return {
    total: rows.length,
    cheapest: { msku: byCost[0]!.msku as string, cost: byCost[0]!.cost as number },
    filtered: { count: filtered.length, first: filtered[0]!.msku as string },
  };
}

async function main() {
  const bench = await startBenchApp();
  const figures: Array<[string, string]> = [];
  // Each figure is also printed as it is taken: a million-row run is long, and may not finish.
  const addFigure = (figure: [string, string]) => {
    console.error(`bench: ${figure[0]}  ${figure[1]}`);
    figures.push(figure);
  };
  const ratios = { first: Number.NaN, sort: Number.NaN, filter: Number.NaN };
  try {
    const { email, accessToken, accountId } = await registerBenchSeller(bench);
    const products = demoProducts(ROWS);
    const seeded = await timed(() => replaceProducts(bench.database.db, accountId, products));
    addFigure([`seed ${ROWS.toLocaleString('en-US')} products (batched INSERT)`, ms(seeded.ms)]);

    // API: three reads of each answer shape, median.
    // The plain JSON rows of a million products (about 920 MB) are left out: reading them three
    // times ran the bench's Node process out of its heap, and the grid does not load them.
    const shapes = [
      ['GET /api/tables/restock/data', '/api/tables/restock/data'],
      ['GET …/data?shape=columns (what the grid loads)', '/api/tables/restock/data?shape=columns'],
    ] as const;
    for (const [label, path] of ROWS > 200_000 ? shapes.slice(1) : shapes) {
      const apiTimes: number[] = [];
      let bytes = 0;
      for (let run = 0; run < 3; run++) {
        const { ms: took, result } = await timed(async () => {
          const response = await fetch(`${bench.baseUrl}${path}`, {
            headers: { authorization: `Bearer ${accessToken}` },
          });
          return response.arrayBuffer();
        });
        apiTimes.push(took);
        bytes = result.byteLength;
      }
      addFigure([`${label} (median of 3)`, ms(median(apiTimes))]);
      addFigure([`  answer size`, `${(bytes / 1024 / 1024).toFixed(1)} MB`]);
    }

    // The core and index figures, in a function of their own: the browser's half then runs beside
    // a server whose process holds only what it needs (a million derived rows kept alive here made
    // its garbage collections, and so its answers, slower than in a process of its own).
    const expected = await coreFigures(products.splice(0), addFigure);

    // Chromium: ours and AG Grid (the reference, DESIGN 8) on the same rows, each probe measured
    // with the page's own clock the same way for both, the two grids taking turns under the same load.
    const sortColumn = RESTOCK_COLUMNS.find((column) => column.key === 'cost')!;
    const { total, cheapest, filtered } = expected;
    const count = new Intl.NumberFormat('en-US');
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const times = {
      ours: { first: [] as number[], all: [] as number[], sort: [] as number[], filter: [] as number[] },
      ag: { first: [] as number[], sort: [] as number[], filter: [] as number[] },
    };
    let ourHeap = 0;
    let ourBuffers = Number.NaN;
    let agHeap = Number.NaN;
    // Every load is in a new tab, the last one closed first: a million rows in AG Grid hold over
    // 2 GB, and a load in the tab that held them once stalled for ten minutes.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(PAINTED_HELPER);
    await context.addInitScript(SCROLL_HELPER);
    await routeAgGrid(context, bench.baseUrl, RESTOCK_COLUMNS);
    let page: Page | undefined;
    const newTab = async (path: string) => {
      await page?.close();
      page = await context.newPage();
      // A token of its own per tab: a million-row run outlives a token's fifteen minutes.
      const token = await logInBenchSeller(bench, email);
      await page.addInitScript((value) => sessionStorage.setItem('accessToken', value), token);
      await page.goto(`${bench.baseUrl}${path}`, { waitUntil: 'commit' });
      return page;
    };
    try {
      for (let run = 0; run < RUNS; run++) {
        const ours = await newTab('/restock');
        times.ours.first.push(await ours.evaluate<number>(ourProbes.firstRows));
        // The first screenful paints before the rest arrives; sort and filter are timed on every row.
        times.ours.all.push(await ours.evaluate<number>(ourProbes.allRows(`${count.format(total)} rows`)));
        times.ours.sort.push(await ours.evaluate<number>(ourProbes.sort(sortColumn.name, cheapest.msku)));
        times.ours.filter.push(
          await ours.evaluate<number>(
            ourProbes.filter(
              'Filter Product',
              FILTER_TEXT,
              `${count.format(filtered.count)} of ${count.format(total)} rows`,
              filtered.first,
            ),
          ),
        );

        if (run === 0) {
          // The tab's heap with every row loaded, sorted and filtered, after a garbage collection.
          const cdp = await context.newCDPSession(ours);
          await cdp.send('HeapProfiler.collectGarbage');
          // Typed arrays (sort ranks, the decoded numbers) live outside the JS heap, in backing stores.
          const usage: { usedSize: number; backingStorageSize?: number } =
            await cdp.send('Runtime.getHeapUsage');
          ourHeap = usage.usedSize;
          ourBuffers = usage.backingStorageSize ?? Number.NaN;
          await cdp.detach();
          console.error(
            `bench: our tab's JS heap, every row loaded, after a GC  ${megabytes(ourHeap)} + array buffers ${megabytes(ourBuffers)}`,
          );
        }
        console.error(
          `bench: run ${run + 1} ours: ${['first', 'all', 'sort', 'filter'].map((key) => `${key} ${ms(times.ours[key as 'first'].at(-1)!)}`).join(', ')}`,
        );
        try {
          const ag = await newTab(AG_GRID_PATH);
          const first = await ag.evaluate<number>(agGridProbes.firstRows);
          const sort = await ag.evaluate<number>(agGridProbes.sort('cost', cheapest.cost));
          const filter = await ag.evaluate<number>(agGridProbes.filter(FILTER_TEXT, filtered.count));
          times.ag.first.push(first);
          times.ag.sort.push(sort);
          times.ag.filter.push(filter);
          agHeap = await ag.evaluate<number>('performance.memory ? performance.memory.usedJSHeapSize : 0');
          console.error(
            `bench: run ${run + 1} AG Grid: first ${ms(first)}, sort ${ms(sort)}, filter ${ms(filter)}`,
          );
        } catch (error) {
          // The reference's tab can give up at a million rows (its heap passes 2 GB): the run is
          // left out of its medians.
          console.error(`bench: run ${run + 1} AG Grid failed, left out: ${String(error).split('\n')[0]}`);
        }
      }
      // The figures of the runs, before the scroll: a failed scroll leaves them whole.
      const runsOf = (key: 'first' | 'sort' | 'filter') =>
        times.ag[key].length === RUNS ? `${RUNS}` : `${RUNS}, AG Grid ${times.ag[key].length}`;
      addFigure([
        `Chromium navigation → every row loaded: ours / AG Grid's first rows (median of ${runsOf('first')})`,
        `${ms(median(times.ours.all))} / ${ms(median(times.ag.first))}`,
      ]);
      for (const [label, key] of [
        ['navigation → first rows painted', 'first'],
        ['sort click (Your Cost) → sorted rows painted', 'sort'],
        [`filter "${FILTER_TEXT}" typed → filtered rows painted`, 'filter'],
      ] as const) {
        const ours = median(times.ours[key]);
        const ag = median(times.ag[key]);
        addFigure([
          `Chromium ${label}: ours / AG Grid (median of ${runsOf(key)})`,
          `${ms(ours)} / ${ms(ag)}`,
        ]);
        ratios[key] = ours / ag;
      }

      // Scrolling with every row, unsorted and unfiltered: each grid on a fresh page.
      let ourScrolls: ScrollRun[][] = [];
      try {
        const ours = await newTab('/restock');
        await ours.evaluate<number>(ourProbes.allRows(`${count.format(total)} rows`));
        ourScrolls = await scrollPasses(ours, ourProbes.scrollRoot);
      } catch (error) {
        console.error(`bench: our scroll failed, left out: ${String(error).split('\n')[0]}`);
      }
      let agScrolls: ScrollRun[][] | null = null;
      try {
        const ag = await newTab(AG_GRID_PATH);
        await ag.evaluate<number>(agGridProbes.firstRows);
        agScrolls = await scrollPasses(ag, agGridProbes.scrollRoot);
      } catch (error) {
        console.error(`bench: AG Grid's scroll failed, left out: ${String(error).split('\n')[0]}`);
      }
      for (const [index, runs] of ourScrolls.entries()) {
        const everyMs = SCROLL_PACES[index];
        const pace = everyMs === undefined ? 'as fast as taken' : `paced, an event every ${everyMs} ms`;
        const agRuns = agScrolls?.[index];
        const lines = scrollLines(pace, scrollFigures(runs), agRuns ? scrollFigures(agRuns) : null);
        for (const line of lines) addFigure(line);
      }
      addFigure([`Chromium: JS heap after the AG Grid page`, megabytes(agHeap)]);
      addFigure(['Chromium: JS heap of our page, every row loaded, after a GC', megabytes(ourHeap)]);
      addFigure(['  and its array buffers (outside the JS heap)', megabytes(ourBuffers)]);
    } finally {
      await browser.close();
    }
  } finally {
    // Printed whatever happened: a run that failed half-way still says what it measured.
    const width = Math.max(...figures.map(([label]) => label.length));
    console.log(`\nRestock table with ${ROWS.toLocaleString('en-US')} products`);
    for (const [label, value] of figures) console.log(`${label.padEnd(width)}  ${value.padStart(18)}`);
    const ratio = (value: number) => value.toFixed(2);
    console.log(
      `restock: first_rows_ratio=${ratio(ratios.first)} sort_ratio=${ratio(ratios.sort)} filter_ratio=${ratio(ratios.filter)}`,
    );
    await bench.stop();
  }
}

runBench(main);
