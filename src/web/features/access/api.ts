import { useQuery } from '@tanstack/react-query';
import type { AccessComponents } from '../../../core/access/access-map';
import { apiFetch } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export const accessKeys = {
  components: (userId: string | undefined, tokenVersion: number | undefined) =>
    ['access-components', userId, tokenVersion] as const,
  schemaTree: ['access-schema-tree'] as const,
};

/**
 * SPEC 6: the access map is fetched once at start; a non-ok answer is ignored (no map, so
 * gated components render nothing rather than failing the page).
 */
export function useAccessComponents(): AccessComponents | null {
  const { user } = useSession();
  const query = useQuery({
    queryKey: accessKeys.components(user?.sub, user?.token_version),
    queryFn: () => apiFetch<AccessComponents>('/api/dynamic/access-components'),
    enabled: Boolean(user),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data ?? null;
}
