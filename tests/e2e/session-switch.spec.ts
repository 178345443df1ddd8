import { expect, type Page, test } from '@playwright/test';
import { fillSignUpForm, logOutThroughMenu, newSeller, signUpThroughForm } from './support/accounts';
import { baseRow, grid, importRows, rowOf } from './support/restock';

/** In-app navigation: the tab keeps what it holds in memory, as it would for a seller. */
const openRestock = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Restock$/ })
    .click();

/** A second user signs up through the form from the log-in page, without reloading the tab. */
async function signUpInThisTab(page: Page) {
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await fillSignUpForm(page, { ...newSeller(), fullName: 'Sam Second' });
}

test("a user who signs in after another in the same tab never sees the other's products", async ({
  page,
}) => {
  const first = await signUpThroughForm(page);
  await importRows(page, [baseRow('FIRST-USERS-SECRET')]);
  await openRestock(page);
  await expect(rowOf(page, 'FIRST-USERS-SECRET')).toBeVisible();
  await logOutThroughMenu(page, first.fullName);

  // The second user's table answers are held: whatever the page shows meanwhile comes from the
  // tab's own memory.
  let releaseTable = () => {};
  const tableHeld = new Promise<void>((resolve) => {
    releaseTable = resolve;
  });
  await page.route('**/api/tables/restock/data**', async (route) => {
    await tableHeld;
    await route.continue();
  });
  const asked = page.waitForRequest('**/api/tables/restock/data**');
  await signUpInThisTab(page);
  await openRestock(page);
  await asked;
  await expect(page).toHaveURL(/\/restock$/);
  await expect(rowOf(page, 'FIRST-USERS-SECRET')).toHaveCount(0);
  releaseTable();
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expect(grid(page).getByText('FIRST-USERS-SECRET')).toHaveCount(0);
});

test('a whole-table read still on its way is given up when another user signs in on the tab', async ({
  page,
}) => {
  const first = await signUpThroughForm(page);
  await importRows(page, [baseRow('FIRST-1'), baseRow('FIRST-2')]);
  // The first user's whole table is read from the server and held back from the page.
  const wholeTable = /\/api\/tables\/restock\/data\?shape=columns$/;
  let isHeld = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(wholeTable, async (route) => {
    const response = await route.fetch();
    isHeld = true;
    await released;
    // By then the page has given the request up.
    await route.fulfill({ response }).catch(() => {});
  });
  const givenUp = page.waitForEvent('requestfailed', (request) => wholeTable.test(request.url()));
  await openRestock(page);
  await expect(page.getByText('Loading 2 rows…')).toBeVisible();
  await expect.poll(() => isHeld).toBe(true);
  await logOutThroughMenu(page, first.fullName);

  await signUpInThisTab(page);
  expect((await givenUp).failure()?.errorText).toBe('net::ERR_ABORTED');
  release();
  await page.unroute(wholeTable);
});
