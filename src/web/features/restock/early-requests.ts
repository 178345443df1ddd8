import { anyFilterNarrows } from '../../../core/restock/active-filters';
import type { Filters } from '../../../core/restock/grid-filters';
import { startEarly } from '../../lib/early-requests';
import { decodeAccessToken } from '../../lib/jwt';
import { readStoredToken } from '../../lib/token-storage';

// Kept apart from the restock page's code, which loads later: the app's start imports this.

/** Enough rows to fill a tall screen. */
export const FIRST_SCREENFUL = 100;

export const RESTOCK_PATHS = {
  columns: '/api/tables/restock/columns',
  defaults: '/api/settings/calculations',
  firstScreenful: `/api/tables/restock/data?shape=columns&limit=${FIRST_SCREENFUL}`,
  accessComponents: '/api/dynamic/access-components',
} as const;

const stored = (key: string): unknown => {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * On a load of the restock page by a signed-in tab, asks at once for what the page asks first (the
 * access map, the columns, the calculation defaults, and the first screenful when the page will
 * show the default view), instead of after the page's code and the access map have arrived.
 * Whether it asked.
 */
export function startRestockRequestsEarly(location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (location.pathname !== '/restock') return false;
  const token = readStoredToken();
  const user = token === null ? null : decodeAccessToken(token);
  if (user === null || user.exp * 1000 <= Date.now()) return false;
  const paths: string[] = [RESTOCK_PATHS.accessComponents, RESTOCK_PATHS.columns, RESTOCK_PATHS.defaults];
  // The same test as the page's: no sort chosen and no narrowing filter (nor a link to one product).
  const sort = stored(`replen:restock-sort:${user.sub}`);
  const filters = stored(`replen:restock-filters:${user.sub}`);
  const isDefaultView =
    (!Array.isArray(sort) || sort.length === 0) &&
    (typeof filters !== 'object' || filters === null || !anyFilterNarrows(filters as Filters)) &&
    !new URLSearchParams(location.search).has('msku');
  // First: the server takes longest over it, and the browser sends at most six requests at once.
  if (isDefaultView) paths.unshift(RESTOCK_PATHS.firstScreenful);
  startEarly(paths);
  return true;
}
