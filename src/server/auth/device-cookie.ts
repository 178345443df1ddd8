import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * docs/decisions/007: a browser that logged in to an account before is a known device for that
 * account. Its failed log-ins count against the device, not against the account's email, so a
 * stranger's wrong passwords lock out unknown devices only, never the owner at their own desk.
 *
 * The cookie is `<device id>.<HMAC of user id and device id>`: nothing is stored, and a cookie
 * earned by logging in to one account is worth nothing for another.
 */
export const DEVICE_COOKIE = 'replen_device';
const DEVICE_COOKIE_DAYS = 365;

const signature = (secret: Uint8Array, userId: string, deviceId: string) =>
  createHmac('sha256', secret).update(`replen-device|${userId}|${deviceId}`).digest('base64url');

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  // Only the log-in needs it.
  path: '/api/login',
  secure: request.protocol === 'https',
});

/** The device id when the request carries a device cookie earned by `userId`, else null. */
export function knownDeviceOf(request: FastifyRequest, secret: Uint8Array, userId: string): string | null {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value || value.length > 200) return null;
  const [deviceId, mac] = value.split('.');
  if (!deviceId || !mac || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return null;
  const expected = Buffer.from(signature(secret, userId, deviceId));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

/** After a successful log-in: this browser is now a known device of the user (its id is kept). */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: Uint8Array,
  userId: string,
  deviceId: string | null,
) {
  const id = deviceId ?? randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${id}.${signature(secret, userId, id)}`, {
    ...cookieOptions(request),
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}
