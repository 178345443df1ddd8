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
import { knownDeviceOf, setDeviceCookie } from './device-cookie';
import { authenticate, currentUser } from './guard';
import { assertNotBreached } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import {
  acceptInvitation,
  createAccountWithOwner,
  findInvitations,
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
export const LOGIN_LOCKED_MESSAGE =
  'Too many failed log-ins for this email. Try again in 15 minutes, or from a device you have logged in with before.';
export const CHANGE_PASSWORD_LIMITED_MESSAGE =
  'Too many wrong old passwords. Please wait 15 minutes and try again.';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, jwtSecret, now, limits, requireAuth } = deps;

  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    setRefreshCookie(request, reply, await issueRefreshToken(db, user.id, now()));
    return { accessToken: await signAccessToken(user, jwtSecret, now()) };
  }

  /**
   * The user the email and password name: a user whose password matches, or an added member's
   * invitation accepted at this first log-in; undefined otherwise. An unknown email costs one
   * hash like a wrong password, so both failures look and take the same.
   */
  async function checkCredentials(
    user: UserRow | undefined,
    invitations: Awaited<ReturnType<typeof findInvitations>>,
    email: string,
    password: string,
  ) {
    if (user) return (await verifyPassword(user.passwordHash, password)) ? user : undefined;
    if (invitations.length === 0) {
      await verifyPassword(null, password);
      return undefined;
    }
    for (const invitation of invitations) {
      if (!(await verifyPassword(invitation.passwordHash, password))) continue;
      const accepted = await acceptInvitation(db, invitation);
      if (accepted) return accepted;
      // A second log-in at the same moment accepted it first: the user exists now.
      const joined = await findUserByEmail(db, email);
      return joined && (await verifyPassword(joined.passwordHash, password)) ? joined : undefined;
    }
    return undefined;
  }

  app.post('/api/register', async (request, reply) => {
    await hitRateLimit(db, `register:ip:${request.ip}`, limits.registerPerHour, 60 * MINUTE_MS, now());
    const input = parseBody(registerSchema, request.body);
    await assertNotBreached(input.password);
    const user = await createAccountWithOwner(db, {
      fullName: input.fullName,
      email: input.email,
      contactNumber: input.contactNumber,
      country: input.country,
      passwordHash: await hashPassword(input.password),
    });
    if (!user) throw conflict('An account with this email already exists');
    setDeviceCookie(request, reply, jwtSecret, user.id, null);
    return reply.status(201).send(await startSession(request, reply, user));
  });

  /*
   * docs/decisions/007: failed log-ins are counted per email and per address, except from a
   * device that logged in to this account before (its own counter): a stranger's guesses lock
   * out unknown devices only. A successful log-in takes its own attempt back.
   */
  app.post('/api/login', async (request, reply) => {
    const input = parseBody(loginSchema, request.body);
    const email = input.email.toLowerCase();
    // Both looked up for every log-in, so a known and an unknown email cost the same queries. In
    // this order: an invitation accepted between the two reads is then seen as its user.
    const invitations = await findInvitations(db, email);
    const user = await findUserByEmail(db, email);
    const deviceId = user ? knownDeviceOf(request, jwtSecret, user.id) : null;
    const window = 15 * MINUTE_MS;
    const hits = deviceId
      ? [await hitRateLimit(db, `login:device:${deviceId}`, limits.loginPer15Min, window, now())]
      : [
          await hitRateLimit(db, `login:ip:${request.ip}`, limits.loginPerIpPer15Min, window, now()),
          await hitRateLimit(
            db,
            `login:email:${email}`,
            limits.loginPer15Min,
            window,
            now(),
            LOGIN_LOCKED_MESSAGE,
          ),
        ];
    const signedIn = await checkCredentials(user, invitations, email, input.password);
    if (!signedIn) throw unauthorized(INVALID_LOGIN_MESSAGE);
    await Promise.all(hits.map((hit) => hit.undo()));
    setDeviceCookie(request, reply, jwtSecret, signedIn.id, deviceId);
    return startSession(request, reply, signedIn);
  });

  app.post('/api/refresh-token', async (request, reply) => {
    assertSameOrigin(request);
    const token = readRefreshCookie(request);
    const rotation = token ? await rotateRefreshToken(db, token, jwtSecret, now()) : ({ ok: false } as const);
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
    await assertNotBreached(input.newPassword);
    // A stolen access token must not become unlimited guesses at the password behind it.
    const hit = await hitRateLimit(
      db,
      `change-password:user:${user.id}`,
      limits.changePasswordPer15Min,
      15 * MINUTE_MS,
      now(),
      CHANGE_PASSWORD_LIMITED_MESSAGE,
    );
    const stored = await findUserById(db, user.id);
    if (!stored || !(await verifyPassword(stored.passwordHash, input.oldPassword))) {
      throw badRequest('Old password is incorrect');
    }
    await hit.undo();
    await setPasswordAndRevokeSessions(db, user.id, await hashPassword(input.newPassword), new Date(now()));
    clearRefreshCookie(request, reply);
    return { message: 'Password changed' };
  });
}
