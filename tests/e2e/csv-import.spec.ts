import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';

// The importer alone on /settings/temp-csv-import (SPEC 2), so this journey does not depend on
// the restock grid. The rows are checked through the API the grid reads.

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
// Tall enough for the whole mapping board, so dnd-kit never auto-scrolls the page mid-drag.
test.use({ viewport: { width: 1400, height: 1100 } });

type Row = Record<string, unknown> & { msku: string };

const fileInput = (page: Page) => page.getByLabel('CSV file');
const columnList = (page: Page) => page.getByRole('list', { name: 'CSV columns' });
const field = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Import fields' }).getByRole('listitem', { name, exact: true });
const chip = (page: Page, column: string) => page.getByRole('button', { name: column, exact: true });
const columnFor = (page: Page, target: string) =>
  page.getByLabel(`CSV column for ${target}`, { exact: true });

/** Scrolls a field to the middle of its list, away from the edges where dnd-kit auto-scrolls. */
async function centreInList(item: Locator) {
  await item.evaluate((element) => {
    const list = element.closest('ul');
    if (!list) return;
    const offset = element.getBoundingClientRect().top - list.getBoundingClientRect().top;
    list.scrollTop += offset - (list.clientHeight - element.getBoundingClientRect().height) / 2;
  });
}

/** A real pointer drag: small steps so dnd-kit's pointer sensor passes its activation distance. */
async function drag(page: Page, source: Locator, target: Locator) {
  await centreInList(target);
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

/** Save asks the server what the import will change; the review is confirmed to write it. */
async function saveAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'What this import will change' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm import' }).click();
}

async function openImporter(page: Page) {
  await signUpThroughForm(page);
  await page.goto('/settings/temp-csv-import');
  await expect(page.getByRole('heading', { name: 'Temp CSV Import' })).toBeVisible();
}

async function storedRows(page: Page): Promise<Map<string, Row>> {
  const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
  const response = await page.request.get('/api/tables/restock/data', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  const rows = (await response.json()) as Row[];
  return new Map(rows.map((row) => [row.msku, row]));
}

test('a messy CSV is mapped by drag and by keyboard, swapped, saved and stored with the right values', async ({
  page,
}) => {
  await openImporter(page);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await fileInput(page).setInputFiles(path.join(FIXTURES, 'messy-inventory.csv'));
  await expect(page.getByText('messy-inventory.csv')).toBeVisible();
  await expect(chip(page, 'Seller SKU')).toBeVisible();

  // By drag: the SKU and the cost. A mapped column leaves the left list.
  await drag(page, chip(page, 'Seller SKU'), field(page, 'MSKU'));
  await expect(columnFor(page, 'MSKU')).toHaveValue('Seller SKU');
  await expect(columnList(page).getByText('Seller SKU')).toHaveCount(0);
  await drag(page, chip(page, 'Unit Cost'), field(page, 'Your Cost'));
  await expect(columnFor(page, 'Your Cost')).toHaveValue('Unit Cost');

  // The 80 percent rule: names are not amounts; the mapping is unchanged.
  await drag(page, chip(page, 'Vendor'), field(page, 'Your Cost'));
  await expect(page.getByText('CSV column "Vendor" is not compatible with "Your Cost"')).toBeVisible();
  await expect(columnFor(page, 'Your Cost')).toHaveValue('Unit Cost');

  // By keyboard: a select per field.
  await columnFor(page, 'ASIN').selectOption('Product ASIN');
  await columnFor(page, 'Supplier').selectOption('Vendor');
  await columnFor(page, 'Replen').selectOption('Reorder?');
  // Two columns on each other's field on purpose, then swapped by dragging one onto the other.
  await columnFor(page, 'Ordered').selectOption('Lead Days');
  await columnFor(page, 'Order Lead Time').selectOption('On Order');
  await drag(page, chip(page, 'Lead Days'), field(page, 'Order Lead Time'));
  await expect(columnFor(page, 'Order Lead Time')).toHaveValue('Lead Days');
  await expect(columnFor(page, 'Ordered')).toHaveValue('On Order');

  // A mapped column dragged back to the left list is unmapped.
  await drag(page, chip(page, 'Notes'), field(page, 'Title'));
  await expect(columnFor(page, 'Title')).toHaveValue('Notes');
  await drag(page, chip(page, 'Notes'), columnList(page));
  await expect(columnFor(page, 'Title')).toHaveValue('');
  await expect(columnList(page).getByText('Notes')).toBeVisible();

  // The preview shows the parsed values; the totals line without an SKU is left out.
  const preview = page.getByRole('table', { name: 'Import preview' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview).toContainText('$1,234.50');
  await expect(preview).toContainText('$2.50');
  await expect(preview).toContainText('1,200');

  await page.getByLabel('Save column mapping for next time').check();
  await saveAndConfirm(page);
  await expect(page.getByText('Data saved!')).toBeVisible();
  // Everything resets after a save.
  await expect(page.getByText('messy-inventory.csv')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  const rows = await storedRows(page);
  expect(rows.size).toBe(3);
  expect(rows.get('00123')).toMatchObject({
    asin: 'B000TEST01',
    cost: 1234.5,
    quantity_already_ordered: 12,
    order_lead_time: 14,
    supplier: 'Acme Wholesale',
    replen: true,
    title: null,
  });
  expect(rows.get('SKU-B')).toMatchObject({
    cost: 2.5,
    quantity_already_ordered: 1200,
    order_lead_time: 7,
    supplier: 'Northwind',
    replen: false,
  });
  expect(rows.get('SKU-C')).toMatchObject({
    cost: 3,
    quantity_already_ordered: 0,
    order_lead_time: null,
    supplier: null,
    replen: true,
  });

  // The saved mapping is applied when the next file loads.
  await fileInput(page).setInputFiles(path.join(FIXTURES, 'messy-inventory.csv'));
  await expect(columnFor(page, 'MSKU')).toHaveValue('Seller SKU');
  await expect(columnFor(page, 'Order Lead Time')).toHaveValue('Lead Days');
  await expect(columnFor(page, 'Title')).toHaveValue('');
  await page.getByRole('button', { name: 'Clear All Mappings' }).click();
  await expect(columnFor(page, 'MSKU')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('a Restock Inventory report is recognised and imported without manual mapping', async ({ page }) => {
  await openImporter(page);
  await fileInput(page).setInputFiles(path.join(FIXTURES, 'restock-inventory-report.txt'));
  await expect(page.getByText('Recognised: Restock Inventory report')).toBeVisible();
  await expect(columnFor(page, 'MSKU')).toHaveValue('Merchant SKU');
  await expect(columnFor(page, 'Sales (30 Days)')).toHaveValue('Units Sold Last 30 Days');
  await saveAndConfirm(page);
  await expect(page.getByText('Data saved!')).toBeVisible();

  const rows = await storedRows(page);
  expect(rows.size).toBe(2);
  expect(rows.get('WB-750')).toMatchObject({
    asin: 'B07WATER01',
    title: 'Stainless Water Bottle 750ml',
    your_price: 24.99,
    sales_last_30_days: 60,
    fba_quantity: 100,
    inbound_quantity: 40,
    supplier: 'Acme Wholesale',
  });
  // SKUs stay text: the leading zeros are kept.
  expect(rows.get('0042-CB')).toMatchObject({ your_price: 18.5, fba_quantity: 25, supplier: null });
});

test('a file over 1 MB is parsed in a worker and imported in full', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await openImporter(page);
  const lines = ['Item Code,Name,Sale Price,Product Id'];
  for (let index = 1; index <= 25_000; index += 1) {
    lines.push(
      `BULK-${String(index).padStart(5, '0')},Bulk product number ${index},$${(index % 97) + 0.99},B0${index}`,
    );
  }
  const buffer = Buffer.from(lines.join('\n'));
  expect(buffer.length).toBeGreaterThan(1024 * 1024);
  await fileInput(page).setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer });
  await expect(page.getByText('25,000 rows · 4 columns')).toBeVisible();
  await columnFor(page, 'MSKU').selectOption('Item Code');
  await columnFor(page, 'Your Price').selectOption('Sale Price');
  await expect(page.getByText('25,000 rows with an MSKU will be imported.')).toBeVisible();
  await saveAndConfirm(page);
  await expect(page.getByText('Data saved!')).toBeVisible();
  const rows = await storedRows(page);
  expect(rows.size).toBe(25_000);
  // Only the mapped fields are stored: 100 % 97 + 0.99 = 3.99.
  expect(rows.get('BULK-00100')).toMatchObject({ your_price: 3.99, title: null, asin: null });
  expect(errors).toEqual([]);
});

test('an empty file is refused with a message', async ({ page }) => {
  await openImporter(page);
  await fileInput(page).setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('') });
  // Said twice: in a toast and beside the importer.
  await expect(page.getByText('CSV file is empty or invalid')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
});
