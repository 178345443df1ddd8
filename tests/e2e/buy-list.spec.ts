import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import { accessToken, baseRow, cell, importRows, rowOf } from './support/restock';

test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page);
});

/** Ticks a product's Replen box in /restock and waits until the server has it. */
async function flag(page: Page, msku: string) {
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().endsWith(`/api/tables/restock/data/${msku}`),
  );
  const checkbox = page.getByRole('checkbox', { name: `Include ${msku} in next order` });
  // click, not check(): the grid applies the edit optimistically a moment after the click.
  await checkbox.click();
  expect((await saved).status()).toBe(200);
  await expect(checkbox).toBeChecked();
}

/** The seller's visible restock columns (the column picker's choice), so every one fits on screen. */
async function showColumns(page: Page, keys: string[]) {
  const response = await page.request.post('/api/save-column-picker', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { selectedItems: keys },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const supplier = (page: Page, name: string) => page.getByRole('region', { name: `Supplier ${name}` });
const orders = (page: Page) => page.getByRole('table', { name: 'Purchase orders' });

test('a seller flags products in /restock, orders one supplier from /buy-list and downloads the CSV', async ({
  page,
}) => {
  // Each sells 1 a day with 20 in stock: 30 to buy; cases of 12 make BL-A1's 36.
  await importRows(page, [
    baseRow('BL-A1', { title: 'Anchor', supplier: 'Acme Wholesale', cost: 10, case_pack: 12 }),
    baseRow('BL-A2', { title: 'Bolt', supplier: 'Acme Wholesale', cost: 2.5 }),
    baseRow('BL-G1', { title: 'Gear', supplier: 'Globex', cost: 4 }),
  ]);
  await showColumns(page, [
    'product',
    'replen',
    'supplier',
    'recommended_buy_quantity',
    'quantity_already_ordered',
  ]);

  await page.goto('/buy-list');
  await expect(page.getByRole('heading', { name: 'Nothing on the buy list yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Restock' })).toBeVisible();

  await page.goto('/restock');
  for (const msku of ['BL-A1', 'BL-A2', 'BL-G1']) await flag(page, msku);
  await expect(await cell(page, 'BL-A1', 'To Buy')).toContainText('36');

  await page.goto('/buy-list');
  const acme = supplier(page, 'Acme Wholesale');
  await expect(acme.getByRole('row', { name: 'BL-A1' })).toContainText('Anchor');
  await expect(acme.getByRole('row', { name: 'BL-A2' })).toContainText('$2.50');
  await expect(supplier(page, 'Globex').getByRole('row', { name: 'BL-G1' })).toContainText('$120.00');
  await expect(acme.getByRole('cell', { name: 'Acme Wholesale spend' })).toHaveText('$435.00');

  // A quantity between whole cases suggests the cases on either side; one click takes one.
  const quantity = page.getByLabel('Order quantity of BL-A1');
  await expect(quantity).toHaveValue('36');
  await quantity.fill('30');
  await quantity.press('Enter');
  await expect(acme.getByText('case of 12:')).toBeVisible();
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().endsWith('/api/buy-list/BL-A1'),
  );
  await acme.getByRole('button', { name: 'Order 24 of BL-A1' }).click();
  expect((await saved).status()).toBe(200);
  await expect(quantity).toHaveValue('24');
  await expect(acme.getByRole('cell', { name: 'Acme Wholesale units' })).toHaveText('54 units');
  await expect(acme.getByRole('cell', { name: 'Acme Wholesale spend' })).toHaveText('$315.00');

  await acme.getByRole('button', { name: 'Create purchase order' }).click();
  const po = orders(page).getByRole('row', { name: 'PO #1' });
  await expect(po).toContainText('Acme Wholesale');
  await expect(po).toContainText('Draft');
  await expect(po).toContainText('$315.00');
  await expect(acme.getByText('PO #1 is a draft')).toBeVisible();

  await orders(page).getByRole('button', { name: 'Mark PO #1 ordered' }).click();
  await expect(po).toContainText('Ordered');
  // Ordered products leave the buy list; the other supplier stays.
  await expect(acme).toHaveCount(0);
  await expect(supplier(page, 'Globex')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await orders(page).getByRole('button', { name: 'Download PO #1 as CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('purchase-order-1-acme-wholesale.csv');
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = bytes.toString('utf8').slice(1).split('\r\n');
  expect(rows[0]).toBe('Purchase order,PO #1,,,,');
  expect(rows[1]).toBe('Supplier,Acme Wholesale,,,,');
  expect(rows.slice(-5)).toEqual([
    'MSKU,ASIN,Title,Quantity,Unit Cost,Line Total',
    'BL-A1,B00000BLA1,Anchor,24,10.00,240.00',
    'BL-A2,B00000BLA2,Bolt,30,2.50,75.00',
    'Total,,,54,,315.00',
    '',
  ]);

  // The restock numbers account for the order: 30 − 24 ordered = 6, a case of 12.
  await page.goto('/restock');
  await expect(rowOf(page, 'BL-A1')).toBeVisible();
  await expect(await cell(page, 'BL-A1', 'Ordered')).toHaveText('24');
  await expect(await cell(page, 'BL-A1', 'To Buy')).toContainText('12');
  await expect(await cell(page, 'BL-A2', 'Ordered')).toHaveText('30');
  await expect(await cell(page, 'BL-G1', 'To Buy')).toContainText('30');
  await expect(page.getByRole('checkbox', { name: 'Include BL-A1 in next order' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Include BL-G1 in next order' })).toBeChecked();
});

test('removing a product from the buy list unflags it in /restock', async ({ page }) => {
  await importRows(page, [baseRow('RM-1', { supplier: null, replen: true })]);
  await page.goto('/buy-list');
  const unnamed = supplier(page, 'No supplier');
  await expect(unnamed.getByRole('row', { name: 'RM-1' })).toBeVisible();
  await unnamed.getByRole('button', { name: 'Remove RM-1 from the buy list' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing on the buy list yet' })).toBeVisible();
  await page.goto('/restock');
  await expect(page.getByRole('checkbox', { name: 'Include RM-1 in next order' })).not.toBeChecked();
});

test("the restock table's Export CSV downloads the filtered, sorted rows in the visible columns", async ({
  page,
}) => {
  await importRows(page, [
    baseRow('EX-1', { title: 'Alpha' }),
    baseRow('00042', { title: '=Beta', cost: 5 }),
    baseRow('EX-3', { title: 'Beta two', cost: 20 }),
  ]);
  await showColumns(page, ['product', 'cost', 'replen', 'recommended_buy_quantity', 'roi']);
  await page.goto('/restock');
  await page.getByRole('textbox', { name: 'Filter Product' }).fill('beta');
  await expect(page.getByText('2 of 3 rows')).toBeVisible();
  const costHeader = page.getByRole('columnheader').filter({ hasText: 'Your Cost' });
  await costHeader.click();
  await costHeader.click();
  await expect(costHeader).toHaveAttribute('aria-sort', 'descending');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^restock-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await fs.readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // Plain numbers, MSKUs as stored, formula-leading text escaped; ROI as the grid shows it: (25 − 20) / 20 = 25%.
  expect(bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
    'Product,MSKU,ASIN,Your Cost,Replen,To Buy,ROI (%)',
    'Beta two,EX-3,B000000EX3,20,false,30,25',
    "'=Beta,00042,B000000042,5,false,30,400",
    '',
  ]);
});
