import { expect, test } from '@playwright/test';
import { STAND_IN_CREDENTIALS } from '../../src/server/test-support/sp-api-stand-in';
import { signUpThroughForm } from './support/accounts';

// A seller connects their SP-API app in Settings → Marketplace, tests it, syncs, and finds the
// marketplace's products in the restock table. Amazon is the loopback stand-in the e2e server runs.

test('connect, test the connection, sync now, and see the rows in the restock table', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/settings/marketplace');
  const form = page.getByRole('form', { name: 'Marketplace connection' });
  await expect(form.getByRole('status')).toHaveText('Not connected');

  await form.getByLabel('Region').selectOption({ label: 'North America' });
  await form.getByLabel('Marketplace').selectOption('ATVPDKIKX0DER');
  await form.getByLabel('LWA client id').fill(STAND_IN_CREDENTIALS.clientId);
  await form.getByLabel('LWA client secret').fill(STAND_IN_CREDENTIALS.clientSecret);
  await form.getByLabel('Refresh token').fill('not a token');
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form.getByText('Refresh token must start with Atzr|')).toBeVisible();

  await form.getByLabel('Refresh token').fill(STAND_IN_CREDENTIALS.refreshToken);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form.getByRole('status')).toHaveText('Connected');
  await expect(form.getByLabel('Refresh token')).toHaveAttribute(
    'placeholder',
    `Set (ends …${STAND_IN_CREDENTIALS.refreshToken.slice(-4)}): enter it again to change the connection`,
  );
  // The secrets never come back into the page.
  expect(await page.content()).not.toContain(STAND_IN_CREDENTIALS.refreshToken);

  await form.getByRole('button', { name: 'Test connection' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Connected: Amazon accepted the credentials for United States.',
  );

  const panel = page.getByRole('region', { name: 'Sync status' });
  await panel.getByRole('button', { name: 'Sync now' }).click();
  await expect(panel.getByText('Done', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(panel.locator('tr[data-step="inventory"]')).toContainText('Done');
  await expect(panel.locator('tr[data-step="listings"]')).toContainText('Done');

  await page.goto('/restock');
  await expect(page.getByText('Red mug from the marketplace')).toBeVisible();
  await expect(page.getByText('Blue cup from the marketplace')).toBeVisible();
  await expect(page.getByText(/^Synced (just now|1 min ago)$/)).toBeVisible();
});
