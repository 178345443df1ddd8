import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import { expectNoSidewaysScroll, setTheme, smallTargets, WIDTHS } from './support/layout';
import { accessToken, baseRow, importRows } from './support/restock';

const PHONES = WIDTHS.filter((size) => size.width < 1000);
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** An account with products on the buy list and a draft purchase order. */
async function withOrders(page: Page) {
  await importRows(page, [
    baseRow('PH-1', { title: 'A product with a rather long title for a phone screen', replen: true }),
    baseRow('PH-2', { supplier: 'Globex Industrial Supplies International', replen: true, case_pack: 12 }),
  ]);
  const created = await page.request.post('/api/purchase-orders', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { supplier: 'Acme Wholesale' },
  });
  expect(created.status()).toBe(201);
}

/** Each page with what it shows once its data is in: the checks below must see the full page. */
const PAGES: { path: string; shows?: string }[] = [
  { path: '/dashboard', shows: 'Open purchase orders' },
  { path: '/restock', shows: 'PH-2' },
  { path: '/buy-list', shows: 'Acme Wholesale' },
  { path: '/settings' },
  { path: '/settings/account' },
  { path: '/settings/calculations' },
  { path: '/settings/imports' },
  { path: '/settings/temp-csv-import' },
  { path: '/change-password' },
];

/** Waits for a page's data rather than for network silence, which a slow moment can keep away. */
async function settle(page: Page, shows: string | undefined) {
  await expect(page.locator('main, form').first()).toBeVisible();
  if (shows) await expect(page.getByText(shows).first()).toBeVisible();
  await expect(page.getByText(/^Loading\b/)).toHaveCount(0);
}

for (const theme of ['dark', 'light'] as const) {
  test(`no page scrolls sideways and controls are touch-sized at 768 and 390 px (${theme})`, async ({
    page,
  }) => {
    await signUpThroughForm(page);
    await setTheme(page, theme);
    await withOrders(page);
    for (const size of PHONES) {
      await page.setViewportSize(size);
      for (const { path, shows } of PAGES) {
        await page.goto(path);
        await settle(page, shows);
        await test.step(`${path} at ${size.width}px`, async () => {
          await expectNoSidewaysScroll(page, true);
          // Grid rows, chips and header filters included.
          expect.soft(await smallTargets(page, 'body')).toEqual([]);
        });
      }
    }
  });
}

test('the import dialog fits a phone and its controls are touch-sized', async ({ page }) => {
  await signUpThroughForm(page);
  await importRows(page, [baseRow('DLG-1')]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/restock');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page);
  expect(await smallTargets(page, '[role="dialog"]')).toEqual([]);

  // With a file: the column list, the fields and the mapping controls.
  await page
    .getByLabel('CSV file')
    .setInputFiles(path.join(import.meta.dirname, 'fixtures', 'messy-inventory.csv'));
  await expect(page.getByRole('list', { name: 'CSV columns' })).toBeVisible();
  const loaded = (await dialog.boundingBox())!;
  expect(loaded.x + loaded.width).toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page, true);
  expect.soft(await smallTargets(page, '[role="dialog"]')).toEqual([]);
});

test('the side navigation starts collapsed below 700 px and remembers the choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughForm(page);
  await expect.poll(async () => (await sideNav(page).boundingBox())?.width).toBe(40);
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect.poll(async () => (await sideNav(page).boundingBox())?.width).toBe(130);
  await page.reload();
  await expect.poll(async () => (await sideNav(page).boundingBox())?.width).toBe(130);
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await page.reload();
  await expect.poll(async () => (await sideNav(page).boundingBox())?.width).toBe(40);
  // A wide window keeps its own default: expanded.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect.poll(async () => (await sideNav(page).boundingBox())?.width).toBe(130);
});
