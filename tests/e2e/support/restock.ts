import { expect, type Locator, type Page } from '@playwright/test';

export type ImportRow = Record<string, string | number | boolean | null>;

export const accessToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('accessToken') ?? '');

export type StoredRow = Record<string, unknown> & { msku: string };

/** The account's restock rows as the API answers them, by MSKU. */
export async function storedRows(page: Page): Promise<Map<string, StoredRow>> {
  const response = await page.request.get('/api/tables/restock/data', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.ok()).toBe(true);
  return new Map(((await response.json()) as StoredRow[]).map((row) => [row.msku, row]));
}

/** Loads rows through the real import endpoint, as the CSV dialog would. */
export async function importRows(page: Page, rows: ImportRow[]) {
  const response = await page.request.post('/api/dynamic/import-inventory', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { data: rows },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const grid = (page: Page) => page.getByRole('grid', { name: 'Restock' });

/** The row of a product, found by its MSKU chip. */
export const rowOf = (page: Page, msku: string) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: `Copy MSKU ${msku}` }) });

/** The 1-based aria-colindex of a column, read from the header's accessible text. */
export async function columnIndex(page: Page, name: string): Promise<number> {
  const headers = grid(page).getByRole('columnheader');
  await expect(headers.first()).toBeVisible();
  const count = await headers.count();
  for (let i = 0; i < count; i++) {
    const header = headers.nth(i);
    const text = (await header.innerText()).split('\n')[0]?.trim();
    if (text === name) return Number(await header.getAttribute('aria-colindex'));
  }
  throw new Error(`No column named ${name}`);
}

export async function cell(page: Page, msku: string, columnName: string): Promise<Locator> {
  const index = await columnIndex(page, columnName);
  return rowOf(page, msku).locator(`[role="gridcell"][aria-colindex="${index}"]`);
}

export async function editCell(page: Page, msku: string, columnName: string, value: string) {
  const target = await cell(page, msku, columnName);
  await target.dblclick();
  const editor = page.getByRole('textbox', { name: `Edit ${columnName}` });
  await editor.fill(value);
  await editor.press('Enter');
}

/** The MSKUs of the rendered rows, top to bottom. */
export async function visibleMskus(page: Page): Promise<string[]> {
  const labels = await grid(page)
    .getByRole('button', { name: /^Copy MSKU / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace('Copy MSKU ', ''));
}

export const baseRow = (msku: string, overrides: ImportRow = {}): ImportRow => ({
  msku,
  asin: `B0${msku
    .replace(/[^A-Z0-9]/gi, '')
    .padStart(8, '0')
    .slice(-8)}`,
  title: `Product ${msku}`,
  supplier: 'Acme Wholesale',
  cost: 10,
  buy_box_price: 25,
  your_price: 24,
  sales_last_30_days: 30,
  days_in_stock_of_last_30: 30,
  fba_quantity: 20,
  inbound_quantity: 0,
  local_inventory_quantity: 0,
  quantity_already_ordered: 0,
  order_lead_time: 7,
  prep_lead_time: 3,
  amz_lead_time: 10,
  desired_days_of_inventory: 30,
  replen: false,
  ...overrides,
});

/** The header names in display order, once the grid has rendered. */
export async function headerNames(page: Page): Promise<string[]> {
  const headers = grid(page).getByRole('columnheader');
  await expect(headers.first()).toBeVisible();
  return (await headers.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
}
