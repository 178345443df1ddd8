import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../core/ids';
import type { Role } from '../../core/roles';
import type { Db } from '../db/pool';
import { unauthorized } from '../http/errors';
import { verifyAccessToken } from './access-tokens';
import { findSessionUser } from './queries';

/** The signed-in user of a request, read from the database on every request. */
export type AuthUser = {
  id: string;
  accountId: string;
  role: Role;
  fullName: string;
  email: string;
  tokenVersion: number;
  claims: { iat: number; exp: number };
  /**
   * A member's (role `user`) account access schema, read with the user (null: never saved);
   * absent where the user was not read by `authenticate`, and then read when needed.
   */
  accessSchema?: Record<string, number> | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    authUser?: AuthUser;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the bearer token to a user; null when missing, invalid, expired or outdated. */
export async function authenticate(request: FastifyRequest, db: Db, secret: Uint8Array, now: number) {
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await verifyAccessToken(token, secret, now);
  // A token signed with our key but naming no user id (a leaked key, a hand-made token) is just invalid.
  if (!claims || !isUuid(claims.sub)) return null;
  const user = await findSessionUser(db, claims.sub);
  // DESIGN 6: a token older than the user's token_version (log-out everywhere, password change) is dead.
  if (!user || user.tokenVersion !== claims.token_version) return null;
  return {
    id: user.id,
    accountId: user.accountId,
    role: user.role,
    fullName: user.fullName,
    email: user.email,
    tokenVersion: user.tokenVersion,
    claims: { iat: claims.iat, exp: claims.exp },
    accessSchema: user.role === 'user' ? user.accessSchema : null,
  } satisfies AuthUser;
}

/** A preHandler that answers 401 unless the request carries a valid access token. */
export function requireAuth(db: Db, secret: Uint8Array, now: () => number) {
  return async (request: FastifyRequest) => {
    const user = await authenticate(request, db, secret, now());
    if (!user) throw unauthorized();
    request.authUser = user;
  };
}

/** The user set by requireAuth; a route that forgot the guard fails loudly rather than leaking. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}
