/**
 * `npm run bench:history-browser`: the seller's side of `bench:history` in Chromium. A catalogue of
 * 10,000 products, and the All Orders report of 1,000,000 lines over 100 days as a file chosen in
 * the Import CSV dialog: the time from choosing the file to its summary (read by the web worker,
 * handed to the page), and from the Import click to the saved answer; the page's longest pause
 * (long task) in each, and its heap. The first run writes new days; the later ones import the
 * same days again (each replaces the stored one). `BENCH_RUNS` (default 3). Prints figures,
 * asserts nothing; serves the built web app (`npx vite build` first).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { utcDayOf } from '../src/core/forecast/days';
import { pool } from '../src/server/sales-history/queries';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import { allOrdersLines, ORDER_LINES, PRODUCTS } from './history-orders';
import { median, ms, registerBenchSeller, runBench, startBenchApp } from './support';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const load = () => `load ${os.loadavg()[0]!.toFixed(2)}`;

/** Long tasks of the page since the last call: the longest, in ms. */
const LONG_TASKS = `window.benchLongTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration); })
  .observe({ type: 'longtask', buffered: false });`;
const LONGEST_TASK = `(() => { const longest = Math.max(0, ...window.benchLongTasks); window.benchLongTasks = []; return longest; })()`;

async function main() {
  console.log(`bench:history-browser at ${load()} on ${os.cpus().length} CPUs`);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'replen-orders-'));
  const bench = await startBenchApp();
  try {
    const file = path.join(folder, 'All Orders Report.txt');
    await writeFile(file, allOrdersLines(utcDayOf(Date.now()) - 1).join('\n'));
    const { accessToken, accountId } = await registerBenchSeller(bench, 'History Browser Bench');
    await pool(bench.database.db).query(
      `INSERT INTO products (account_id, msku, title, cost, sales_last_30_days, fba_quantity, inbound_quantity)
       SELECT $1, 'BENCH-' || lpad(g::text, 5, '0'), 'Bench product ' || g, 5 + g % 20, 30 + g % 50, g % 200, 0
       FROM generate_series(0, ${PRODUCTS - 1}) AS g`,
      [accountId],
    );
    const summaryText = `${ORDER_LINES.toLocaleString('en-US')} lines →`;
    const savedText = `Imported sales for ${PRODUCTS.toLocaleString('en-US')} products`;

    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const figures = { read: [] as number[], save: [] as number[] };
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript((token) => sessionStorage.setItem('accessToken', token), accessToken);
      await page.addInitScript(LONG_TASKS);
      for (let run = 0; run < RUNS; run++) {
        await page.goto(`${bench.baseUrl}/restock`);
        await page.getByRole('button', { name: 'Import CSV' }).first().click();
        await page.evaluate(LONGEST_TASK);
        let started = performance.now();
        await page.getByLabel('CSV file').setInputFiles(file);
        await page.getByText(summaryText).waitFor({ timeout: 600_000 });
        const read = performance.now() - started;
        const readPause = await page.evaluate<number>(LONGEST_TASK);
        const heap = await page.evaluate<number>(
          'performance.memory ? performance.memory.usedJSHeapSize : 0',
        );
        started = performance.now();
        await page.getByRole('button', { name: 'Import sales' }).click();
        await page.getByText(savedText).first().waitFor({ timeout: 600_000 });
        const save = performance.now() - started;
        const savePause = await page.evaluate<number>(LONGEST_TASK);
        figures.read.push(read);
        if (run > 0) figures.save.push(save);
        console.log(
          `  run ${run + 1} (${run === 0 ? 'new days' : 'the same days again'}): file chosen → summary ${ms(read)} ` +
            `(longest pause ${ms(readPause)}, page heap ${(heap / 1024 / 1024).toFixed(0)} MB); ` +
            `Import → saved ${ms(save)} (longest pause ${ms(savePause)}) (${load()})`,
        );
      }
    } finally {
      await browser.close();
    }
    console.log(
      `history in the browser: ${ORDER_LINES.toLocaleString('en-US')} order lines read in ${ms(median(figures.read))} (median of ${RUNS}), ` +
        `the same days saved again in ${ms(median(figures.save))} (median of ${figures.save.length})`,
    );
  } finally {
    await bench.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

runBench(main);
