import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPONENT_PATHS } from '../../../core/access/registry';
import { AccessEditorPage } from './AccessEditorPage';
import { COLLAPSE_BLOCKED_TITLE } from './PermissionTreeView';

type Answer = { status: number; body: unknown };
const json = (body: unknown, status = 200): Answer => ({ status, body });
const everyPathAtView = Object.fromEntries(COMPONENT_PATHS.map((path) => [path, 1]));

function stubServer(tree: Answer, save: Answer = json({ message: 'Access schema saved' })) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (path === '/api/dynamic/access-schema-tree') return new Response(JSON.stringify(tree.body), tree);
      if (path === '/api/dynamic/save-access-schema' && init.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(save.body), save);
      }
      throw new Error(`Unexpected call ${path}`);
    }),
  );
  return posted;
}

async function openEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AccessEditorPage />
    </QueryClientProvider>,
  );
  await screen.findByRole('list', { name: 'Access schema' });
  return userEvent.setup();
}

const levelButton = (path: string) =>
  screen.getByRole('button', { name: new RegExp(`^${path.replace('.', '\\.')}: `) });
const granted = () =>
  within(screen.getByRole('list', { name: 'Granted access' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the access-schema editor', () => {
  it('cycles a level Restricted → Can View → Can Edit → Restricted', async () => {
    stubServer(json({ finalItems: { 'buy-list': 0 } }));
    const user = await openEditor();
    expect(levelButton('buy-list').textContent).toBe('Restricted');
    for (const label of ['Can View', 'Can Edit', 'Restricted']) {
      await user.click(levelButton('buy-list'));
      expect(levelButton('buy-list').getAttribute('aria-label')).toBe(`buy-list: ${label}`);
    }
  });

  it('applies a level to the children and dims them under a Restricted parent', async () => {
    stubServer(json({ finalItems: everyPathAtView }));
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Expand restock' }));
    expect(levelButton('restock.edit').textContent).toBe('Can View');
    await user.click(levelButton('restock'));
    expect(levelButton('restock.edit').textContent).toBe('Can Edit');
    await user.click(levelButton('restock'));
    expect(levelButton('restock').textContent).toBe('Restricted');
    expect(levelButton('restock.edit').getAttribute('aria-disabled')).toBe('true');
    await user.click(levelButton('restock.edit'));
    expect(levelButton('restock.edit').textContent).toBe('Restricted');
  });

  it('refuses to collapse a parent whose children differ, and says why', async () => {
    stubServer(json({ finalItems: everyPathAtView }));
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Expand restock' }));
    await user.click(levelButton('restock.edit'));
    const collapse = screen.getByRole('button', { name: 'Collapse restock' });
    expect(collapse.getAttribute('title')).toBe(COLLAPSE_BLOCKED_TITLE);
    await user.click(collapse);
    expect(screen.getByRole('button', { name: 'Collapse restock' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    // Same levels again: now it collapses, hiding the children.
    await user.click(levelButton('restock.edit'));
    await user.click(levelButton('restock.edit'));
    await user.click(screen.getByRole('button', { name: 'Collapse restock' }));
    expect(screen.queryByRole('button', { name: /^restock\.edit: / })).toBeNull();
  });

  it('lists the granted paths sorted by name and shows the last node clicked', async () => {
    stubServer(json({ finalItems: { restock: 2, 'restock.edit': 1, 'buy-list': 1 } }));
    const user = await openEditor();
    expect(granted()).toEqual(['buy-list: Can View', 'restock: Can Edit', 'restock.edit: Can View']);
    expect(screen.getByRole('status', { name: 'Selected path' }).textContent).toBe('None');
    await user.click(screen.getByRole('button', { name: /^Buy List/ }));
    expect(screen.getByRole('status', { name: 'Selected path' }).textContent).toBe('buy-list');
    await user.click(levelButton('buy-list'));
    expect(screen.getByRole('status', { name: 'Selected path' }).textContent).toBe('buy-list');
    // Setting a level sets it on the children too (SPEC 4).
    expect(granted()).toEqual([
      'buy-list: Can Edit',
      'buy-list.edit: Can Edit',
      'buy-list.purchase-orders: Can Edit',
      'restock: Can Edit',
      'restock.edit: Can View',
    ]);
  });

  it('saves only the entries above Restricted', async () => {
    const posted = stubServer(json({ finalItems: { restock: 2, 'restock.edit': 1 } }));
    const user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save Access Schema' }));
    await waitFor(() => expect(posted).toEqual([{ selectedItems: { restock: 2, 'restock.edit': 1 } }]));
  });

  it("logs the server's message, or 'Save failed', when saving fails", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer(json({ finalItems: {} }), json({ message: 'You do not have permission to do this' }, 403));
    let user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save Access Schema' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('You do not have permission to do this'));

    document.body.innerHTML = '';
    stubServer(json({ finalItems: {} }), json(null, 500));
    user = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Save Access Schema' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Save failed'));
  });

  it('logs a failed fetch and shows why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubServer(json({ message: 'You do not have permission to do this' }, 403));
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <AccessEditorPage />
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to do this');
    expect(error).toHaveBeenCalledWith('Failed to fetch access schema', expect.any(Error));
  });
});
