import path from 'node:path';
import { expect, type Page, type Request, test } from '@playwright/test';
import { logInThroughForm, STRONG_PASSWORD, signUpThroughForm } from './support/accounts';
import { baseRow, cell, editCell, importRows, rowOf } from './support/restock';

// The grid renders only the columns that fit (virtualised); a wide window shows all of them.
test.use({ viewport: { width: 3600, height: 1000 } });

const FAILED = 'Failed to update data. Please try again.';
const CONFLICT = 'Someone else changed this product a moment ago. The table now shows the latest values.';

const isEdit = (request: Request) =>
  request.method() === 'PATCH' && request.url().includes('/api/tables/restock/data/');
const isTableRead = (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === '/api/tables/restock/data';

/** Counts whole-table reads from now on. */
function countTableReads(page: Page) {
  let count = 0;
  page.on('request', (request) => {
    if (isTableRead(request)) count += 1;
  });
  return () => count;
}

test('two quick edits of one row in a table of thousands both save, each on the version the last answer gave', async ({
  page,
}) => {
  await signUpThroughForm(page);
  const rows = Array.from({ length: 3000 }, (_, index) => baseRow(`Q-${String(index).padStart(5, '0')}`));
  await importRows(page, rows);
  await page.goto('/restock');
  await expect(page.getByText('3,000 rows')).toBeVisible();
  const tableReads = countTableReads(page);

  // The first edit's answer is held back until the second edit has been made: the second is
  // then made on a row whose cached version is the old one, as when a seller types quickly.
  let releaseFirst: () => void = () => {};
  const secondMade = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  const sent: Array<{ body: unknown; ifMatch: string | undefined }> = [];
  await page.route('**/api/tables/restock/data/*', async (route) => {
    const request = route.request();
    if (!isEdit(request)) return route.continue();
    sent.push({ body: request.postDataJSON(), ifMatch: request.headers()['if-match'] });
    if (sent.length === 1) await secondMade;
    return route.continue();
  });
  const answers: Array<{ status: number; etag: string | undefined }> = [];
  page.on('response', (response) => {
    if (isEdit(response.request()))
      answers.push({ status: response.status(), etag: response.headers().etag });
  });

  await editCell(page, 'Q-00000', 'Your Cost', '12.5');
  await editCell(page, 'Q-00000', 'Ordered', '12');
  // Both show at once, before any answer.
  await expect(await cell(page, 'Q-00000', 'Your Cost')).toHaveText('$12.50');
  await expect(await cell(page, 'Q-00000', 'Ordered')).toHaveText('12');
  expect(sent).toHaveLength(1);
  releaseFirst();

  await expect.poll(() => answers.length).toBe(2);
  expect(answers.map(({ status }) => status)).toEqual([200, 200]);
  expect(sent.map(({ body }) => body)).toEqual([{ cost: 12.5 }, { quantity_already_ordered: 12 }]);
  // The second edit names the version the first answer returned.
  expect(sent[1]?.ifMatch).toBe(answers[0]?.etag);
  await expect(page.getByText(FAILED)).toHaveCount(0);
  // 1/day × 50 days − 20 in stock − 12 ordered = 18 to buy at $12.50.
  await expect(await cell(page, 'Q-00000', 'To Buy')).toContainText('18');
  await expect(await cell(page, 'Q-00000', 'Total Spend')).toHaveText('$225.00');
  // The answered rows replaced the cached one: the table was not read again.
  expect(tableReads()).toBe(0);

  await page.unroute('**/api/tables/restock/data/*');
  await page.reload();
  await expect(await cell(page, 'Q-00000', 'Your Cost')).toHaveText('$12.50');
  await expect(await cell(page, 'Q-00000', 'Ordered')).toHaveText('12');
});

test('an entry the field refuses says why in its cell and is never sent', async ({ page }) => {
  await signUpThroughForm(page);
  await importRows(page, [baseRow('BAD-1')]);
  await page.goto('/restock');
  let edits = 0;
  page.on('request', (request) => {
    if (isEdit(request)) edits += 1;
  });

  const target = await cell(page, 'BAD-1', 'Your Cost');
  await target.dblclick();
  const editor = page.getByRole('textbox', { name: 'Edit Your Cost' });
  await editor.fill('12abc');
  await editor.press('Enter');
  // Enter keeps the editor open with the reason.
  await expect(editor).toBeVisible();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  const reason = 'Your Cost must be an amount from 0 to 1,000,000,000';
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();

  // Leaving the cell keeps the typed text there, with the reason.
  await (await cell(page, 'BAD-1', 'Supplier')).click();
  await expect(editor).toHaveCount(0);
  await expect(target).toContainText('12abc');
  await expect(target).toContainText(reason);

  // Over the limit is refused the same way, before anything is sent.
  await target.dblclick();
  await expect(editor).toHaveValue('12abc');
  await editor.fill('5000000000');
  await editor.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();

  // Escape gives the cell its stored value back.
  await editor.press('Escape');
  await expect(target).toHaveText('$10.00');
  expect(edits).toBe(0);

  const saved = page.waitForResponse((response) => isEdit(response.request()));
  await editCell(page, 'BAD-1', 'Your Cost', '$1,234.5');
  await expect(target).toHaveText('$1,234.50');
  expect((await saved).status()).toBe(200);
  expect(edits).toBe(1);
  await page.reload();
  await expect(await cell(page, 'BAD-1', 'Your Cost')).toHaveText('$1,234.50');
});

test('an edit made on a row someone else changed is refused with the reason and the row shows their value', async ({
  page,
  browser,
}) => {
  const seller = await signUpThroughForm(page);
  await importRows(page, [baseRow('BOTH-1'), baseRow('BOTH-2')]);
  await page.goto('/restock');
  await expect(await cell(page, 'BOTH-1', 'Your Cost')).toHaveText('$10.00');

  const other = await browser.newContext({ viewport: { width: 3600, height: 1000 } });
  try {
    const otherPage = await other.newPage();
    await logInThroughForm(otherPage, seller.email, STRONG_PASSWORD);
    await expect(otherPage).toHaveURL(/\/dashboard$/);
    await otherPage.goto('/restock');
    await expect(await cell(otherPage, 'BOTH-1', 'Your Cost')).toHaveText('$10.00');

    // The other browser saves first.
    const saved = otherPage.waitForResponse((response) => isEdit(response.request()));
    await editCell(otherPage, 'BOTH-1', 'Your Cost', '12');
    expect((await saved).status()).toBe(200);

    // This browser still shows $10.00 and the old version: its edit really conflicts.
    const tableReads = countTableReads(page);
    const refused = page.waitForResponse((response) => isEdit(response.request()));
    await editCell(page, 'BOTH-1', 'Your Cost', '15');
    expect((await refused).status()).toBe(412);
    const toast = page.getByRole('alert').filter({ hasText: FAILED });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(CONFLICT);
    // The row shows what the other browser saved, without reading the whole table again.
    await expect(await cell(page, 'BOTH-1', 'Your Cost')).toHaveText('$12.00');
    expect(tableReads()).toBe(0);

    // The refreshed row carries the new version: editing it again saves.
    const again = page.waitForResponse((response) => isEdit(response.request()));
    await editCell(page, 'BOTH-1', 'Your Cost', '15');
    expect((await again).status()).toBe(200);
    await expect(await cell(page, 'BOTH-1', 'Your Cost')).toHaveText('$15.00');
    await otherPage.reload();
    await expect(await cell(otherPage, 'BOTH-1', 'Your Cost')).toHaveText('$15.00');
  } finally {
    await other.close();
  }
});

test('leaving the page while an edit is on its way asks first; once saved, it leaves freely', async ({
  page,
}) => {
  await signUpThroughForm(page);
  await importRows(page, [baseRow('HOLD-1')]);
  await page.goto('/restock');
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/tables/restock/data/*', async (route) => {
    if (isEdit(route.request())) await released;
    return route.continue();
  });
  await editCell(page, 'HOLD-1', 'Your Cost', '7');
  await expect(await cell(page, 'HOLD-1', 'Your Cost')).toHaveText('$7.00');

  // A reload started by the page itself, so that dismissing the question leaves nothing waiting.
  const asked = page.waitForEvent('dialog');
  await page.evaluate(() => setTimeout(() => window.location.reload()));
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(await cell(page, 'HOLD-1', 'Your Cost')).toHaveText('$7.00');

  const saved = page.waitForResponse((response) => isEdit(response.request()));
  release();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await expect(await cell(page, 'HOLD-1', 'Your Cost')).toHaveText('$7.00');
});

test('an edit made on the first screenful survives the whole table arriving late, read before the edit', async ({
  page,
}) => {
  await signUpThroughForm(page);
  await importRows(page, [baseRow('LATE-1'), baseRow('LATE-2')]);
  // The whole table is read from the server at once, before the edit, and handed to the page
  // only after the edit is saved: the late answer holds the row as it was.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wholeTableRead: () => void = () => {};
  const read = new Promise<void>((resolve) => {
    wholeTableRead = resolve;
  });
  await page.route(/\/api\/tables\/restock\/data\?shape=columns$/, async (route) => {
    const response = await route.fetch();
    wholeTableRead();
    await released;
    await route.fulfill({ response });
  });

  await page.goto('/restock');
  await expect(page.getByText('Loading 2 rows…')).toBeVisible();
  await read;
  const checkbox = page.getByRole('checkbox', { name: 'Include LATE-1 in next order' });
  const saved = page.waitForResponse((response) => isEdit(response.request()));
  await checkbox.check();
  expect((await saved).status()).toBe(200);

  release();
  await expect(page.getByText('2 rows', { exact: true })).toBeVisible();
  await expect(checkbox).toBeChecked();
  await page.unroute(/\/api\/tables\/restock\/data\?shape=columns$/);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Include LATE-1 in next order' })).toBeChecked();
});

test('an import made while the whole table is on its way shows the imported rows, not the late answer', async ({
  page,
}) => {
  await signUpThroughForm(page);
  await importRows(page, [baseRow('OLD-1')]);
  // The first whole-table answer is read from the server before the import and handed to the
  // page only at the end; the table read after the import is not held.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const wholeTable = /\/api\/tables\/restock\/data\?shape=columns$/;
  let requests = 0;
  let isOldAnswerRead = false;
  let isLateAnswerSent = false;
  await page.route(wholeTable, async (route) => {
    if (++requests > 1) return route.continue();
    const response = await route.fetch();
    isOldAnswerRead = true;
    await released;
    await route.fulfill({ response }).finally(() => {
      isLateAnswerSent = true;
    });
  });
  const givenUp = page.waitForEvent('requestfailed', (request) => wholeTable.test(request.url()));

  await page.goto('/restock');
  await expect(page.getByText('Loading 1 rows…')).toBeVisible();
  await expect.poll(() => isOldAnswerRead).toBe(true);
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page
    .getByLabel('CSV file')
    .setInputFiles(path.join(import.meta.dirname, 'fixtures', 'reports', 'fba-inventory-uk-bom.txt'));
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Confirm import' }).click();
  await expect(page.getByText('Data saved! 2 new, 0 updated, 0 unchanged.')).toBeVisible();
  await expect(page.getByText('3 rows', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'TEA-01')).toBeVisible();
  // The old read's download was given up, not left to run beside the new one.
  expect((await givenUp).failure()?.errorText).toBe('net::ERR_ABORTED');

  release();
  await expect.poll(() => isLateAnswerSent).toBe(true);
  await expect(page.getByText('3 rows', { exact: true })).toBeVisible();
  await expect(rowOf(page, 'TEA-01')).toBeVisible();
  expect(requests).toBe(2);
  await page.unroute(wholeTable);
});
