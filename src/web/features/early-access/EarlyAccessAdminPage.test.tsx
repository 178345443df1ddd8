import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EarlyAccessAdminPage } from './EarlyAccessAdminPage';

const session = vi.hoisted(() => ({ user: null as null | { role: string } }));
vi.mock('../../lib/session', () => ({ useSession: () => session }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const SIGNUP = {
  id: 'a1',
  fullName: 'Sam Lee',
  email: 'sam@example.com',
  monthlyRevenue: 123450,
  asinCount: 1200,
  landingVariant: '3',
  createdAt: '2025-03-01T10:00:00.000Z',
};

function renderAs(role: string) {
  session.user = { role };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <EarlyAccessAdminPage />
    </QueryClientProvider>,
  );
}

describe('EarlyAccessAdminPage', () => {
  it('lists the signups for a dev', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ signups: [SIGNUP] }), { status: 200 }))),
    );
    renderAs('dev');
    expect(await screen.findByRole('cell', { name: 'sam@example.com' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '$123,450.00' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '1,200' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Page 3' })).toBeTruthy();
  });

  it('does not call the API for anyone else', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAs('admin');
    expect(screen.getByText('Only the Replen team can see early-access signups.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('downloads the CSV with the bearer token under the server-given file name', async () => {
    sessionStorage.setItem('accessToken', 'token-123');
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('.csv')
          ? new Response('\uFEFFSigned Up At\r\n', {
              status: 200,
              headers: {
                'content-disposition': 'attachment; filename="early-access-signups-2025-03-01.csv"',
              },
            })
          : new Response(JSON.stringify({ signups: [] }), { status: 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs; the page only needs one to hand to the link.
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderAs('dev');
    await screen.findByText('No signups yet.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicked).toEqual(['early-access-signups-2025-03-01.csv']));
    const csvCall = fetchMock.mock.calls.find(([url]) => url === '/api/early-access.csv') as unknown as [
      string,
      RequestInit,
    ];
    expect(csvCall[1].headers).toEqual({ authorization: 'Bearer token-123' });
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
