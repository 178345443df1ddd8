import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ApiError, apiFetch } from '../../lib/api-client';

export const columnPickerKeys = {
  headers: ['column-picker', 'headers'] as const,
  selection: ['column-picker', 'selection'] as const,
};

// The restock table reads its columns under this key; a saved selection changes what it shows.
export const restockColumnsKey = ['restock', 'columns'] as const;

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** SPEC 8: the column-header fetch fails with its status, whatever the server said. */
async function fetchColumnHeaders(): Promise<string[]> {
  try {
    return await apiFetch<string[]>('/api/dynamic/column-headers');
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`API request failed with status ${error.status}`);
    throw error;
  }
}

/** SPEC 7 and 9: every restock column key, fresh for 5 minutes and never retried. */
export const columnHeadersQuery = queryOptions({
  queryKey: columnPickerKeys.headers,
  queryFn: fetchColumnHeaders,
  staleTime: FIVE_MINUTES_MS,
  retry: false,
});

/** The user's saved visible columns, in their order (the product column always first). */
export const savedSelectionQuery = queryOptions({
  queryKey: columnPickerKeys.selection,
  queryFn: async () =>
    (await apiFetch<{ selectedItems: string[] }>('/api/dynamic/column-picker')).selectedItems,
  retry: false,
});

export const useColumnHeaders = () => useQuery(columnHeadersQuery);
export const useSavedSelection = () => useQuery(savedSelectionQuery);

/** SPEC 7: saving invalidates the cached selection, and the restock table's columns with it. */
export function useSaveSelection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selectedItems: readonly string[]) =>
      apiFetch<{ selectedItems: string[] }>('/api/save-column-picker', {
        method: 'POST',
        body: { selectedItems },
      }),
    onSuccess: async () => {
      toast.success('Visible columns saved');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: columnPickerKeys.selection }),
        queryClient.invalidateQueries({ queryKey: restockColumnsKey }),
      ]);
    },
    // SPEC 8: logged only.
    onError: (error) => console.error('Failed to save selected items', error),
  });
}
