import { useEffect } from 'react';
import type { SortColumn } from 'react-data-grid';
import { useSearchParams } from 'react-router';
import { PRODUCT_COLUMN_KEY } from '../../../core/restock/grid-column';
import type { Filters } from '../../../core/restock/grid-filters';
import { useSession } from '../../lib/session';
import { useSessionState } from '../../lib/session-state';

const isObject = (value: unknown): value is Filters =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isSortColumns = (value: unknown): value is SortColumn[] =>
  Array.isArray(value) &&
  value.every(
    (item) =>
      isObject(item) &&
      typeof (item as { columnKey?: unknown }).columnKey === 'string' &&
      ((item as { direction?: unknown }).direction === 'ASC' ||
        (item as { direction?: unknown }).direction === 'DESC'),
  );

/** The search parameter of a link to one product's row (the dashboard's most urgent list). */
export const MSKU_PARAM = 'msku';

/**
 * The restock table's filters and sort, per user, kept for the tab: they survive leaving the page
 * and coming back. A link with ?msku=… replaces the filters with that product.
 */
export function useRestockViewState() {
  const { user } = useSession();
  const owner = user?.sub ?? 'anonymous';
  const [filters, setFilters] = useSessionState<Filters>(`replen:restock-filters:${owner}`, {}, isObject);
  const [sortColumns, setSortColumns] = useSessionState<SortColumn[]>(
    `replen:restock-sort:${owner}`,
    [],
    isSortColumns,
  );
  const [params, setParams] = useSearchParams();
  const msku = params.get(MSKU_PARAM);
  useEffect(() => {
    if (msku === null) return;
    setFilters({ [PRODUCT_COLUMN_KEY]: msku });
    // Consumed: Back and reload keep the user's own filters from here on.
    setParams(
      (current) => {
        current.delete(MSKU_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [msku, setFilters, setParams]);
  return { filters, setFilters, sortColumns, setSortColumns };
}
