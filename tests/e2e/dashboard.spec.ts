import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import { expectNoSidewaysScroll, setTheme, WIDTHS } from './support/layout';
import { accessToken, baseRow, grid, importRows, rowOf, visibleMskus } from './support/restock';

type ApiRow = {
  msku: string;
  total_quantity: number;
  recommended_buy_quantity: number;
  total_spend: number | null;
  reorder_by: string | null;
  hdos: number | null;
};

test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page);
});

// 1 a day, lead times 7 + 3 + 10 days, 30 desired days, $10 each (baseRow).
const HAND_BUILT = [
  baseRow('DASH-OUT', { title: 'Out Of Stock Kettle', fba_quantity: 0 }),
  baseRow('DASH-SOON', { title: 'Soon Gone Mug', fba_quantity: 8 }),
  baseRow('DASH-FINE', { title: 'Fine Teapot', fba_quantity: 45 }),
  baseRow('DASH-PLENTY', { title: 'Plenty Spoon', fba_quantity: 400 }),
];

async function apiRows(page: Page): Promise<ApiRow[]> {
  const response = await page.request.get('/api/tables/restock/data', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const todayUtc = () => new Date().toISOString().slice(0, 10);

test('an empty account sees what to do first, on every width', async ({ page }) => {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/dashboard');
    await expect(page.getByRole('article', { name: '1. Import your products' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveAttribute(
      'href',
      '/settings/temp-csv-import',
    );
    const connect = page.getByRole('article', { name: '2. Connect your marketplace' });
    await expect(connect.getByRole('link', { name: 'Connect in Settings → Marketplace' })).toHaveAttribute(
      'href',
      '/settings/marketplace',
    );
    await expectNoSidewaysScroll(page);
  }
});

test('dashboard figures equal the restock rows the API answers, at 1440, 768 and 390 px', async ({
  page,
}) => {
  await importRows(page, HAND_BUILT);
  const rows = await apiRows(page);
  const today = todayUtc();
  const buying = rows.filter((row) => row.recommended_buy_quantity > 0);
  const spend = buying.reduce((sum, row) => sum + Math.round((row.total_spend ?? 0) * 100), 0) / 100;
  const expected = {
    reorder: String(buying.length),
    spend: money.format(spend),
    out: String(rows.filter((row) => row.total_quantity <= 0).length),
    soon: String(
      rows.filter((row) => row.total_quantity > 0 && row.reorder_by !== null && row.reorder_by < today)
        .length,
    ),
    cover: [
      [0, 7],
      [7, 14],
      [14, 30],
      [30, 60],
      [60, 90],
      [90, Number.POSITIVE_INFINITY],
    ]
      .map(
        ([from, to]) => rows.filter((row) => row.hdos !== null && row.hdos >= from! && row.hdos < to!).length,
      )
      .concat(rows.filter((row) => row.hdos === null).length)
      .map(String),
  };
  // And what they are by hand: OUT buys 50, SOON 42, FINE 5 → 97 × $10; 0, 8, 45 and 400 days of stock.
  expect(expected).toEqual({
    reorder: '3',
    spend: '$970.00',
    out: '1',
    soon: '1',
    cover: ['1', '1', '0', '1', '0', '1', '0'],
  });

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/dashboard');
    await expect(page.getByTestId('reorder-count')).toHaveText(expected.reorder);
    await expect(page.getByTestId('reorder-spend')).toHaveText(expected.spend);
    await expect(page.getByTestId('out-of-stock-count')).toHaveText(expected.out);
    await expect(page.getByTestId('before-lead-time-count')).toHaveText(expected.soon);
    await expect(page.getByTestId('cover-count')).toHaveText(expected.cover);
    await expect(page.getByTestId('card-urgent').getByRole('listitem')).toHaveText([
      /Out Of Stock Kettle/,
      /Soon Gone Mug/,
      /Fine Teapot/,
    ]);
    await expect(page.getByTestId('last-import')).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test('a most-urgent product links to its row in /restock', async ({ page }) => {
  await importRows(page, HAND_BUILT);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Soon Gone Mug' }).click();
  await expect(page).toHaveURL(/\/restock$/);
  await expect.poll(() => visibleMskus(page)).toEqual(['DASH-SOON']);
  await expect(page.getByRole('textbox', { name: 'Filter Product' })).toHaveValue('DASH-SOON');
});

test('the banner row is 100 px with the cards 16 px under it, in 4, 2 and 1 columns', async ({ page }) => {
  await importRows(page, HAND_BUILT);
  const columns = { 1440: 4, 768: 2, 390: 1 } as const;
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/dashboard');
    const banner = await page.getByRole('heading', { level: 1 }).locator('..').boundingBox();
    const first = await page.getByTestId('card-reorder').boundingBox();
    const second = await page.getByTestId('card-before-lead-time').boundingBox();
    expect(banner!.height).toBe(100);
    expect(first!.y - (banner!.y + banner!.height)).toBe(16);
    expect(first!.height).toBe(200);
    const perRow = columns[size.width];
    if (perRow === 1) expect(second!.y).toBeGreaterThan(first!.y);
    else expect(second!.y).toBe(first!.y);
  }
});

test('README screenshots: the dashboard, the restock table with the breakdown open, the import dialog', async ({
  page,
}) => {
  await setTheme(page, 'dark');
  const titles = ['Bamboo Cutting Board', 'Steel Water Bottle', 'Yoga Mat', 'Ceramic Mug', 'Desk Lamp'];
  await importRows(
    page,
    Array.from({ length: 30 }, (_, i) =>
      baseRow(`SKU-${String(i + 1).padStart(3, '0')}`, {
        title: `${titles[i % titles.length]} ${i + 1}`,
        fba_quantity: [0, 6, 14, 25, 40, 70, 120][i % 7]!,
        sales_last_30_days: 20 + ((i * 7) % 45),
        cost: 3 + (i % 9) * 1.75,
        order_lead_time: i % 3 === 0 ? null : 7,
      }),
    ),
  );
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/dashboard');
  await expect(page.getByTestId('reorder-count')).toBeVisible();
  await page.screenshot({ path: 'docs/dashboard.png', animations: 'disabled', caret: 'hide' });

  await page.goto('/restock');
  await expect(rowOf(page, 'SKU-001')).toBeVisible();
  await grid(page)
    .getByRole('button', { name: /^Why buy \d+ of SKU-001$/ })
    .click();
  await expect(page.getByRole('dialog', { name: /^Why \d+ for SKU-001$/ })).toBeVisible();
  await page.screenshot({ path: 'docs/restock-breakdown.png', animations: 'disabled', caret: 'hide' });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page
    .getByLabel('CSV file')
    .setInputFiles(path.join(import.meta.dirname, 'fixtures', 'messy-inventory.csv'));
  await expect(page.getByRole('list', { name: 'CSV columns' })).toBeVisible();
  await page.screenshot({ path: 'docs/import-dialog.png', animations: 'disabled', caret: 'hide' });
  for (const file of ['dashboard', 'restock-breakdown', 'import-dialog']) {
    expect(statSync(`docs/${file}.png`).size).toBeLessThan(400_000);
  }
});
