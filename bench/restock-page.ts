import { type Browser, chromium, type Page } from '@playwright/test';
import { demoProducts } from '../src/core/restock/demo-products';
import { replaceProducts } from '../src/server/restock/seed';
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/support/chromium';
import { ourProbes, PAINTED_HELPER } from './ag-grid-reference';
import { registerBenchSeller, startBenchApp } from './support';

/**
 * Runs `probe` on the restock page of a new seller with `rows` demo products, in Chromium at
 * 1440 × 900 with the benches' "painted" helper and `initScripts`, once every row is loaded;
 * then closes the browser and stops the app.
 */
export async function onLoadedRestockPage(
  rows: number,
  initScripts: readonly string[],
  probe: (page: Page, browser: Browser) => Promise<void>,
): Promise<void> {
  const bench = await startBenchApp();
  try {
    const { accessToken, accountId } = await registerBenchSeller(bench);
    await replaceProducts(bench.database.db, accountId, demoProducts(rows));
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.addInitScript((token) => sessionStorage.setItem('accessToken', token), accessToken);
      for (const script of [PAINTED_HELPER, ...initScripts]) await page.addInitScript(script);
      await page.goto(`${bench.baseUrl}/restock`, { waitUntil: 'commit' });
      await page.evaluate(ourProbes.allRows(`${rows.toLocaleString('en-US')} rows`));
      await probe(page, browser);
    } finally {
      await browser.close();
    }
  } finally {
    await bench.stop();
  }
}
