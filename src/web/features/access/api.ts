import { useQuery } from '@tanstack/react-query';
import type { AccessComponents } from '../../../core/access/access-map';
import { earlyOrFetch } from '../../lib/early-requests';
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
function useAccessComponentsQuery() {
  const { user } = useSession();
  return useQuery({
    queryKey: accessKeys.components(user?.sub, user?.token_version),
    queryFn: () => earlyOrFetch<AccessComponents>('/api/dynamic/access-components'),
    enabled: Boolean(user),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useAccessComponents(): AccessComponents | null {
  return useAccessComponentsQuery().data ?? null;
}

/** True while the access map is on its way (a page waits rather than refusing too early). */
export const useAccessComponentsLoading = (): boolean => useAccessComponentsQuery().isLoading;
