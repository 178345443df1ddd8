import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ColumnPickerPage } from './ColumnPickerPage';

vi.mock('../../lib/session', () => ({
  useSession: () => ({ user: { sub: 'user-1', token_version: 0, role: 'admin' } }),
}));

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
type Routes = Record<string, () => Answer>;

const json = (body: unknown, status = 200) => ({ status, body });
const posted: unknown[] = [];

function stubServer(overrides: Routes = {}, visibleLevel = 2) {
  const routes: Routes = {
    'GET /api/dynamic/access-components': () =>
      json({ accessMap: { 'column-picker': 2, 'column-picker.visible-columns': visibleLevel }, dev: false }),
    'GET /api/dynamic/column-headers': () => json(['product', 'supplier', 'cost', 'asin', 'msku']),
    'GET /api/dynamic/column-picker': () => json({ selectedItems: ['product', 'supplier', 'cost'] }),
    'POST /api/save-column-picker': () => json({ selectedItems: posted.at(-1) }),
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      if (method === 'POST')
        posted.push((JSON.parse(String(init.body)) as { selectedItems: unknown }).selectedItems);
      const route = routes[`${method} ${path}`];
      if (!route) throw new Error(`Unexpected call ${method} ${path}`);
      const { status, body } = await route();
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

function renderPicker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ColumnPickerPage />
    </QueryClientProvider>,
  );
}

const list = (name: string) => screen.getByRole('listbox', { name });
const options = (name: string) =>
  within(list(name))
    .getAllByRole('option')
    .map((option) => option.ariaLabel);
const option = (listName: string, column: string) =>
  within(list(listName)).getByRole('option', { name: column });
const button = (name: string) => screen.getByRole('button', { name });

async function openPicker() {
  renderPicker();
  await screen.findByRole('listbox', { name: 'Visible Columns' });
}

beforeEach(() => {
  posted.length = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the column picker', () => {
  it('lists the unused columns alphabetically and the saved ones in their saved order', async () => {
    stubServer();
    await openPicker();
    expect(options('Available Columns')).toEqual(['asin', 'msku']);
    expect(options('Visible Columns')).toEqual(['product', 'supplier', 'cost']);
    expect(option('Visible Columns', 'cost').textContent).toContain('Your Cost');
  });

  it('keeps Add and Remove disabled until a column of their list is selected', async () => {
    stubServer();
    const user = userEvent.setup();
    await openPicker();
    expect(button('Add ➡')).toHaveProperty('disabled', true);
    expect(button('⬅ Remove')).toHaveProperty('disabled', true);
    await user.click(option('Available Columns', 'msku'));
    expect(button('Add ➡')).toHaveProperty('disabled', false);
    expect(button('⬅ Remove')).toHaveProperty('disabled', true);
    await user.click(option('Visible Columns', 'supplier'));
    expect(button('⬅ Remove')).toHaveProperty('disabled', false);
  });

  it('never removes the product column, which the table always shows first', async () => {
    stubServer();
    const user = userEvent.setup();
    await openPicker();
    await user.click(option('Visible Columns', 'product'));
    expect(button('⬅ Remove')).toHaveProperty('disabled', true);
  });

  it('adds to the end of the visible list and removes back into alphabetical place', async () => {
    stubServer();
    const user = userEvent.setup();
    await openPicker();
    await user.click(option('Available Columns', 'asin'));
    await user.click(button('Add ➡'));
    expect(options('Visible Columns')).toEqual(['product', 'supplier', 'cost', 'asin']);
    expect(options('Available Columns')).toEqual(['msku']);
    expect(button('Add ➡')).toHaveProperty('disabled', true);
    await user.click(option('Visible Columns', 'supplier'));
    await user.click(button('⬅ Remove'));
    expect(options('Available Columns')).toEqual(['msku', 'supplier']);
    expect(options('Visible Columns')).toEqual(['product', 'cost', 'asin']);
  });

  it('moves the selected visible column with < and >, and does nothing at the ends', async () => {
    stubServer();
    const user = userEvent.setup();
    await openPicker();
    await user.click(option('Visible Columns', 'supplier'));
    await user.click(button('Move later'));
    expect(options('Visible Columns')).toEqual(['product', 'cost', 'supplier']);
    await user.click(button('Move later'));
    expect(options('Visible Columns')).toEqual(['product', 'cost', 'supplier']);
    await user.click(button('Move earlier'));
    expect(options('Visible Columns')).toEqual(['product', 'supplier', 'cost']);
    // The product column stays first.
    await user.click(button('Move earlier'));
    expect(options('Visible Columns')).toEqual(['product', 'supplier', 'cost']);
  });

  it('selects with the arrow keys', async () => {
    stubServer();
    const user = userEvent.setup();
    await openPicker();
    await user.click(option('Visible Columns', 'product'));
    await user.keyboard('{ArrowDown}');
    expect(option('Visible Columns', 'supplier').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(option('Visible Columns', 'supplier'));
  });

  it('saves the visible order and disables Save while the save is in flight', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubServer({
      'POST /api/save-column-picker': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    await openPicker();
    await user.click(option('Visible Columns', 'cost'));
    await user.click(button('Move earlier'));
    await user.click(button('Save'));
    expect(posted).toEqual([['product', 'cost', 'supplier']]);
    await waitFor(() => expect(button('Save')).toHaveProperty('disabled', true));
    answer(json({ selectedItems: ['product', 'cost', 'supplier'] }));
    await waitFor(() => expect(button('Save')).toHaveProperty('disabled', false));
  });

  it('logs a failed save', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer({ 'POST /api/save-column-picker': () => json({ message: 'nope' }, 500) });
    const user = userEvent.setup();
    await openPicker();
    await user.click(button('Save'));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to save selected items', expect.any(Error)),
    );
  });

  it('says it is loading until the columns arrive', async () => {
    stubServer({ 'GET /api/dynamic/column-headers': () => new Promise(() => {}) });
    renderPicker();
    expect(await screen.findByText('Loading available components...')).toBeTruthy();
  });

  it('shows the status of a failed column-header fetch', async () => {
    stubServer({ 'GET /api/dynamic/column-headers': () => json({ message: 'Boom' }, 500) });
    renderPicker();
    expect(
      await screen.findByText('Error fetching components: API request failed with status 500'),
    ).toBeTruthy();
  });

  it('disables the visible-columns panel for a view-only user, with the permission tooltip', async () => {
    stubServer({}, 1);
    await openPicker();
    const panel = list('Visible Columns').closest('[aria-disabled="true"]');
    expect(panel?.getAttribute('title')).toBe('You do not have permission to edit this component.');
    expect(screen.getByRole('button', { name: 'Save', hidden: true }).closest('[inert]')).not.toBeNull();
  });
});
