import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

/**
 * DESIGN 7: endpoints that act on the refresh cookie refuse a foreign Origin. A request without
 * Origin (not from a browser page) passes: the SameSite=Strict cookie already guards browsers.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden('Cross-site request refused');
  }
  if (originHost !== request.host) throw forbidden('Cross-site request refused');
}
