import type { FastifyRequest } from 'fastify';
import { type AccessComponents, computeAccessMap } from '../../core/access/access-map';
import { can, type Permission } from '../../core/access/permissions';
import type { AuthUser } from '../auth/guard';
import { currentUser } from '../auth/guard';
import type { Db } from '../db/pool';
import { forbidden } from '../http/errors';
import { findAccessSchema } from './queries';

export const NO_PERMISSION_MESSAGE = 'You do not have permission to do this';

/** DESIGN 6: the level of every component for this user (members read the account's schema). */
export async function accessComponentsFor(db: Db, user: AuthUser): Promise<AccessComponents> {
  if (user.role !== 'user') return computeAccessMap(user.role, null);
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
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    const access = { role: user.role, ...(await accessComponentsFor(db, user)) };
    if (!can(access, permission)) throw forbidden(NO_PERMISSION_MESSAGE);
  };
}
