import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { RestockColumn } from '../../../core/restock/columns';
import { deriveFields, type RestockRow } from '../../../core/restock/engine';
import { BUILT_IN_DEFAULTS, type CalculationDefaults } from '../../../core/restock/product';
import { ApiError, apiFetch } from '../../lib/api-client';

export type GridRow = RestockRow & { id: string; version: number };

export const restockKeys = {
  all: ['restock'] as const,
  columns: ['restock', 'columns'] as const,
  data: ['restock', 'data'] as const,
  defaults: ['calculation-defaults'] as const,
};

export const EDIT_FAILED_MESSAGE = 'Failed to update data. Please try again.';

export const useRestockColumns = () =>
  useQuery({
    queryKey: restockKeys.columns,
    queryFn: () => apiFetch<RestockColumn[]>('/api/tables/restock/columns'),
  });

type CompactRows = { keys: string[]; rows: unknown[][] };

/** Rebuilds row objects from the compact answer; same keys in the same order keep them fast. */
export function rowsFromCompact({ keys, rows }: CompactRows): GridRow[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
    return row as GridRow;
  });
}

export const fetchRestockRows = async () =>
  rowsFromCompact(await apiFetch<CompactRows>('/api/tables/restock/data?shape=columns'));

export const useRestockRows = () => useQuery({ queryKey: restockKeys.data, queryFn: fetchRestockRows });

export const useCalculationDefaults = () =>
  useQuery({
    queryKey: restockKeys.defaults,
    queryFn: () => apiFetch<CalculationDefaults>('/api/settings/calculations'),
  });

/** SPEC 4: the dragged key moves to the target position and the order is saved. */
export function moveKey(keys: readonly string[], source: string, target: string): string[] {
  const from = keys.indexOf(source);
  const to = keys.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...keys];
  const next = [...keys];
  next.splice(from, 1);
  next.splice(to, 0, source);
  return next;
}

export function useSaveColumnOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: string[]) =>
      apiFetch<RestockColumn[]>('/api/tables/restock/columns', { method: 'PATCH', body: { order } }),
    onMutate: async (order) => {
      await queryClient.cancelQueries({ queryKey: restockKeys.columns });
      const previous = queryClient.getQueryData<RestockColumn[]>(restockKeys.columns);
      if (previous) {
        const byKey = new Map<string, RestockColumn>(previous.map((column) => [column.key, column]));
        queryClient.setQueryData(
          restockKeys.columns,
          order.map((key) => byKey.get(key)).filter((column) => column !== undefined),
        );
      }
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) queryClient.setQueryData(restockKeys.columns, context.previous);
      toast.error('Failed to save the column order');
    },
    onSuccess: (columns) => queryClient.setQueryData(restockKeys.columns, columns),
  });
}

export type CellEdit = { id: string; version: number; data: Record<string, unknown> };

type SentEdit = CellEdit & { previous: GridRow[] | undefined };

/**
 * SPEC 4: edits apply at once (optimistic, with the derived numbers recomputed by the same
 * engine as the server), roll back with a toast on failure, and refetch when done. The optimistic
 * row is written synchronously inside the user's event: applied later (after an await), React
 * would first restore a controlled checkbox to its old state and the cell would flicker.
 */
export function useEditCell(): (edit: CellEdit) => void {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ id, version, data }: SentEdit) =>
      apiFetch<GridRow>(`/api/tables/restock/data/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: data,
        headers: { 'if-match': `"${version}"` },
      }),
    onError: (error, edit) => {
      if (edit.previous) queryClient.setQueryData(restockKeys.data, edit.previous);
      // 412: someone else changed the row; the refetch below shows their value.
      toast.error(error instanceof ApiError && error.status === 412 ? error.message : EDIT_FAILED_MESSAGE);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: restockKeys.data }),
  });

  return (edit: CellEdit) => {
    // A refetch in flight must not land over the optimistic row.
    void queryClient.cancelQueries({ queryKey: restockKeys.data });
    const previous = queryClient.getQueryData<GridRow[]>(restockKeys.data);
    const defaults = queryClient.getQueryData<CalculationDefaults>(restockKeys.defaults) ?? BUILT_IN_DEFAULTS;
    if (previous) {
      queryClient.setQueryData<GridRow[]>(
        restockKeys.data,
        previous.map((row) => {
          if (row.id !== edit.id) return row;
          const edited = { ...row, ...edit.data };
          return { ...edited, ...deriveFields(edited, defaults) };
        }),
      );
    }
    mutation.mutate({ ...edit, previous });
  };
}
