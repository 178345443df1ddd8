import { expect, test } from '@playwright/test';
import { logInThroughForm, logOutThroughMenu, signUpThroughForm } from './support/accounts';

test('a signed-out visit to /restock lands on /login', async ({ page }) => {
  await page.goto('/restock');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});

test('sign up, reload, log out, log in, change password, log in with the new password', async ({ page }) => {
  const seller = await signUpThroughForm(page);
  await expect(page.getByRole('button', { name: seller.fullName })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: seller.fullName })).toBeVisible();

  await logOutThroughMenu(page, seller.fullName);
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const newPassword = 'Copper-Lantern-Meadow-17';
  await page.goto('/change-password');
  await page.getByLabel('Old Password').fill(seller.password);
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Password changed successfully!' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, seller.email, seller.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logInThroughForm(page, seller.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a new tab of a signed-in seller stays signed in through the refresh cookie', async ({
  page,
  context,
}) => {
  const seller = await signUpThroughForm(page);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('button', { name: seller.fullName })).toBeVisible();
  await expect(second).toHaveURL(/\/dashboard$/);
});

test('the sign-up form shows every error on submit and re-checks on change', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  for (const message of [
    'Name is required',
    'Email is required',
    'Contact number is required',
    'Country is required',
    'Password is required',
    'Please confirm your password',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Contact Number').fill('12345');
  await expect(page.getByText('Invalid phone number format')).toBeVisible();
  await page.getByLabel('Contact Number').fill('555.123.4567');
  await expect(page.getByText('Invalid phone number format')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Country' }).locator('option')).toHaveText([
    'Select a country',
    'United States',
    'Canada',
    'United Kingdom',
    'Australia',
    'India',
    'Germany',
    'France',
    'Japan',
    'China',
    'Mexico',
  ]);
});

test('a taken email shows the server message under the sign-up form', async ({ page, browser }) => {
  const seller = await signUpThroughForm(page);
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto('/signup');
  await again.getByLabel('Full Name').fill('Someone Else');
  await again.getByLabel('Email').fill(seller.email);
  await again.getByLabel('Contact Number').fill('5550102030');
  await again.getByLabel('Country').selectOption('USA');
  await again.getByLabel('Password', { exact: true }).fill('Quiet-River-Stone-88');
  await again.getByLabel('Confirm Password').fill('Quiet-River-Stone-88');
  await again.getByRole('button', { name: 'Sign Up' }).click();
  await expect(again.getByRole('alert')).toHaveText('An account with this email already exists');
  await fresh.close();
});

test('a logged-in visitor to /login goes to /dashboard; unknown pages say Not Found', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('/forgot-password shows its placeholder', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Better luck next time')).toBeVisible();
});
