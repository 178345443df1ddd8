/**
 * `npm run bench:restock`: prints how fast the restock table is with 100,000 products (DESIGN 8):
 * the API answer, the core sort and filter, and in Chromium the first rows and a sort click.
 */
import { chromium } from '@playwright/test';
import { RESTOCK_COLUMNS } from '../src/core/restock/columns';
import { demoProducts } from '../src/core/restock/demo-products';
import { deriveFields } from '../src/core/restock/engine';
import { filterRows, sortRows } from '../src/core/restock/grid-rows';
import { BUILT_IN_DEFAULTS } from '../src/core/restock/product';
import { replaceProducts } from '../src/server/restock/seed';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import { median, ms, startBenchApp, timed } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

async function main() {
  const bench = await startBenchApp();
  const figures: Array<[string, string]> = [];
  try {
    const email = `bench${Date.now()}@example.com`;
    const register = await fetch(`${bench.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Bench Seller',
        email,
        contactNumber: '5550102030',
        country: 'USA',
        password: 'Granite-Harbor-Violet-42',
        confirmPassword: 'Granite-Harbor-Violet-42',
      }),
    });
    const { accessToken } = (await register.json()) as { accessToken: string };
    const account = await bench.database.pool.query<{ account_id: string }>(
      'SELECT account_id FROM users WHERE email = $1',
      [email],
    );
    const products = demoProducts(ROWS);
    const seeded = await timed(() =>
      replaceProducts(bench.database.db, account.rows[0]!.account_id, products),
    );
    figures.push([`seed ${ROWS.toLocaleString('en-US')} products (batched INSERT)`, ms(seeded.ms)]);

    // API: three reads of each answer shape, median.
    for (const [label, path] of [
      ['GET /api/tables/restock/data', '/api/tables/restock/data'],
      ['GET …/data?shape=columns (what the grid loads)', '/api/tables/restock/data?shape=columns'],
    ] as const) {
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
      figures.push([`${label} (median of 3)`, ms(median(apiTimes))]);
      figures.push([`  answer size`, `${(bytes / 1024 / 1024).toFixed(1)} MB`]);
    }

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
      const times = [0, 1, 2].map(() => {
        const start = performance.now();
        sortRows(rows, sort, RESTOCK_COLUMNS);
        return performance.now() - start;
      });
      figures.push([`core ${label}`, ms(median(times))]);
    }
    for (const [label, filters] of [
      ['filter product text "lamp"', { product: 'lamp' }],
      ['filter cost ≥ 20', { cost: [true, '20'] }],
      ['filter replen checked', { replen: 1 }],
    ] as const) {
      const times = [0, 1, 2].map(() => {
        const start = performance.now();
        filterRows(rows, filters, RESTOCK_COLUMNS);
        return performance.now() - start;
      });
      figures.push([`core ${label}`, ms(median(times))]);
    }

    // Chromium: navigation to first rows visible, and a sort click to sorted rows painted.
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript((token) => sessionStorage.setItem('accessToken', token), accessToken);
      // Measured with the page's own clock: navigation start to the first row in the DOM, then
      // two animation frames so the row has been painted.
      // A string, not a function: tsx's name-keeping helper (__name) does not exist in the page.
      const firstRowPainted = () =>
        page.evaluate<number>(`new Promise((resolve) => {
          const check = () => {
            if (document.querySelector('[aria-label^="Copy MSKU "]')) {
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
            } else requestAnimationFrame(check);
          };
          check();
        })`);
      const firstRows: number[] = [];
      for (let run = 0; run < 3; run++) {
        await page.goto(`${bench.baseUrl}/restock`, { waitUntil: 'commit' });
        firstRows.push(await firstRowPainted());
      }
      figures.push(['Chromium: navigation → first rows painted (median of 3)', ms(median(firstRows))]);

      const expectedFirst = sortRows(rows, [{ columnKey: 'cost', direction: 'ASC' }], RESTOCK_COLUMNS)[0]!
        .msku;
      const header = page.getByRole('columnheader').filter({ hasText: 'Your Cost' });
      const start = Date.now();
      await header.click();
      await page.getByRole('button', { name: `Copy MSKU ${expectedFirst}` }).waitFor();
      figures.push(['Chromium: sort click → sorted rows painted', ms(Date.now() - start)]);

      const filterStart = Date.now();
      await page.getByRole('textbox', { name: 'Filter Product' }).fill('lamp 42');
      await page.getByText(/ of [\d,]+ rows/).waitFor();
      figures.push(['Chromium: text filter typed → filtered rows painted', ms(Date.now() - filterStart)]);
    } finally {
      await browser.close();
    }
  } finally {
    await bench.stop();
  }
  const width = Math.max(...figures.map(([label]) => label.length));
  console.log(`\nRestock table with ${ROWS.toLocaleString('en-US')} products`);
  for (const [label, value] of figures) console.log(`${label.padEnd(width)}  ${value.padStart(10)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
