import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { buyListLines, groupBuyList, withOrderQuantity } from '../../../core/buy-list/buy-list';
import { purchaseOrderTitle } from '../../../core/buy-list/purchase-orders';
import type {
  BuyList,
  BuyListLine,
  DraftReference,
  PurchaseOrder,
  PurchaseOrderSummary,
  RequestedStatus,
} from '../../../core/buy-list/schemas';
import { apiFetch } from '../../lib/api-client';
import { reloadRestockTable } from '../restock/table-reads';

export const buyListKeys = {
  list: ['buy-list'] as const,
  orders: ['purchase-orders'] as const,
  order: (id: string) => ['purchase-orders', id] as const,
};

const lineUrl = (msku: string) => `/api/buy-list/${encodeURIComponent(msku)}`;
const orderUrl = (id: string) => `/api/purchase-orders/${encodeURIComponent(id)}`;

export const useBuyList = () =>
  useQuery({ queryKey: buyListKeys.list, queryFn: () => apiFetch<BuyList>('/api/buy-list') });

export const usePurchaseOrders = () =>
  useQuery({
    queryKey: buyListKeys.orders,
    queryFn: async () =>
      (await apiFetch<{ purchaseOrders: PurchaseOrderSummary[] }>('/api/purchase-orders')).purchaseOrders,
  });

export const usePurchaseOrder = (id: string) =>
  useQuery({ queryKey: buyListKeys.order(id), queryFn: () => apiFetch<PurchaseOrder>(orderUrl(id)) });

/** The list with some lines changed and every total recomputed by the same core code as the server. */
function regroup(list: BuyList, change: (line: BuyListLine) => BuyListLine | null): BuyList {
  const drafts = list.groups.flatMap((group): DraftReference[] => (group.draft ? [group.draft] : []));
  const lines = buyListLines(list)
    .map(change)
    .filter((line) => line !== null);
  return groupBuyList(lines, drafts);
}

/**
 * Applies a buy-list edit at once; rolls back with the server's message on failure, then
 * refetches (the restock table too when the edit `changesProducts`).
 */
function useOptimisticLineEdit<Input extends { msku: string }>(
  send: (input: Input) => Promise<unknown>,
  change: (line: BuyListLine, input: Input) => BuyListLine | null,
  changesProducts = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (input: Input) => {
      await queryClient.cancelQueries({ queryKey: buyListKeys.list });
      const previous = queryClient.getQueryData<BuyList>(buyListKeys.list);
      if (previous) {
        queryClient.setQueryData(
          buyListKeys.list,
          regroup(previous, (line) => (line.msku === input.msku ? change(line, input) : line)),
        );
      }
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(buyListKeys.list, context.previous);
      toast.error(error.message);
    },
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: buyListKeys.list }),
        changesProducts && reloadRestockTable(queryClient),
      ]);
    },
  });
}

export type QuantityEdit = { msku: string; orderQuantity: number | null };

export const useSetOrderQuantity = () =>
  useOptimisticLineEdit<QuantityEdit>(
    ({ msku, orderQuantity }) =>
      apiFetch<BuyListLine>(
        lineUrl(msku),
        { method: 'PATCH', body: { orderQuantity } },
        'Failed to update the order quantity',
      ),
    (line, { orderQuantity }) => withOrderQuantity(line, orderQuantity),
  );

/** Takes a product off the buy list: its replen flag in /restock clears too. */
export const useRemoveFromBuyList = () =>
  useOptimisticLineEdit<{ msku: string }>(
    ({ msku }) => apiFetch<null>(lineUrl(msku), { method: 'DELETE' }, 'Failed to remove the product'),
    () => null,
    true,
  );

export function useCreatePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplier: string | null) =>
      apiFetch<PurchaseOrder>(
        '/api/purchase-orders',
        { method: 'POST', body: { supplier } },
        'Failed to create the purchase order',
      ),
    onSuccess: (order) => {
      queryClient.setQueryData(buyListKeys.order(order.id), order);
      toast.success(`${purchaseOrderTitle(order.number)} saved for ${order.supplierName}`);
    },
    onError: (error) => toast.error(error.message),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: buyListKeys.list }),
        queryClient.invalidateQueries({ queryKey: buyListKeys.orders }),
      ]);
    },
  });
}

/** Ordered and received change the products' stock, so the restock rows are refetched too. */
export function useSetPurchaseOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: RequestedStatus }) =>
      apiFetch<PurchaseOrder>(
        orderUrl(id),
        { method: 'PATCH', body: { status } },
        'Failed to update the purchase order',
      ),
    onSuccess: (order) => {
      queryClient.setQueryData(buyListKeys.order(order.id), order);
      toast.success(`${purchaseOrderTitle(order.number)} marked ${order.status}`);
    },
    onError: (error) => toast.error(error.message),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: buyListKeys.list }),
        queryClient.invalidateQueries({ queryKey: buyListKeys.orders }),
        reloadRestockTable(queryClient),
      ]);
    },
  });
}
