import { expect, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import { WIDTHS } from './support/layout';
import { baseRow, cell, grid, importRows, rowOf, visibleMskus } from './support/restock';

test.beforeEach(async ({ page }) => {
  await signUpThroughForm(page);
});

const background = async (page: Page, msku: string) =>
  rowOf(page, msku).evaluate((row) => getComputedStyle(row).backgroundColor);

test('hand-built rows are tinted by urgency, with a legend', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // 1 a day with 20 lead days: no stock, 8 days of stock, 45 days of stock.
  await importRows(page, [
    baseRow('TINT-OUT', { fba_quantity: 0 }),
    baseRow('TINT-SOON', { fba_quantity: 8 }),
    baseRow('TINT-FINE', { fba_quantity: 45 }),
    baseRow('TINT-IDLE', { fba_quantity: 5, sales_last_30_days: 0 }),
  ]);
  await page.goto('/restock');
  await expect(rowOf(page, 'TINT-OUT')).toHaveClass(/urgency-out_of_stock/);
  await expect(rowOf(page, 'TINT-SOON')).toHaveClass(/urgency-before_lead_time/);
  await expect(rowOf(page, 'TINT-FINE')).toHaveClass(/urgency-fine/);
  await expect(rowOf(page, 'TINT-IDLE')).toHaveClass(/urgency-fine/);
  const [out, soon, fine] = await Promise.all([
    background(page, 'TINT-OUT'),
    background(page, 'TINT-SOON'),
    background(page, 'TINT-FINE'),
  ]);
  expect(new Set([out, soon, fine]).size).toBe(3);
  const legend = page.getByRole('list', { name: 'Row colours' });
  await expect(legend).toContainText('Out of stock');
  await expect(legend).toContainText('Runs out before a new order arrives');
});

test('blank lead times show the account default in grey; a blank cost keeps the red marker', async ({
  page,
}) => {
  await page.setViewportSize({ width: 3600, height: 900 });
  await importRows(page, [baseRow('BLANK-1', { order_lead_time: null, cost: null, case_pack: null })]);
  await page.goto('/restock');
  const lead = await cell(page, 'BLANK-1', 'Order Lead Time');
  await expect(lead).toHaveText('7');
  await expect(lead.locator('[data-blank="default"]')).toBeVisible();
  await lead.locator('[data-blank="default"] span').first().hover();
  await expect(page.getByRole('tooltip')).toContainText('default');
  const emptyMarker = async (name: string) =>
    (await cell(page, 'BLANK-1', name)).evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await emptyMarker('Order Lead Time')).not.toBe(await emptyMarker('Your Cost'));
  expect(await emptyMarker('Case Pack')).toBe(await emptyMarker('Order Lead Time'));
});

test('header tooltips stay inside the viewport at 1440, 768 and 390 px', async ({ page }) => {
  await importRows(page, [baseRow('TIP-1')]);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto('/restock');
    const headers = grid(page).getByRole('columnheader');
    await expect(headers.first()).toBeVisible();
    // The first and the last header rendered: the tooltip of a header at the edge must flip inside.
    for (const header of [headers.nth(1), headers.last()]) {
      await header.locator('span').first().hover();
      const tooltip = page.getByRole('tooltip');
      await expect(tooltip).toBeVisible();
      const box = (await tooltip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      await page.mouse.move(0, 0);
      await expect(tooltip).toBeHidden();
    }
  }
});

test('a filter that matches nothing says so and Clear Filters brings the rows back', async ({ page }) => {
  await importRows(page, [baseRow('NM-1'), baseRow('NM-2')]);
  await page.goto('/restock');
  await page.getByRole('textbox', { name: 'Filter Product' }).fill('no such product');
  await expect(page.getByRole('heading', { name: 'No products match these filters' })).toBeVisible();
  await grid(page).getByRole('button', { name: 'Clear Filters' }).click();
  await expect.poll(() => visibleMskus(page)).toEqual(['NM-1', 'NM-2']);
});

test('filters and sort survive leaving the page and coming back', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await importRows(page, [
    baseRow('KEEP-1', { title: 'Steel A', fba_quantity: 5 }),
    baseRow('KEEP-2', { title: 'Steel B', fba_quantity: 40 }),
    baseRow('KEEP-3', { title: 'Wood C' }),
  ]);
  await page.goto('/restock');
  await page.getByRole('textbox', { name: 'Filter Product' }).fill('steel');
  const toBuy = grid(page).getByRole('columnheader').filter({ hasText: 'To Buy' });
  await toBuy.click();
  await toBuy.click();
  await expect.poll(() => visibleMskus(page)).toEqual(['KEEP-1', 'KEEP-2']);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: 'Restock', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Filter Product' })).toHaveValue('steel');
  await expect(toBuy).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => visibleMskus(page)).toEqual(['KEEP-1', 'KEEP-2']);
});

test('a failed load offers Retry, which loads the table', async ({ page }) => {
  await importRows(page, [baseRow('RETRY-1')]);
  // The query retries once by itself: two network failures reach the error state.
  let failures = 2;
  await page.route('**/api/tables/restock/data?shape=columns', async (route) => {
    if (failures-- > 0) await route.abort();
    else await route.continue();
  });
  await page.goto('/restock');
  await expect(page.getByText('Error loading data')).toBeVisible();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(rowOf(page, 'RETRY-1')).toBeVisible();
});
