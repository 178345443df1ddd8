import { statSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';

const VARIANTS = [
  { path: '/', variant: '1', title: 'Page 1', launch: 'June 2025' },
  { path: '/3', variant: '3', title: 'Page 3', launch: 'April 2025' },
  { path: '/4', variant: '4', title: 'Page 4', launch: 'June 2025' },
  { path: '/7', variant: '7', title: 'Page 7', launch: 'June 2025' },
] as const;

let counter = 0;
const uniqueEmail = () => `beta.${Date.now().toString(36)}.${++counter}@example.com`;

const signupForm = (page: Page) => page.getByRole('form', { name: 'Early access signup' });

async function fillSignup(page: Page, email: string) {
  const form = signupForm(page);
  await form.getByLabel('Full Name').fill('Avery   Stone');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Monthly Revenue').fill('48000');
  await form.getByLabel('Active ASIN Count').fill('2500');
  await form.getByLabel('Active ASIN Count').blur();
}

for (const { path, variant, title, launch } of VARIANTS) {
  test(`a visitor signs up for early access on ${title} and sees the thank-you panel`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Replen' })).toBeVisible();
    await expect(page.getByText("Can't live without it").first()).toBeVisible();
    await expect(page.getByText(launch).first()).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toHaveAttribute('aria-current', 'page');

    const email = uniqueEmail();
    await fillSignup(page, email);
    const answer = page.waitForResponse('**/api/early-access');
    await signupForm(page).getByRole('button', { name: /./ }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    // SPEC 5: the name is tidied; DESIGN 9: the revenue is sent in whole dollars ($48,000.00 → 48000).
    expect(response.request().postDataJSON()).toEqual({
      fullName: 'Avery Stone',
      email,
      monthlyRevenue: 48000,
      asinCnt: 2500,
      landingVariant: variant,
    });

    const panel = page.getByRole('status');
    await expect(panel.getByRole('heading', { name: 'Thank you for signing up!' })).toBeVisible();
    await expect(panel).toContainText('We look forward to helping you maximize your business');
    await expect(signupForm(page)).toHaveCount(0);
    expect(await panel.evaluate((element) => getComputedStyle(element).maxWidth)).toBe('300px');
  });
}

test('the form filters what is typed, formats on blur and names every missing field', async ({ page }) => {
  await page.goto('/');
  const form = signupForm(page);
  await form.getByRole('button', { name: 'Get early access' }).click();
  for (const message of [
    'Full Name is required',
    'Email is required',
    'Monthly revenue is required',
    'Active ASIN Count is required',
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }

  const name = form.getByLabel('Full Name');
  await name.pressSequentially('  Jo3 !  Ann  ');
  await expect(name).toHaveValue('  Jo   Ann  ');
  await expect(form.getByText('Full Name is required')).toHaveCount(0);
  await name.blur();
  await expect(name).toHaveValue('Jo Ann');

  const revenue = form.getByLabel('Monthly Revenue');
  await revenue.pressSequentially('USD 12k,345.6');
  await expect(revenue).toHaveValue('12,345.6');
  await revenue.blur();
  await expect(revenue).toHaveValue('$12,345.60');

  const count = form.getByLabel('Active ASIN Count');
  await count.pressSequentially('1.2a34-5');
  await expect(count).toHaveValue('12345');
  await count.blur();
  await expect(count).toHaveValue('12,345');

  await form.getByLabel('Email').fill('not-an-email');
  await expect(form.getByText('Invalid email address')).toBeVisible();
});

test('a server failure shows the error under the form and keeps what was typed', async ({ page }) => {
  // Fault injection: the one place this suite answers for the server.
  await page.route('**/api/early-access', (route) => route.fulfill({ status: 500, json: {} }));
  await page.goto('/4');
  const email = uniqueEmail();
  await fillSignup(page, email);
  await signupForm(page).getByRole('button', { name: 'Reserve my spot' }).click();
  await expect(signupForm(page).getByRole('alert')).toHaveText('Signup failed');
  await expect(signupForm(page).getByLabel('Email')).toHaveValue(email);
  await expect(signupForm(page).getByLabel('Monthly Revenue')).toHaveValue('$48,000.00');
  await expect(page.getByText('Thank you for signing up!')).toHaveCount(0);
});

test('the benefit grid has 4 columns at 1280px, 2 at 1000px and 1 at 600px on every variant', async ({
  page,
}) => {
  for (const { path } of VARIANTS) {
    await page.goto(path);
    const grid = page.getByRole('list', { name: 'Benefits' });
    await expect(grid.getByRole('listitem')).toHaveCount(4);
    for (const [width, columns] of [
      [1280, 4],
      [1000, 2],
      [600, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() =>
          grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length),
        )
        .toBe(columns);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});

test('the top strip moves between the variants and links to log-in and sign-up', async ({ page }) => {
  await page.goto('/');
  const strip = page.getByRole('navigation', { name: 'Landing pages' });
  await expect(strip.getByRole('link')).toHaveText(['Page 1', 'Page 3', 'Page 4', 'Page 7']);

  await strip.getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/\/3$/);
  await expect(page.getByText('April 2025').first()).toBeVisible();

  await strip.getByRole('link', { name: 'Page 7' }).click();
  await expect(page).toHaveURL(/\/7$/);
  const demo = page.getByRole('region', { name: 'Simple Form Example' });
  await expect(demo.getByLabel('Email')).toBeVisible();
  await demo.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/7$/);

  await strip.getByRole('link', { name: 'Page 4' }).click();
  await expect(page).toHaveURL(/\/4$/);
  await expect(page.getByText('Simple Form Example')).toHaveCount(0);

  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('the theme toggle switches to light and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('the landing page screenshot for the README is written to docs/landing.png', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(signupForm(page)).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: 'docs/landing.png', type: 'png', animations: 'disabled', caret: 'hide' });
  expect(statSync('docs/landing.png').size).toBeLessThan(300_000);
});

test('the public site’s scripts and style sheet arrive compressed, under the 150 kB budget', async ({
  page,
}) => {
  const assets: Array<{ url: string; encoding: string | null; bytes: number }> = [];
  page.on('response', async (response) => {
    if (!/\/assets\/.+\.(js|css)$/.test(new URL(response.url()).pathname)) return;
    const sizes = await response.request().sizes();
    assets.push({
      url: response.url(),
      encoding: await response.headerValue('content-encoding'),
      bytes: sizes.responseBodySize,
    });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Replen' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(assets.length).toBeGreaterThan(0);
  // Files under 1 KB have no compressed copy (vite.config.ts).
  for (const asset of assets) if (asset.bytes >= 1024) expect(asset.encoding, asset.url).toBe('br');
  const scripts = assets.filter((asset) => asset.url.endsWith('.js'));
  expect(scripts.reduce((sum, asset) => sum + asset.bytes, 0)).toBeLessThan(150_000);
});
