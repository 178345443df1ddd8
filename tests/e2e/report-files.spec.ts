import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import { cell, rowOf, storedRows } from './support/restock';

// The files sellers really download (tests/e2e/fixtures/reports, in their own encodings), each
// imported through the dialog in Chromium and checked for the right numbers where they land.

const REPORTS = path.join(import.meta.dirname, 'fixtures', 'reports');
// Wide, so the virtualised restock grid renders every column for the currency check.
test.use({ viewport: { width: 3600, height: 1100 } });

const columnFor = (page: Page, target: string) =>
  page.getByLabel(`CSV column for ${target}`, { exact: true });

async function choose(page: Page, file: string, report: string | null) {
  await page.goto('/settings/temp-csv-import');
  await page.getByLabel('CSV file').setInputFiles(path.join(REPORTS, file));
  await expect(page.getByText(file)).toBeVisible();
  if (report) await expect(page.getByText(`Recognised: ${report}`)).toBeVisible();
}

async function saveAndConfirm(page: Page, toast: string) {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByText(toast)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page);
});

test('the FBA Inventory report of the UK store: stock, sales, pounds and amazon.co.uk links', async ({
  page,
}) => {
  await choose(page, 'fba-inventory-uk-bom.txt', 'FBA Inventory report');
  await expect(columnFor(page, 'FBA Stock')).toHaveValue('FBA Quantity (available + reserved)');
  await expect(columnFor(page, 'Sales (30 Days)')).toHaveValue('units-shipped-t30');
  await expect(columnFor(page, 'Inbound')).toHaveValue('inbound-quantity');
  await saveAndConfirm(page, 'Data saved! 2 new, 0 updated, 0 unchanged.');
  const rows = await storedRows(page);
  expect(rows.get('TEA-01')).toMatchObject({
    title: 'Earl Grey Tea – 100 bags',
    fba_quantity: 128,
    inbound_quantity: 50,
    sales_last_30_days: 90,
    your_price: 4.99,
    buy_box_price: 4.79,
    marketplace: 'GB',
    currency: 'GBP',
  });
  expect(rows.get('MUG-02')).toMatchObject({ fba_quantity: 0, inbound_quantity: 24, sales_last_30_days: 15 });

  await page.goto('/restock');
  await expect(rowOf(page, 'TEA-01').getByRole('link', { name: 'Earl Grey Tea – 100 bags' })).toHaveAttribute(
    'href',
    'https://www.amazon.co.uk/dp/B0TEA00001',
  );
  await expect(await cell(page, 'TEA-01', 'Your Price')).toHaveText('£4.99');
});

test('Manage FBA Inventory (Windows-1252) and Amazon-Fulfilled Inventory: sums, seller-fulfilled stock', async ({
  page,
}) => {
  await choose(page, 'manage-fba-inventory-1252.txt', 'Manage FBA Inventory report');
  await saveAndConfirm(page, 'Data saved! 2 new, 0 updated, 0 unchanged.');
  await choose(page, 'amazon-fulfilled-inventory.txt', 'Amazon-Fulfilled Inventory report');
  await saveAndConfirm(page, 'Data saved! 2 new, 0 updated, 0 unchanged.');
  const rows = await storedRows(page);
  expect(rows.get('CUP-500')).toMatchObject({
    title: 'Café Cup 500 ml',
    fba_quantity: 12,
    inbound_quantity: 5,
  });
  expect(rows.get('PLATE-M')).toMatchObject({ fba_quantity: 0, local_inventory_quantity: 7 });
  expect(rows.get('BOX-1')).toMatchObject({ asin: 'B0BOX00001', fba_quantity: 12 });
  expect(rows.get('BAG-2')).toMatchObject({ fba_quantity: 0 });
});

test('the Inventory, Active Listings and All Listings reports, inactive listings left out on request', async ({
  page,
}) => {
  await choose(page, 'inventory-report.txt', 'Inventory report');
  await saveAndConfirm(page, 'Data saved! 2 new, 0 updated, 0 unchanged.');
  await choose(page, 'active-listings-bom.txt', 'Active Listings report');
  await saveAndConfirm(page, 'Data saved! 2 new, 0 updated, 0 unchanged.');
  await choose(page, 'all-listings-1252.txt', 'All Listings report');
  await page.getByLabel('Skip inactive listings').check();
  await saveAndConfirm(page, 'Data saved! 1 new, 0 updated, 0 unchanged.');
  const rows = await storedRows(page);
  expect(rows.get('LAMP-1')).toMatchObject({ your_price: 19.99, local_inventory_quantity: 5 });
  expect(rows.get('LAMP-2')).toMatchObject({ your_price: 24, local_inventory_quantity: null });
  expect(rows.get('CANDLE-1')).toMatchObject({ your_price: 12, local_inventory_quantity: 7 });
  expect(rows.get('CANDLE-2')).toMatchObject({ your_price: 14.5, local_inventory_quantity: null });
  expect(rows.get('SOAP-1')).toMatchObject({
    title: 'Savon de Marseille – 200 g',
    local_inventory_quantity: 20,
  });
  expect(rows.has('SOAP-2')).toBe(false);
});

test('German (Windows-1252) and Japanese (Shift_JIS) listings: their headers, numbers and stores', async ({
  page,
}) => {
  await choose(page, 'de-all-listings-1252.txt', 'All Listings report');
  await expect(page.getByLabel('Marketplace of this file')).toHaveValue('auto');
  await expect(page.getByLabel('Marketplace of this file')).toContainText('Germany (amazon.de, EUR)');
  await saveAndConfirm(page, 'Data saved! 2 new, 0 updated, 0 unchanged.');
  await choose(page, 'jp-all-listings-sjis.txt', 'All Listings report');
  await saveAndConfirm(page, 'Data saved! 1 new, 0 updated, 0 unchanged.');
  const rows = await storedRows(page);
  expect(rows.get('GUERTEL-1')).toMatchObject({
    title: 'Größenverstellbarer Gürtel',
    your_price: 12.99,
    local_inventory_quantity: 3,
    marketplace: 'DE',
  });
  expect(rows.get('BOERSE-2')).toMatchObject({ your_price: 1249, marketplace: 'DE' });
  expect(rows.get('JP-BOTTLE-1')).toMatchObject({
    title: 'ステンレス製ウォーターボトル 750ml',
    your_price: 1980,
    marketplace: 'JP',
  });
});

test('a German Excel sheet: semicolons, decimal commas, euros and spreadsheet errors', async ({ page }) => {
  await choose(page, 'excel-semicolon-1252.csv', null);
  await columnFor(page, 'MSKU').selectOption('SKU');
  await columnFor(page, 'Your Cost').selectOption('Einkaufspreis');
  await columnFor(page, 'Local Stock').selectOption('Lagerbestand');
  await columnFor(page, 'Supplier').selectOption('Lieferant');
  await expect(page.getByRole('table', { name: 'Import preview' })).toContainText('€3.50');
  await saveAndConfirm(page, 'Data saved! 2 new, 0 updated, 0 unchanged.');
  const rows = await storedRows(page);
  expect(rows.get('A-1')).toMatchObject({
    cost: 3.5,
    local_inventory_quantity: 5,
    supplier: 'Müller GmbH',
    currency: 'EUR',
  });
  expect(rows.get('A-2')).toMatchObject({ cost: null, local_inventory_quantity: 12, supplier: null });
});

test('a file whose encoding cannot be decided: both readings shown, the seller picks', async ({ page }) => {
  await page.goto('/settings/temp-csv-import');
  await page.getByLabel('CSV file').setInputFiles(path.join(REPORTS, 'undecidable-sjis.txt'));
  await expect(page.getByText('Which reading of this file looks right?')).toBeVisible();
  await expect(page.getByText('HONDA-1\t–{“c Honda')).toBeVisible();
  await expect(page.getByText('HONDA-1\t本田 Honda')).toBeVisible();
  await page.getByRole('button', { name: 'Use Shift_JIS (Japanese)' }).click();
  await expect(page.getByText('undecidable-sjis.txt')).toBeVisible();
  await columnFor(page, 'MSKU').selectOption('sku');
  await columnFor(page, 'Title').selectOption('title');
  await saveAndConfirm(page, 'Data saved! 1 new, 0 updated, 0 unchanged.');
  expect((await storedRows(page)).get('HONDA-1')).toMatchObject({ title: '本田 Honda' });
});

test('bad files: one column refused, every duplicate MSKU listed by row, keep the last of each', async ({
  page,
}) => {
  await page.goto('/settings/temp-csv-import');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'skus.csv', mimeType: 'text/csv', buffer: Buffer.from('SKU\nA-1\nB-2\n') });
  await expect(
    page.getByRole('alert').filter({ hasText: 'This file has only one column' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  const text = ['SKU,Cost', 'A,1', 'B,2', '', 'A,3', 'B,4', 'C,5'].join('\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'dupes.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await columnFor(page, 'MSKU').selectOption('SKU');
  await columnFor(page, 'Your Cost').selectOption('Cost');
  const duplicates = page.getByRole('region', { name: 'Duplicate MSKUs' });
  // The header is row 1 and the empty line is row 4, as a spreadsheet numbers them.
  await expect(duplicates).toContainText('MSKU "A" is on rows 2 and 5');
  await expect(duplicates).toContainText('MSKU "B" is on rows 3 and 6');
  await duplicates.getByRole('button', { name: 'Keep the last row of each' }).click();
  await saveAndConfirm(page, 'Data saved! 3 new, 0 updated, 0 unchanged.');
  const rows = await storedRows(page);
  expect([rows.get('A')?.cost, rows.get('B')?.cost, rows.get('C')?.cost]).toEqual([3, 4, 5]);
});
