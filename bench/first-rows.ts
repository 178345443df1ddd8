/**
 * `npm run bench:first-rows`: navigation → first rows painted on the restock page, and where the
 * time goes (when the first screenful was asked and answered, when the app's and the page's code
 * arrived), with the server's answers already cached, as in the restock bench's runs 2 and 3.
 * A/B in one run: `BENCH_DISTS=dirA,dirB` serves each web build (`npx vite build --outDir dirA`)
 * from its own app on one database, the builds taking turns. `BENCH_RUNS` (default 8),
 * `BENCH_ROWS` (default 100,000), `BENCH_PROFILE=prefix` writes a CPU profile of each build's
 * last load, `BENCH_NEW_TAB=1` makes each load in a new tab (as `bench:restock` does) instead of
 * reloading one tab per build. Prints each load, then the medians; `wholeAsked`, `wholeFirstByte` and
 * `wholeAnswered` are when the whole table was asked for and its answer began and ended, so `everyRow`
 * less `wholeAnswered` is the page's own work after its last byte. Before the loads it prints the
 * API's first screenful after an edit of Your Cost, after many edits and the hourly prune of their
 * change rows, and after a title written. `BENCH_SORT=1` also clicks Your Cost as soon as every row
 * shows, as `bench:restock` does, and prints `sortClick` (the click to the sorted rows painted).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { BUILT_IN_DEFAULTS } from '../src/core/restock/calculation-defaults';
import { RESTOCK_COLUMNS } from '../src/core/restock/columns';
import { demoProducts } from '../src/core/restock/demo-products';
import { deriveFields } from '../src/core/restock/engine';
import { sortRows } from '../src/core/restock/grid-sort';
import { buildApp } from '../src/server/app';
import { WEB_DIST } from '../src/server/http/web-app';
import {
  KEPT_PRODUCT_CHANGES,
  pruneEveryAccountsProductChanges,
} from '../src/server/restock/product-changes';
import { replaceProducts } from '../src/server/restock/seed';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import { ourProbes, PAINTED_HELPER } from './ag-grid-reference';
import { median, registerBenchSeller, runBench, startBenchApp } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 8);
const DISTS = (process.env.BENCH_DISTS ?? WEB_DIST).split(',').filter(Boolean);
const NEW_TAB = process.env.BENCH_NEW_TAB === '1';
const SORT = process.env.BENCH_SORT === '1';
const FORGET_VIEW = `for (const key of Object.keys(sessionStorage)) if (key.startsWith('replen:restock-')) sessionStorage.removeItem(key)`;

/** In the page, once the first rows are painted: when each step ended (page clock, ms). */
const STEPS = `(() => {
  const steps = {};
  for (const entry of performance.getEntriesByType('resource')) {
    const path = new URL(entry.name).pathname + new URL(entry.name).search;
    if (path.startsWith('/api/tables/restock/data?shape=columns&limit=')) {
      steps.firstAsked = entry.startTime;
      steps.firstAnswered = entry.responseEnd;
    }
    if (path === '/api/tables/restock/data?shape=columns') {
      steps.wholeAsked = entry.startTime;
      steps.wholeFirstByte = entry.responseStart;
      steps.wholeAnswered = entry.responseEnd;
    }
    if (path === '/api/dynamic/access-components') steps.accessAnswered = entry.responseEnd;
    if (/^\\/assets\\/index-.*\\.js$/.test(path)) steps.appCode = entry.responseEnd;
    if (/^\\/assets\\/RestockPage-.*\\.js$/.test(path)) steps.pageCode = entry.responseEnd;
  }
  return steps;
})()`;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/**
 * The API's first screenful after each kind of write (its answer is kept until one): an edit of
 * Your Cost from the table keeps which rows come first, so only their values are read again, and
 * so do many edits whose change rows the hourly job has pruned since; a title written (as an
 * import or a sync may) makes the server read every product's title again.
 */
async function timeFirstScreenfulAfterWrites(
  bench: Awaited<ReturnType<typeof startBenchApp>>,
  url: string,
  accessToken: string,
  accountId: string,
) {
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const firstScreenful = async () => {
    const response = await fetch(`${url}/api/tables/restock/data?shape=columns&limit=100`, { headers });
    const { rows } = (await response.json()) as { rows: unknown[][] };
    return rows;
  };
  const msku = (await firstScreenful())[0]![0] as string;
  const writes: Array<[string, (run: number) => Promise<unknown>]> = [
    [
      'an edit of Your Cost',
      (run) =>
        fetch(`${url}/api/tables/restock/data/${encodeURIComponent(msku)}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ cost: 10 + run }),
        }).then((response) => {
          if (!response.ok) throw new Error(`the edit answered ${response.status}`);
        }),
    ],
    [
      `${KEPT_PRODUCT_CHANGES + 1} edits and the hourly prune of their change rows`,
      async (run) => {
        for (let edit = 0; edit <= KEPT_PRODUCT_CHANGES; edit++) {
          await bench.database.pool.query(
            'UPDATE products SET cost = $3 WHERE account_id = $1 AND msku = $2',
            [accountId, msku, 20 + run + edit / 1000],
          );
        }
        await pruneEveryAccountsProductChanges(bench.database.db);
      },
    ],
    [
      'a title written',
      () =>
        bench.database.pool.query('UPDATE products SET title = title WHERE account_id = $1 AND msku = $2', [
          accountId,
          msku,
        ]),
    ],
  ];
  const figures: string[] = [];
  for (const [label, write] of writes) {
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      await write(run);
      const started = performance.now();
      await firstScreenful();
      times.push(performance.now() - started);
    }
    figures.push(`${label} ${median(times).toFixed(0)} ms`);
  }
  console.log(`API first screenful (100 rows) after a write, medians of 5: ${figures.join(', ')}`);
}

/** The product first in the table sorted by Your Cost, as the grid sorts it. */
function cheapestOf(products: ReturnType<typeof demoProducts>): string {
  const rows = products.map((product) => ({
    ...product,
    ...deriveFields(product, BUILT_IN_DEFAULTS),
    id: product.msku,
  }));
  return sortRows(rows, [{ columnKey: 'cost', direction: 'ASC' }], RESTOCK_COLUMNS)[0]!.msku;
}

async function main() {
  const bench = await startBenchApp();
  const apps: Array<{ dist: string; url: string; close: () => Promise<unknown> }> = [];
  try {
    for (const dist of DISTS) {
      const app = await buildApp({
        db: bench.database.db,
        jwtSecret: new TextEncoder().encode('bench-secret-that-is-long-enough-for-hs256!!'),
        logLevel: 'silent',
        webDist: dist,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      apps.push({ dist, url: `http://127.0.0.1:${port}`, close: () => app.close() });
    }
    const { accessToken, accountId } = await registerBenchSeller(bench);
    const products = demoProducts(ROWS);
    await replaceProducts(bench.database.db, accountId, products);
    const cheapestMsku = SORT ? cheapestOf(products) : '';
    await timeFirstScreenfulAfterWrites(bench, apps[0]!.url, accessToken, accountId);
    // The first screenful built once per app (cached per data stamp), as in the bench's later runs.
    for (const app of apps) {
      await fetch(`${app.url}/api/tables/restock/data?shape=columns&limit=100`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
    }

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const results = new Map<string, Array<Record<string, number>>>();
    try {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((token) => sessionStorage.setItem('accessToken', token), accessToken);
      await context.addInitScript(PAINTED_HELPER);
      const openPage = async (app: (typeof apps)[number]) => {
        const page = await context.newPage();
        // As in the restock bench, whose AG Grid routes do this: a route turns the HTTP cache off.
        await page.route(`${app.url}/bench-nothing`, (route) => route.fulfill({ body: '' }));
        return page;
      };
      const pages = [];
      for (const app of apps) {
        pages.push({ app, page: await openPage(app) });
        results.set(app.dist, []);
      }
      for (let run = 0; run < RUNS; run++) {
        for (const slot of run % 2 ? [...pages].reverse() : pages) {
          const { app } = slot;
          if (NEW_TAB && run > 0) {
            await slot.page.close();
            slot.page = await openPage(app);
          }
          const { page } = slot;
          await page.evaluate(FORGET_VIEW).catch(() => {});
          const profile = process.env.BENCH_PROFILE && run === RUNS - 1;
          const cdp = profile ? await page.context().newCDPSession(page) : null;
          if (cdp) {
            await cdp.send('Profiler.enable');
            await cdp.send('Profiler.start');
          }
          await page.goto(`${app.url}/restock`, { waitUntil: 'commit' });
          const firstRows = await page.evaluate<number>(ourProbes.firstRows);
          if (cdp) {
            const { profile: cpu } = await cdp.send('Profiler.stop');
            writeFileSync(
              `${process.env.BENCH_PROFILE}-${apps.indexOf(app)}.cpuprofile`,
              JSON.stringify(cpu),
            );
            await cdp.detach();
          }
          // Every row loaded before the next load, so that no load pays for the last one's table.
          const everyRow = await page.evaluate<number>(
            ourProbes.allRows(`${ROWS.toLocaleString('en-US')} rows`),
          );
          const sortClick = SORT
            ? await page.evaluate<number>(ourProbes.sort('Your Cost', cheapestMsku))
            : undefined;
          const steps = await page.evaluate<Record<string, number>>(STEPS);
          const row = { firstRows, ...steps, everyRow, ...(sortClick === undefined ? {} : { sortClick }) };
          results.get(app.dist)!.push(row);
          const figures = Object.entries(row).map(([key, value]) => `${key} ${value.toFixed(0)}`);
          console.error(`${app.dist} run ${run + 1}: ${figures.join(', ')} (load ${loadAverage()})`);
        }
      }
    } finally {
      await browser.close();
    }
    for (const [dist, rows] of results) {
      const keys = Object.keys(rows[0] ?? {});
      const medians = keys.map(
        (key) => `${key} ${median(rows.map((row) => row[key] ?? Number.NaN)).toFixed(0)}`,
      );
      console.log(`${dist} (medians of ${rows.length}, ms after navigation): ${medians.join(', ')}`);
    }
  } finally {
    for (const app of apps) await app.close();
    await bench.stop();
  }
}

runBench(main);
