import { expect, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';
import { baseRow, cell, importRows } from './support/restock';

// A seller imports the marketplace's All Orders report through the Import CSV dialog; the
// recommendation then plans with the daily history, and the product drawer draws it.

test.use({ viewport: { width: 3600, height: 1000 } });

const HEADER = [
  'amazon-order-id',
  'merchant-order-id',
  'purchase-date',
  'last-updated-date',
  'order-status',
  'fulfillment-channel',
  'sales-channel',
  'product-name',
  'sku',
  'asin',
  'item-status',
  'quantity',
  'currency',
  'item-price',
].join('\t');

/** 60 days of orders ending yesterday: 3 units a day, plus one cancelled order of 40. */
function allOrdersReport(msku: string): Buffer {
  const lines = [HEADER];
  const today = Math.floor(Date.now() / 86_400_000);
  for (let back = 60; back >= 1; back--) {
    // 20:00 UTC is the same calendar day in Los Angeles, the US marketplace's time zone.
    const stamp = `${new Date((today - back) * 86_400_000).toISOString().slice(0, 10)}T20:00:00+00:00`;
    lines.push(
      [
        `111-0000001-${back}`,
        '',
        stamp,
        stamp,
        'Shipped',
        'Amazon',
        'Amazon.com',
        'Mug',
        msku,
        'B000MUG001',
        'Shipped',
        '3',
        'USD',
        '29.97',
      ].join('\t'),
    );
  }
  const stamp = `${new Date((today - 2) * 86_400_000).toISOString().slice(0, 10)}T18:00:00+00:00`;
  lines.push(
    [
      '111-0000002-1',
      '',
      stamp,
      stamp,
      'Cancelled',
      'Amazon',
      'Amazon.com',
      'Mug',
      msku,
      'B000MUG001',
      'Cancelled',
      '40',
      'USD',
      '',
    ].join('\t'),
  );
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('an All Orders report imported through Import CSV changes To Buy and fills the product drawer', async ({
  page,
}) => {
  await signUpThroughForm(page);
  await importRows(page, [baseRow('MUG-1')]);
  await page.goto('/restock');
  // Without history: Sales (30 Days) 30 → 1 a day × 50 days − 20 in stock = 30.
  await expect(await cell(page, 'MUG-1', 'To Buy')).toContainText('30');
  await expect(await cell(page, 'MUG-1', 'Rate Source')).toHaveText('sales_last_30_days');

  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'All Orders Report.txt',
    mimeType: 'text/plain',
    buffer: allOrdersReport('MUG-1'),
  });
  await expect(page.getByText('Recognised: All Orders report')).toBeVisible();
  await expect(page.getByText('61 lines → 60 product-days of sales')).toBeVisible();
  await expect(page.getByText('1 cancelled order lines left out.')).toBeVisible();
  await page.getByRole('button', { name: 'Import sales' }).click();
  await expect(page.getByText('Imported sales for 1 product over 60 days.')).toBeVisible();

  // With history: 3 a day × 50 days − 20 in stock = 130.
  await expect(await cell(page, 'MUG-1', 'To Buy')).toContainText('130');
  await expect(await cell(page, 'MUG-1', 'Rate Source')).toHaveText('history');
  await expect(await cell(page, 'MUG-1', 'Daily Rate')).toHaveText('3');

  // "Why this number" shows the forecast's windows and weights.
  await page.getByRole('button', { name: 'Why buy 130 of MUG-1' }).click();
  const why = page.getByRole('dialog', { name: 'Why 130 for MUG-1' });
  await expect(why.getByText('Last 7 days')).toBeVisible();
  await expect(why.getByText('21 units over 7 days, weight 25 %')).toBeVisible();
  await expect(why.getByText('Forecast from daily sales history', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Sales history of MUG-1' }).click();
  const drawer = page.getByRole('dialog', { name: 'Product MUG-1' });
  await expect(drawer).toBeVisible();
  const chart = drawer.getByRole('img', { name: /Daily sales and stock of MUG-1/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.getByText('Sold', { exact: true })).toBeVisible();
  await expect(chart.getByText('Forecast', { exact: true })).toBeVisible();
  await expect(drawer.getByText('How the forecast was made')).toBeVisible();

  // At a phone's width the chart fits the drawer.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => (await chart.locator('canvas').boundingBox())?.width ?? 9999)
    .toBeLessThanOrEqual(390);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

/** Daily sales of `products` products over the `days` days ending yesterday, day by day. */
function longSalesFile(products: number, days: number): Buffer {
  const today = Math.floor(Date.now() / 86_400_000);
  const lines = ['sku,date,units'];
  for (let back = days; back >= 1; back--) {
    const day = new Date((today - back) * 86_400_000).toISOString().slice(0, 10);
    for (let product = 1; product <= products; product++) lines.push(`BIG-${product},${day},2`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

test('a large sales file uploads while it is read, and a cancelled one leaves nothing staged', async ({
  page,
}) => {
  await signUpThroughForm(page);
  await importRows(page, [baseRow('BIG-1'), baseRow('BIG-2'), baseRow('BIG-3')]);
  await page.goto('/restock');
  // 1,100 products × 100 days: 110,000 product-days, more than one request holds.
  const file = { name: 'daily-sales.csv', mimeType: 'text/csv', buffer: longSalesFile(1_100, 100) };
  const isPart = (request: { method(): string; url(): string }) =>
    request.method() === 'POST' && request.url().endsWith('/api/dynamic/import-sales');

  // The first part goes before the seller clicks Import; it is kept, not written.
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const firstPart = page.waitForResponse((response) => isPart(response.request()));
  await page.getByLabel('CSV file').setInputFiles(file);
  expect(await (await firstPart).json()).toEqual({ staged: 100_000 });
  await expect(page.getByText('110,000 lines → 110,000 product-days of sales')).toBeVisible();
  const lastPart = page.waitForResponse((response) => isPart(response.request()));
  await page.getByRole('button', { name: 'Import sales' }).click();
  expect(JSON.parse((await lastPart).request().postData() ?? '{}').upload).toMatchObject({
    part: 1,
    last: true,
  });
  await expect(page.getByText('Imported sales for 3 products over 100 days.')).toBeVisible();
  await expect(page.getByText('1,097 products are not in your catalogue')).toBeVisible();
  await expect(await cell(page, 'BIG-2', 'Rate Source')).toHaveText('history');

  // Chosen again and cancelled once its first part is kept: the part is dropped.
  await page.getByRole('button', { name: 'Import CSV' }).first().click();
  const keptAgain = page.waitForResponse((response) => isPart(response.request()));
  await page.getByLabel('CSV file').setInputFiles(file);
  await keptAgain;
  const dropped = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && response.url().includes('/api/dynamic/history-uploads/'),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  expect(await (await dropped).json()).toEqual({ discarded: 1 });
});
