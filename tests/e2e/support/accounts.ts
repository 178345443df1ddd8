import { expect, type Page } from '@playwright/test';

let counter = 0;
export const STRONG_PASSWORD = 'Granite-Harbor-Violet-42';

export function newSeller() {
  counter += 1;
  return {
    fullName: 'Robin Reseller',
    email: `robin.${Date.now().toString(36)}.${counter}@example.com`,
    contactNumber: '(555) 010-2030',
    country: 'Canada',
    password: STRONG_PASSWORD,
  };
}

export type Seller = ReturnType<typeof newSeller>;

/** Signs up through the real form and waits for the dashboard. */
export async function signUpThroughForm(page: Page, seller: Seller = newSeller()) {
  await page.goto('/signup');
  return fillSignUpForm(page, seller);
}

/** Fills in and sends the sign-up form already shown, and waits for the dashboard. */
export async function fillSignUpForm(page: Page, seller: Seller) {
  await page.getByLabel('Full Name').fill(seller.fullName);
  await page.getByLabel('Email').fill(seller.email);
  await page.getByLabel('Contact Number').fill(seller.contactNumber);
  await page.getByLabel('Country').selectOption({ label: seller.country });
  await page.getByLabel('Password', { exact: true }).fill(seller.password);
  await page.getByLabel('Confirm Password').fill(seller.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return seller;
}

export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function logOutThroughMenu(page: Page, fullName: string) {
  await page.getByRole('button', { name: fullName }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Settings → Account's 'Add a member' form; answers the new member's email. */
export async function addMemberThroughForm(page: Page) {
  const email = `member.${Date.now().toString(36)}.${++counter}@example.com`;
  await page.goto('/settings/account');
  const form = page.getByRole('form', { name: 'Add a member' });
  await form.getByLabel('Member name').fill('Casey Clerk');
  await form.getByLabel('Member email').fill(email);
  await form.getByLabel('Initial password').fill(STRONG_PASSWORD);
  await form.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByRole('table', { name: 'Account users' }).getByText(email)).toBeVisible();
  return email;
}
