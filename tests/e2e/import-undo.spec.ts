import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import { accessToken, importRows, storedRows } from './support/restock';

// An import as a seller lives it: the marketplace's report over products typed by hand, what it
// will change before it changes it, the counts after, and undoing it from Settings → Imports.

const REPORTS = path.join(import.meta.dirname, 'fixtures', 'reports');
test.use({ viewport: { width: 1400, height: 1100 } });

/** The seller's own product, typed by hand: the report knows nothing of its supplier or order. */
async function handTypedBottle(page: Page) {
  await importRows(page, [
    { msku: 'WB-750', supplier: 'Keystone Goods', quantity_already_ordered: 40, cost: 7.5 },
  ]);
}

async function loadRestockReport(page: Page) {
  await page.goto('/settings/temp-csv-import');
  await page.getByLabel('CSV file').setInputFiles(path.join(REPORTS, 'restock-inventory-1252.txt'));
  await expect(page.getByText('Recognised: Restock Inventory report')).toBeVisible();
}

const review = (page: Page) => page.getByRole('table', { name: 'Changes by field' });
const fieldRow = (page: Page, name: string) =>
  review(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });

test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page);
});

test('preview, confirm, the counts in the toast, and undo from Settings → Imports', async ({ page }) => {
  await handTypedBottle(page);
  await loadRestockReport(page);
  await page.getByRole('button', { name: 'Save' }).click();

  // The server's dry run: one new product, one updated; the blank Supplier and On Order stay.
  const products = page.getByRole('list', { name: 'Products' });
  await expect(products).toContainText('1 new products');
  await expect(products).toContainText('1 updated');
  await expect(products).toContainText('0 unchanged');
  await expect(fieldRow(page, 'FBA Stock')).toContainText('WB-750: (empty)→100');
  await expect(fieldRow(page, 'Title')).toContainText('“Steel Bottle Ø 7 cm – ½ litre”');
  await expect(fieldRow(page, 'Supplier')).toHaveCount(0);
  expect((await storedRows(page)).size).toBe(1);

  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByText('Data saved! 1 new, 1 updated, 0 unchanged.')).toBeVisible();
  let rows = await storedRows(page);
  expect(rows.get('WB-750')).toMatchObject({
    title: 'Steel Bottle Ø 7 cm – ½ litre',
    supplier: 'Keystone Goods',
    quantity_already_ordered: 40,
    cost: 7.5,
    fba_quantity: 100,
    inbound_quantity: 40,
    sales_last_30_days: 60,
  });
  expect(rows.get('KN-8')).toMatchObject({ title: 'Chef’s Knife® Pro', supplier: 'Acme Wholesale' });

  await page.getByRole('link', { name: 'See or undo this import' }).click();
  await expect(page).toHaveURL(/\/settings\/imports$/);
  const history = page.getByRole('table', { name: 'Imports' });
  const record = history.getByRole('row').filter({ hasText: 'restock-inventory-1252.txt' });
  await expect(record).toContainText('Restock Inventory report');
  await expect(record).toContainText('Robin Reseller');
  await record.getByRole('button', { name: 'Undo this import' }).click();
  await page
    .getByRole('dialog', { name: 'Undo this import?' })
    .getByRole('button', { name: 'Undo import' })
    .click();
  await expect(page.getByText('Import undone: 1 restored, 1 deleted.')).toBeVisible();
  await expect(record).toContainText('Undone');
  await expect(record.getByRole('button', { name: 'Undo this import' })).toHaveCount(0);

  rows = await storedRows(page);
  expect([...rows.keys()]).toEqual(['WB-750']);
  expect(rows.get('WB-750')).toMatchObject({
    title: null,
    supplier: 'Keystone Goods',
    quantity_already_ordered: 40,
    cost: 7.5,
    fba_quantity: null,
  });
});

test('blank cells clear only when asked, and clearing needs its own confirmation', async ({ page }) => {
  await handTypedBottle(page);
  await loadRestockReport(page);
  await page.getByLabel('Blank cells clear the field').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(fieldRow(page, 'Supplier')).toContainText('WB-750: “Keystone Goods”→(empty)');
  const confirm = page.getByRole('button', { name: 'Confirm import' });
  await expect(confirm).toBeDisabled();
  await page.getByLabel('Yes, clear 1 stored value').check();
  await confirm.click();
  await expect(page.getByText('Data saved! 1 new, 1 updated, 0 unchanged.')).toBeVisible();
  expect((await storedRows(page)).get('WB-750')).toMatchObject({
    supplier: null,
    quantity_already_ordered: 40,
  });
});

test('an undo blocked by a later edit names the product and can undo the rest', async ({ page }) => {
  await handTypedBottle(page);
  await loadRestockReport(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByText(/^Data saved!/)).toBeVisible();
  // Edited by hand after the import.
  const edit = await page.request.patch('/api/tables/restock/data/WB-750', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { cost: 8 },
  });
  expect(edit.ok()).toBe(true);

  await page.goto('/settings/imports');
  await page
    .getByRole('row')
    .filter({ hasText: 'restock-inventory-1252.txt' })
    .getByRole('button', { name: 'Undo this import' })
    .click();
  await page.getByRole('button', { name: 'Undo import' }).click();
  const blocked = page.getByRole('dialog', { name: 'Some products changed since' });
  await expect(blocked).toContainText('Product "WB-750" changed after this import');
  await blocked.getByRole('button', { name: 'Undo the rest' }).click();
  await expect(page.getByText('Import undone: 0 restored, 1 deleted, 1 left as they were.')).toBeVisible();
  const rows = await storedRows(page);
  expect([...rows.keys()]).toEqual(['WB-750']);
  expect(rows.get('WB-750')).toMatchObject({ cost: 8, fba_quantity: 100 });
});
