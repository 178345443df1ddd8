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

test('a user-role member sees only Help and Settings, and no profile debug block', async ({
  page,
  browser,
}) => {
  await signUpThroughForm(page);
  const email = await addMemberThroughForm(page);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await logInThroughForm(member, email, STRONG_PASSWORD);
  await expect(member).toHaveURL(/\/dashboard$/);
  await expect(sideNav(member).getByRole('link')).toHaveText(labels(['Help', 'Settings']));
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
  const orderLead = page.getByLabel('Order lead time (days)');
  await expect(orderLead).toHaveValue('7');
  await orderLead.fill('21');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Calculation defaults saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Order lead time (days)')).toHaveValue('21');
});
