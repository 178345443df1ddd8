import { useQuery } from '@tanstack/react-query';
import type { ProductHistory } from '../../../core/sales-history/product-history';
import { apiFetch } from '../../lib/api-client';

export type { ProductHistory } from '../../../core/sales-history/product-history';

/** The drawer draws the last 180 days. */
export const DRAWER_DAYS = 180;

export const historyKeys = {
  all: ['product-history'] as const,
  product: (msku: string) => ['product-history', msku] as const,
};

export const useProductHistory = (msku: string, enabled = true) =>
  useQuery({
    queryKey: historyKeys.product(msku),
    queryFn: () =>
      apiFetch<ProductHistory>(`/api/products/${encodeURIComponent(msku)}/history?days=${DRAWER_DAYS}`),
    enabled,
  });
