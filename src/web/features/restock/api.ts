import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { BUILT_IN_DEFAULTS, type CalculationDefaults } from '../../../core/restock/calculation-defaults';
import type { RestockColumn } from '../../../core/restock/columns';
import { type CompactRows, plainRow, rowsFromCompact } from '../../../core/restock/compact-rows';
import { deriveFields, type RestockRow } from '../../../core/restock/engine';
import { ApiError, apiFetch } from '../../lib/api-client';
import { earlyOrFetch } from '../../lib/early-requests';
import { RESTOCK_PATHS } from './early-requests';
import { showEditRefused } from './edit-refused-toast';
import { keepPreparedIndex, prepareIndex } from './prepared-index';
import { type NumberRanker, startNumberRanker } from './rank-aside';
import { readTableAnswer } from './read-table-answer';
import { createRowEditQueue, type ReconcilingRowEditQueue, type RowEdit } from './row-edit-queue';
import { restockKeys, supersedingSignal } from './table-reads';

export type GridRow = RestockRow & { id: string; version: number };

export const useRestockColumns = () =>
  useQuery({
    queryKey: restockKeys.columns,
    queryFn: () => earlyOrFetch<RestockColumn[]>(RESTOCK_PATHS.columns),
  });

/**
 * The whole table, decoded as it arrives, and its table index prepared; `expected` is its size
 * when the first screenful (shown for the default order only) told it, `shownColumns` the columns shown.
 */
const fetchRestockTable = async (
  expected: number | undefined,
  shownColumns: () => readonly RestockColumn[] | undefined,
  signal: AbortSignal,
) => {
  let ranker: NumberRanker | undefined;
  try {
    const { rows, columns } = await apiFetch<Awaited<ReturnType<typeof readTableAnswer>>>(
      '/api/tables/restock/data?shape=columns',
      {
        signal,
        readBody: (response) => {
          // The worker that ranks the number columns, started as the answer begins: ready by the
          // time they are decoded. Started with the request, it slowed the first screenful's paint.
          ranker ??= startNumberRanker();
          return readTableAnswer(response, expected);
        },
      },
    );
    // The first screenful is shown only in the default order, which the whole table then replaces.
    // The columns are asked for beside the table: known by the time it has arrived.
    const shown = shownColumns();
    const inDefaultOrder = expected !== undefined;
    const index = await prepareIndex(rows, columns, { inDefaultOrder, shown, ranker, signal });
    return { rows, index };
  } catch (error) {
    ranker?.close();
    throw error;
  }
};

/**
 * The whole table. Edits made while it was on its way (on the first screenful, or over an older
 * answer during a refetch) are laid over it as it lands, so it never undoes one. Structural
 * sharing is off: comparing 100,000 rows field by field with the previous answer costs more than
 * it saves.
 */
export function useRestockRows({ enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: restockKeys.data,
    enabled,
    queryFn: async () => {
      const signal = supersedingSignal(queryClient);
      const land = editQueueOf(queryClient).startFetch();
      const expected = queryClient.getQueryData<FirstRows>(restockKeys.first)?.total;
      const shownColumns = () => queryClient.getQueryData<RestockColumn[]>(restockKeys.columns);
      const { rows, index } = await fetchRestockTable(expected, shownColumns, signal).catch(
        landNothing(land),
      );
      const landed = land(rows);
      // Edits laid over the table replace their rows: the index patches them.
      index.update(landed);
      keepPreparedIndex(landed, index);
      return landed;
    },
    structuralSharing: false,
  });
}

/** A failed fetch lands no rows (so the edit queue stops waiting for it) and fails as before. */
const landNothing =
  (land: (rows: GridRow[]) => GridRow[]) =>
  (error: unknown): never => {
    land([]);
    throw error;
  };

/** The first screenful: the first rows of the default sort and the size of the whole table. */
export type FirstRows = { rows: GridRow[]; total: number };

/**
 * The first screenful, asked for beside the whole table: a few kilobytes that arrive and paint
 * long before the whole table of a large catalogue has. Only while the whole table is not here.
 */
export function useFirstRestockRows(enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: restockKeys.first,
    queryFn: async (): Promise<FirstRows> => {
      const land = editQueueOf(queryClient).startFetch();
      // Asked for as the app started when it loaded on this page (early-requests.ts).
      const answer = await earlyOrFetch<CompactRows & { total: number }>(RESTOCK_PATHS.firstScreenful).catch(
        landNothing(land),
      );
      return { rows: land(rowsFromCompact<GridRow>(answer).rows), total: answer.total };
    },
    enabled,
    // Only a stand-in for the whole table: never refetched on its own, dropped soon after.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export const useCalculationDefaults = () =>
  useQuery({
    queryKey: restockKeys.defaults,
    queryFn: () => earlyOrFetch<CalculationDefaults>(RESTOCK_PATHS.defaults),
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

/** The row in the table's cache, found by its id, replaced by `row` (the rest stay the same objects). */
function replaceRow(rows: GridRow[] | undefined, row: GridRow): GridRow[] | undefined {
  if (!rows) return rows;
  const index = rows.findIndex((candidate) => candidate.id === row.id);
  if (index < 0) return rows;
  const next = rows.slice();
  next[index] = row;
  return next;
}

/** The server's row that comes with a 412: what the product holds now. */
const conflictRow = (error: unknown): GridRow | undefined =>
  error instanceof ApiError && error.status === 412 && typeof error.body === 'object' && error.body !== null
    ? ((error.body as { row?: GridRow }).row ?? undefined)
    : undefined;

/**
 * SPEC 4: edits apply at once (optimistic, with the derived numbers recomputed by the same
 * engine as the server), roll back with a toast on failure, and the row the server answers with
 * (its new version included) replaces the cached one: no table refetch per edit. The optimistic
 * row is written synchronously inside the user's event: applied later (after an await), React
 * would first restore a controlled checkbox to its old state and the cell would flicker.
 */
export function useEditCell(): (edit: RowEdit) => void {
  const queryClient = useQueryClient();
  const queue = editQueueOf(queryClient);
  // Leaving the page drops edits still on their way: the browser asks the seller first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (queue.unanswered() > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [queue]);
  // A table answer on its way when the edit is made is reconciled with it as it lands.
  return (edit) => void queue.enqueue(edit);
}

/** A row found by its id in the whole table, or else in the first screenful while that is shown. */
function cachedRow(queryClient: QueryClient, id: string): GridRow | undefined {
  const rows = queryClient.getQueryData<GridRow[]>(restockKeys.data);
  if (rows) return rows.find((row) => row.id === id);
  return queryClient.getQueryData<FirstRows>(restockKeys.first)?.rows.find((row) => row.id === id);
}

// One queue per query client: the table's fetches reconcile with the edits the page makes.
const editQueues = new WeakMap<QueryClient, ReconcilingRowEditQueue<GridRow>>();

function editQueueOf(queryClient: QueryClient): ReconcilingRowEditQueue<GridRow> {
  let queue = editQueues.get(queryClient);
  if (queue === undefined) {
    queue = createRowEditQueue<GridRow>({
      // A plain copy: kept for a rollback, a decoded row would keep its whole table's columns alive.
      readRow: (id) => {
        const row = cachedRow(queryClient, id);
        return row && plainRow(row);
      },
      writeRow: (row) => {
        queryClient.setQueryData<GridRow[]>(restockKeys.data, (rows) => replaceRow(rows, row));
        queryClient.setQueryData<FirstRows>(restockKeys.first, (first) => {
          const rows = first && replaceRow(first.rows, row);
          return first && rows !== first.rows ? { ...first, rows: rows ?? [] } : first;
        });
      },
      applyEdit: (row, { field, value }) => {
        const defaults =
          queryClient.getQueryData<CalculationDefaults>(restockKeys.defaults) ?? BUILT_IN_DEFAULTS;
        const edited = { ...plainRow(row), [field]: value };
        return { ...edited, ...deriveFields(edited, defaults) };
      },
      send: ({ id, field, value }, version) =>
        apiFetch<GridRow>(`/api/tables/restock/data/${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: { [field]: value },
          headers: { 'if-match': `"${version}"` },
        }),
      conflictRow,
      onRefused: showEditRefused,
    });
    editQueues.set(queryClient, queue);
  }
  return queue;
}
