import { type Access, can, type Permission } from '../../../core/access/permissions';
import { useSession } from '../../lib/session';
import { useAccessComponents } from './api';

/** The signed-in user's role and access map; null until the map arrives (or when it failed). */
export function useAccess(): Access | null {
  const { user } = useSession();
  const components = useAccessComponents();
  if (!user || !components) return null;
  return { role: user.role, ...components };
}

/**
 * Whether the signed-in user holds `permission`: the same core `can` the server's guards ask, so
 * a link, tab or control shows exactly when its route would answer. False until the map arrives.
 */
export function useCan(permission: Permission): boolean {
  return can(useAccess(), permission);
}
