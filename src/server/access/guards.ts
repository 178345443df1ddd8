import type { FastifyRequest } from 'fastify';
import { type AccessComponents, computeAccessMap, effectiveLevel } from '../../core/access/access-map';
import type { ComponentPath } from '../../core/access/registry';
import { hasRole, type Role } from '../../core/roles';
import type { AuthUser } from '../auth/guard';
import { currentUser } from '../auth/guard';
import type { Db } from '../db/pool';
import { forbidden } from '../http/errors';
import { findAccessSchema } from './queries';

export const NO_PERMISSION_MESSAGE = 'You do not have permission to do this';

/** DESIGN 6: the level of every component for this user (members read the account's schema). */
export async function accessComponentsFor(db: Db, user: AuthUser): Promise<AccessComponents> {
  const schema = user.role === 'user' ? await findAccessSchema(db, user.accountId) : null;
  return computeAccessMap(user.role, schema);
}

/** A preHandler (after requireAuth): 403 unless the user's level on `path` is at least `level`. */
export function requireLevel(db: Db, path: ComponentPath, level: number) {
  return async (request: FastifyRequest) => {
    const { accessMap } = await accessComponentsFor(db, currentUser(request));
    if (effectiveLevel(accessMap, path) < level) throw forbidden(NO_PERMISSION_MESSAGE);
  };
}

/** A preHandler (after requireAuth): 403 unless the user's role ranks at or above `role`. */
export function requireRole(role: Role) {
  return async (request: FastifyRequest) => {
    if (!hasRole(currentUser(request).role, role)) throw forbidden(NO_PERMISSION_MESSAGE);
  };
}
