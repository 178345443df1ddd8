import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_ABSOLUTE_MS } from './refresh-tokens';

export const REFRESH_COOKIE = 'replen_refresh';

// DESIGN 7: httpOnly, SameSite=Strict, Path=/api, Secure behind HTTPS.
const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/api',
  secure: request.protocol === 'https',
});

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(request), maxAge: REFRESH_ABSOLUTE_MS / 1000 });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
}

export const readRefreshCookie = (request: FastifyRequest): string | null =>
  request.cookies[REFRESH_COOKIE] || null;
