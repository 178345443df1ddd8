import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../lib/api-client';
import { earlyOrFetch } from '../../lib/early-requests';
import { RESTOCK_PATHS, startRestockRequestsEarly } from './early-requests';

// A token whose claims the app accepts (the signature is never checked in the browser).
const tokenFor = (sub: string, exp = Math.floor(Date.now() / 1000) + 600) => {
  const claims = {
    sub,
    full_name: 'Ann',
    email: 'ann@example.com',
    role: 'user',
    token_version: 0,
    iat: 0,
    exp,
  };
  const payload = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `header.${payload}.signature`;
};

const fetched = () => vi.mocked(fetch).mock.calls.map(([path]) => String(path));
const answer = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('the restock page asked for as the app starts', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => answer({ ok: 1 })),
    );
  });
  afterEach(() => {
    // Whatever was started early and not taken is taken here, so tests do not share it.
    for (const path of Object.values(RESTOCK_PATHS)) void earlyOrFetch(path).catch(() => {});
    vi.unstubAllGlobals();
  });

  it('asks for the access map, columns, defaults and first screenful at once, each answer handed out once', async () => {
    sessionStorage.setItem('accessToken', tokenFor('u1'));
    expect(startRestockRequestsEarly({ pathname: '/restock', search: '' })).toBe(true);
    expect(fetched()).toEqual([
      RESTOCK_PATHS.firstScreenful,
      RESTOCK_PATHS.accessComponents,
      RESTOCK_PATHS.columns,
      RESTOCK_PATHS.defaults,
    ]);
    await expect(earlyOrFetch(RESTOCK_PATHS.columns)).resolves.toEqual({ ok: 1 });
    expect(fetched()).toHaveLength(4);
    // Taken once: the next query asks the server again.
    await earlyOrFetch(RESTOCK_PATHS.columns);
    expect(fetched()).toHaveLength(5);
  });

  it('leaves the first screenful out when the page will show a chosen sort, a filter or one product', () => {
    sessionStorage.setItem('accessToken', tokenFor('u1'));
    sessionStorage.setItem(
      'replen:restock-sort:u1',
      JSON.stringify([{ columnKey: 'cost', direction: 'ASC' }]),
    );
    startRestockRequestsEarly({ pathname: '/restock', search: '' });
    sessionStorage.removeItem('replen:restock-sort:u1');
    sessionStorage.setItem('replen:restock-filters:u1', JSON.stringify({ product: 'lamp' }));
    startRestockRequestsEarly({ pathname: '/restock', search: '' });
    sessionStorage.removeItem('replen:restock-filters:u1');
    startRestockRequestsEarly({ pathname: '/restock', search: '?msku=A-1' });
    expect(fetched().filter((path) => path === RESTOCK_PATHS.firstScreenful)).toEqual([]);
    // A filter that narrows nothing is the default view.
    sessionStorage.setItem('replen:restock-filters:u1', JSON.stringify({ product: '  ' }));
    startRestockRequestsEarly({ pathname: '/restock', search: '' });
    expect(fetched().filter((path) => path === RESTOCK_PATHS.firstScreenful)).toHaveLength(1);
  });

  it('asks for nothing on another page, signed out, or with an expired token', () => {
    sessionStorage.setItem('accessToken', tokenFor('u1'));
    // Whether it asked decides whether the page's code is preloaded too (early-start.ts).
    expect(startRestockRequestsEarly({ pathname: '/dashboard', search: '' })).toBe(false);
    sessionStorage.setItem('accessToken', tokenFor('u1', 1));
    expect(startRestockRequestsEarly({ pathname: '/restock', search: '' })).toBe(false);
    sessionStorage.removeItem('accessToken');
    expect(startRestockRequestsEarly({ pathname: '/restock', search: '' })).toBe(false);
    expect(fetched()).toEqual([]);
  });

  it('asks again when the early request failed', async () => {
    sessionStorage.setItem('accessToken', tokenFor('u1'));
    // The first request sent is the first screenful.
    vi.mocked(fetch).mockImplementationOnce(() => answer({ message: 'Unauthorized' }, 401));
    startRestockRequestsEarly({ pathname: '/restock', search: '' });
    await expect(earlyOrFetch(RESTOCK_PATHS.firstScreenful)).resolves.toEqual({ ok: 1 });
    expect(fetched().filter((path) => path === RESTOCK_PATHS.firstScreenful)).toHaveLength(2);
  });

  it('never hands an answer to another session: signed out, or another user signed in', async () => {
    sessionStorage.setItem('accessToken', tokenFor('u1'));
    startRestockRequestsEarly({ pathname: '/restock', search: '' });
    // u1 signs out and u2 signs in before the restock page asks.
    sessionStorage.setItem('accessToken', tokenFor('u2'));
    await earlyOrFetch(RESTOCK_PATHS.firstScreenful);
    const asked = vi.mocked(fetch).mock.calls.filter(([path]) => path === RESTOCK_PATHS.firstScreenful);
    expect(asked).toHaveLength(2);
    expect(new Headers(asked[1]![1]?.headers).get('authorization')).toBe(`Bearer ${tokenFor('u2')}`);
    sessionStorage.removeItem('accessToken');
    await earlyOrFetch(RESTOCK_PATHS.columns);
    expect(fetched().filter((path) => path === RESTOCK_PATHS.columns)).toHaveLength(2);
  });

  it('asks again after this tab sent a write, whose change the early answer may miss', async () => {
    sessionStorage.setItem('accessToken', tokenFor('u1'));
    startRestockRequestsEarly({ pathname: '/restock', search: '' });
    await earlyOrFetch(RESTOCK_PATHS.columns);
    expect(fetched()).toHaveLength(4);
    // New calculation defaults saved on the settings page before the restock page asks.
    await apiFetch(RESTOCK_PATHS.defaults, { method: 'PUT', body: { desiredDaysOfInventory: 30 } });
    await earlyOrFetch(RESTOCK_PATHS.defaults);
    expect(fetched().filter((path) => path === RESTOCK_PATHS.defaults)).toHaveLength(3);
  });
});
