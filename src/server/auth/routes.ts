import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  loginSchema,
  logoutSchema,
  PASSWORD_HAS_IDENTITY_MESSAGE,
  passwordContainsIdentity,
  registerSchema,
} from '../../core/auth/schemas';
import type { AppDeps } from '../app-deps';
import { badRequest, conflict, unauthorized } from '../http/errors';
import { hitRateLimit } from '../http/rate-limit';
import { assertSameOrigin } from '../http/same-origin';
import { parseBody, parseInput } from '../http/validate';
import { signAccessToken } from './access-tokens';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookie';
import { authenticate, currentUser } from './guard';
import { hashPassword, verifyPassword } from './passwords';
import {
  createAccountWithOwner,
  findUserByEmail,
  findUserById,
  revokeEverywhere,
  setPasswordAndRevokeSessions,
  type UserRow,
} from './queries';
import { issueRefreshToken, revokeFamilyOf, rotateRefreshToken } from './refresh-tokens';

const MINUTE_MS = 60_000;
export const INVALID_LOGIN_MESSAGE = 'Invalid email or password';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, jwtSecret, now, limits, requireAuth } = deps;

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    setRefreshCookie(request, reply, await issueRefreshToken(db, user.id, now()));
    return { accessToken: await signAccessToken(user, jwtSecret, now()) };
  }

  app.post('/api/register', async (request, reply) => {
    await hitRateLimit(db, `register:ip:${request.ip}`, limits.registerPerHour, 60 * MINUTE_MS, now());
    const input = parseBody(registerSchema, request.body);
    const user = await createAccountWithOwner(db, {
      fullName: input.fullName,
      email: input.email,
      contactNumber: input.contactNumber,
      country: input.country,
      passwordHash: await hashPassword(input.password),
    });
    if (!user) throw conflict('An account with this email already exists');
    return reply.status(201).send(await startSession(request, reply, user));
  });

  app.post('/api/login', async (request, reply) => {
    await hitRateLimit(db, `login:ip:${request.ip}`, limits.loginPer15Min * 5, 15 * MINUTE_MS, now());
    const input = parseBody(loginSchema, request.body);
    const email = input.email.toLowerCase();
    await hitRateLimit(db, `login:email:${email}`, limits.loginPer15Min, 15 * MINUTE_MS, now());
    const user = await findUserByEmail(db, email);
    // The unknown-email path hashes too, so both failures look and take the same.
    const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
    if (!user || !isValid) throw unauthorized(INVALID_LOGIN_MESSAGE);
    return startSession(request, reply, user);
  });

  app.post('/api/refresh-token', async (request, reply) => {
    assertSameOrigin(request);
    const token = readRefreshCookie(request);
    const rotation = token ? await rotateRefreshToken(db, token, now()) : ({ ok: false } as const);
    const user = rotation.ok ? await findUserById(db, rotation.userId) : undefined;
    if (!rotation.ok || !user) {
      clearRefreshCookie(request, reply);
      throw unauthorized(SESSION_ENDED_MESSAGE);
    }
    setRefreshCookie(request, reply, rotation.token);
    return { accessToken: await signAccessToken(user, jwtSecret, now()) };
  });

  app.post('/api/logout', async (request, reply) => {
    assertSameOrigin(request);
    const everywhere = parseInput(logoutSchema, request.body ?? undefined)?.everywhere === true;
    const token = readRefreshCookie(request);
    const familyUserId = token ? await revokeFamilyOf(db, token, now()) : null;
    if (everywhere) {
      const bearerUser = await authenticate(request, db, jwtSecret, now());
      const userId = bearerUser?.id ?? familyUserId;
      if (!userId) throw unauthorized();
      await revokeEverywhere(db, userId, new Date(now()));
    }
    clearRefreshCookie(request, reply);
    return { message: 'Logged out' };
  });

  app.get('/api/me', { preHandler: requireAuth }, async (request) => {
    const user = currentUser(request);
    return {
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      role: user.role,
      tokenVersion: user.tokenVersion,
    };
  });

  app.post('/change-password', { preHandler: requireAuth }, async (request, reply) => {
    const input = parseBody(changePasswordSchema, request.body);
    const user = currentUser(request);
    if (passwordContainsIdentity(input.newPassword, user)) throw badRequest(PASSWORD_HAS_IDENTITY_MESSAGE);
    const stored = await findUserById(db, user.id);
    if (!stored || !(await verifyPassword(stored.passwordHash, input.oldPassword))) {
      throw badRequest('Old password is incorrect');
    }
    await setPasswordAndRevokeSessions(db, user.id, await hashPassword(input.newPassword), new Date(now()));
    clearRefreshCookie(request, reply);
    return { message: 'Password changed' };
  });
}
