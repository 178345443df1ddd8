import { hashKey, type QueryClient } from '@tanstack/react-query';

// Kept apart from the restock page's code (api.ts): the pages that change products import this.

export const restockKeys = {
  all: ['restock'] as const,
  columns: ['restock', 'columns'] as const,
  data: ['restock', 'data'] as const,
  first: ['restock', 'first'] as const,
  defaults: ['calculation-defaults'] as const,
};

// The whole table's read still on its way, per query client.
const tableReads = new WeakMap<QueryClient, AbortController>();

/**
 * A signal for a new read of the whole table, which gives up the one still on its way: React
 * Query drops that one's answer, but its download, decoding and index (a few hundred megabytes
 * and a core for seconds at a million rows) went on beside the new one. The read is also given up
 * when its query leaves the cache (another user signs in on this tab, and the cache is cleared):
 * its answer would go nowhere. React Query's own signal is not used: it would also abort the load
 * when the seller leaves the page, and coming back would start it again rather than find it done.
 */
export function supersedingSignal(queryClient: QueryClient): AbortSignal {
  if (!tableReads.has(queryClient)) giveUpWhenRemoved(queryClient);
  tableReads.get(queryClient)?.abort();
  const controller = new AbortController();
  tableReads.set(queryClient, controller);
  return controller.signal;
}

const TABLE_QUERY = hashKey(restockKeys.data);

function giveUpWhenRemoved(queryClient: QueryClient) {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'removed' && event.query.queryHash === TABLE_QUERY)
      tableReads.get(queryClient)?.abort();
  });
}

/**
 * The table read again after the products changed (an import and its undo, a sync, new defaults,
 * a purchase order received, a product taken off the buy list). A read still on its way began
 * before the change: it is given up and its query cancelled first. Invalidating alone waits for
 * it when the table has not loaded yet (React Query cancels a fetch for a refetch only when the
 * query already holds data), and the page showed the table as it was before.
 */
export function reloadRestockTable(queryClient: QueryClient): Promise<void> {
  tableReads.get(queryClient)?.abort();
  // The cancel is done when the call returns: no await, so no render comes between it and the refetch.
  void queryClient.cancelQueries({ queryKey: restockKeys.all });
  return queryClient.invalidateQueries({ queryKey: restockKeys.all });
}
