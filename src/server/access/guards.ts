import type { FastifyRequest } from 'fastify';
import { type AccessComponents, computeAccessMap } from '../../core/access/access-map';
import { can, type Permission } from '../../core/access/permissions';
import type { Role } from '../../core/roles';
import type { AuthUser } from '../auth/guard';
import { currentUser } from '../auth/guard';
import type { Db } from '../db/pool';
import { forbidden } from '../http/errors';
import { findAccessSchema } from './queries';

export const NO_PERMISSION_MESSAGE = 'You do not have permission to do this';

// Every role but a member's has levels that follow from the role alone: worked out once per role
// (and frozen, as every request of that role shares them) instead of for each request.
const ROLE_ACCESS = new Map<Exclude<Role, 'user'>, AccessComponents>();

function accessOfRole(role: Exclude<Role, 'user'>): AccessComponents {
  let access = ROLE_ACCESS.get(role);
  if (!access) {
    const { accessMap, dev } = computeAccessMap(role, null);
    access = Object.freeze({ accessMap: Object.freeze(accessMap), dev });
    ROLE_ACCESS.set(role, access);
  }
  return access;
}

/** DESIGN 6: the level of every component for this user (members read the account's schema). */
export async function accessComponentsFor(db: Db, user: AuthUser): Promise<AccessComponents> {
  if (user.role !== 'user') return accessOfRole(user.role);
  // The guard read the schema with the user, in this request; otherwise it is read here.
  const schema =
    user.accessSchema !== undefined ? user.accessSchema : await findAccessSchema(db, user.accountId);
  return computeAccessMap(user.role, schema);
}

/**
 * A preHandler (after requireAuth): 403 unless the user holds `permission`, decided by the same
 * core `can` the web app's `useCan` asks.
 */
export function requirePermission(db: Db, permission: Permission) {
  // The answer for a role that needs no schema, decided once.
  const decidedForRole = new Map<Role, boolean>();
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    let allowed = decidedForRole.get(user.role);
    if (allowed === undefined) {
      allowed = can({ role: user.role, ...(await accessComponentsFor(db, user)) }, permission);
      if (user.role !== 'user') decidedForRole.set(user.role, allowed);
    }
    if (!allowed) throw forbidden(NO_PERMISSION_MESSAGE);
  };
}
