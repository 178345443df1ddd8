import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionInput, ConnectionView } from '../../../core/marketplace/connection';
import type { SyncView } from '../../../core/marketplace/sync';
import { apiFetch } from '../../lib/api-client';

export const marketplaceKeys = {
  connection: ['marketplace', 'connection'] as const,
  sync: ['marketplace', 'sync'] as const,
};

const isActive = (sync: SyncView | null | undefined) => sync?.state === 'queued' || sync?.state === 'running';

export const useConnection = () =>
  useQuery({
    queryKey: marketplaceKeys.connection,
    queryFn: () => apiFetch<ConnectionView>('/api/marketplace/connection'),
  });

/** The current or last sync; asked again every second while one waits or runs (live progress). */
export const useSync = () =>
  useQuery({
    queryKey: marketplaceKeys.sync,
    queryFn: () => apiFetch<SyncView | null>('/api/marketplace/sync'),
    refetchInterval: (query) => (isActive(query.state.data) ? 1000 : false),
  });

export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConnectionInput) =>
      apiFetch<ConnectionView>(
        '/api/marketplace/connection',
        { method: 'PUT', body: input },
        'Failed to save',
      ),
    onSuccess: (view) => queryClient.setQueryData(marketplaceKeys.connection, view),
  });
}

export function useDisconnect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<ConnectionView>('/api/marketplace/connection', { method: 'DELETE' }, 'Failed to disconnect'),
    onSuccess: (view) => queryClient.setQueryData(marketplaceKeys.connection, view),
  });
}

export const useTestConnection = () =>
  useMutation({
    mutationFn: () =>
      apiFetch<{ ok: boolean; message: string }>(
        '/api/marketplace/connection/test',
        { method: 'POST' },
        'The test could not run',
      ),
  });

export function useSyncNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ syncId: string }>('/api/marketplace/sync', { method: 'POST' }, 'The sync could not start'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.sync });
    },
  });
}
