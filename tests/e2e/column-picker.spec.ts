import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpThroughForm } from './support/accounts';

const list = (page: Page, name: 'Available Columns' | 'Visible Columns') =>
  page.getByRole('listbox', { name });
const keysOf = (listbox: Locator) =>
  listbox
    .getByRole('option')
    .evaluateAll((options) => options.map((option) => option.getAttribute('aria-label')));
const pick = (listbox: Locator, column: string) =>
  listbox.getByRole('option', { name: column, exact: true }).click();

/** The order after swapping `column` with its neighbour in `direction`, as '<' and '>' do. */
function swapped(order: string[], column: string, direction: -1 | 1) {
  const next = [...order];
  const from = next.indexOf(column);
  [next[from], next[from + direction]] = [next[from + direction]!, next[from]!];
  return next;
}

test('the column picker adds, removes, reorders and saves, and the choice survives a reload', async ({
  page,
}) => {
  await signUpThroughForm(page);
  await page.goto('/test');
  const available = list(page, 'Available Columns');
  const visible = list(page, 'Visible Columns');
  const add = page.getByRole('button', { name: 'Add ➡' });
  const remove = page.getByRole('button', { name: '⬅ Remove' });
  await expect(visible.getByRole('option').first()).toHaveAccessibleName('product');
  // Nothing saved yet: every column is visible, in the table's default order.
  let expected = (await keysOf(visible)) as string[];
  expect(expected).toContain('supplier');
  await expect(available.getByRole('option')).toHaveCount(0);
  await expect(add).toBeDisabled();
  await expect(remove).toBeDisabled();

  for (const column of ['supplier', 'asin', 'msku']) {
    await pick(visible, column);
    await expect(remove).toBeEnabled();
    await remove.click();
    expected = expected.filter((key) => key !== column);
  }
  // The available list stays alphabetical.
  await expect.poll(() => keysOf(available)).toEqual(['asin', 'msku', 'supplier']);
  await expect(remove).toBeDisabled();

  await pick(available, 'supplier');
  await expect(add).toBeEnabled();
  await add.click();
  expected = [...expected, 'supplier'];
  await expect.poll(() => keysOf(available)).toEqual(['asin', 'msku']);

  // '>' at the end does nothing; '<' swaps with the neighbour before.
  await pick(visible, 'supplier');
  await page.getByRole('button', { name: 'Move later' }).click();
  await page.getByRole('button', { name: 'Move earlier' }).click();
  expected = swapped(expected, 'supplier', -1);
  await pick(visible, 'cost');
  await page.getByRole('button', { name: 'Move earlier' }).click();
  expected = swapped(expected, 'cost', -1);
  await expect.poll(() => keysOf(visible)).toEqual(expected);

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/save-column-picker'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Visible columns saved')).toBeVisible();

  await page.reload();
  await expect.poll(() => keysOf(list(page, 'Visible Columns'))).toEqual(expected);
  await expect.poll(() => keysOf(list(page, 'Available Columns'))).toEqual(['asin', 'msku']);

  // The restock table's columns follow the saved selection, product first.
  const token = await page.evaluate(() => sessionStorage.getItem('accessToken'));
  const columns = await page.request.get('/api/tables/restock/columns', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(columns.status()).toBe(200);
  const keys = ((await columns.json()) as Array<{ key: string }>).map((column) => column.key);
  expect(keys).toEqual(expected);
  expect(keys[0]).toBe('product');
});
