import { expect, type Page, test } from '@playwright/test';
import {
  addMemberThroughForm,
  logInThroughForm,
  STRONG_PASSWORD,
  signUpThroughForm,
} from './support/accounts';

const ALL_ENTRIES = [
  'Dashboard',
  'Restock',
  'Buy List',
  'Repository',
  'Lead Tracker',
  'Test',
  'Help',
  'Settings',
];
const sideNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
// Each link shows an icon before its label.
const labels = (names: string[]) => names.map((name) => new RegExp(`${name}$`));

test('an owner sees every side-navigation entry, the top bar with their name, and every private route', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const seller = await signUpThroughForm(page);
  await expect(page.getByRole('banner')).toContainText('Replen');
  await expect(page.getByRole('button', { name: seller.fullName })).toBeVisible();
  await expect(sideNav(page).getByRole('link')).toHaveText(labels(ALL_ENTRIES));
  for (const path of [
    '/dashboard',
    '/restock',
    '/buy-list',
    '/repository',
    '/lead-tracker',
    '/test',
    '/contact-us',
    '/tutorials',
    '/profile',
    '/other',
    '/settings',
    '/settings/account',
    '/settings/calculations',
    '/settings/referrals',
    '/settings/testingTree',
    '/settings/temp-csv-import',
  ]) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('a member of an account without an access schema sees every area it may view, and no profile debug block', async ({
  page,
  browser,
}) => {
  await signUpThroughForm(page);
  const email = await addMemberThroughForm(page);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await logInThroughForm(member, email, STRONG_PASSWORD);
  await expect(member).toHaveURL(/\/dashboard$/);
  // DESIGN 6 and 9: Can View everywhere until the owner saves a schema, so every area is listed.
  await expect(sideNav(member).getByRole('link')).toHaveText(labels(ALL_ENTRIES));
  await member.goto('/profile');
  await expect(member.getByText('Coming soon...')).toBeVisible();
  await expect(member.getByRole('region', { name: 'Session details' })).toHaveCount(0);
  await memberContext.close();

  await page.goto('/profile');
  const debug = page.getByRole('region', { name: 'Session details' });
  await expect(debug).toContainText('admin');
  await expect(debug).toContainText('Robin Reseller');
});

test('the side navigation collapses to 40px and expands to 130px', async ({ page }) => {
  await signUpThroughForm(page);
  const nav = sideNav(page);
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(130);
  await page.getByRole('button', { name: 'Collapse navigation' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(40);
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await expect.poll(async () => (await nav.boundingBox())?.width).toBe(130);
  await expect(page.getByRole('banner')).toHaveCSS('height', '64px');
});

test('the theme toggle flips the theme and the choice survives a reload', async ({ page }) => {
  await signUpThroughForm(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('the account menu links to settings and logs out; calculation defaults save', async ({ page }) => {
  const seller = await signUpThroughForm(page);
  await page.getByRole('button', { name: seller.fullName }).click();
  await expect(page.getByRole('menuitem')).toHaveText([
    'Settings',
    'Tutorials/Learning',
    'Contact Us',
    'Log Out',
  ]);
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('link', { name: 'Calculations' }).click();
  const orderLead = page.getByLabel('Order Lead Time (days)');
  await expect(orderLead).toHaveValue('7');
  await orderLead.fill('21');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Calculation defaults saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Order Lead Time (days)')).toHaveValue('21');
});

test('/other shows its heading only', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/other');
  await expect(page.locator('main h1')).toHaveText('Other');
  await expect(page.locator('main')).not.toContainText('coming soon');
});

test('the account menu moves with the arrow keys and closes on Escape', async ({ page }) => {
  const seller = await signUpThroughForm(page);
  const button = page.getByRole('button', { name: seller.fullName });
  await button.click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Tutorials/Learning' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
  // From the button, ArrowUp opens the menu on its last item.
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('a hard load of a lazy page logs no HydrateFallback warning', async ({ page }) => {
  await signUpThroughForm(page);
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  for (const path of ['/restock', '/settings/calculations', '/buy-list']) {
    await page.goto(path);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
  }
  expect(messages.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
});

test('a page whose file is gone after a redeploy offers a reload', async ({ page }) => {
  await signUpThroughForm(page);
  // The old build's chunk names no longer exist on the server.
  await page.route(/\/assets\/BuyListPage-|\/assets\/pages-/, (route) => route.fulfill({ status: 404 }));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /Buy List$/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Replen has been updated' })).toBeVisible();
  await page.unroute(/\/assets\/BuyListPage-|\/assets\/pages-/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Buy List', exact: true })).toBeVisible();
});
