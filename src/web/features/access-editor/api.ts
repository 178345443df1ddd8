import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'react-toastify';
import type { SelectedAccessItems } from '../../../core/access/access-map';
import type { AccessSchemaTreeResponse } from '../../../core/access/access-requests';
import { apiFetch } from '../../lib/api-client';
import { accessKeys } from '../access/api';

/** GET access-schema-tree: what the account's `user` members get today (admin and above only). */
export function useAccessSchemaTree() {
  const query = useQuery({
    queryKey: accessKeys.schemaTree,
    queryFn: () => apiFetch<AccessSchemaTreeResponse>('/api/dynamic/access-schema-tree'),
    // A 403 for a non-admin will not change on a second try.
    retry: false,
  });
  const { error } = query;
  useEffect(() => {
    // SPEC 8: logged only; the screen shows the server's message.
    if (error) console.error('Failed to fetch access schema', error);
  }, [error]);
  return query;
}

/** POST save-access-schema with the entries above Restricted (SPEC 6). */
export function useSaveAccessSchema() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (selectedItems: SelectedAccessItems) =>
      apiFetch<{ message: string }>(
        '/api/dynamic/save-access-schema',
        { method: 'POST', body: { selectedItems } },
        'Save failed',
      ),
    onSuccess: (answer) => {
      toast.success(answer?.message ?? 'Access schema saved');
      return queryClient.invalidateQueries({ queryKey: accessKeys.schemaTree });
    },
    onError: (error) => {
      // SPEC 8: 'Save failed' or the server message.
      console.error(error.message);
      toast.error(error.message);
    },
  });
}
