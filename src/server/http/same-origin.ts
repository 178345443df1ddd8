import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors';

/**
 * DESIGN 7: endpoints that act on the refresh cookie refuse a foreign Origin: scheme, host and
 * port must all be this server's (http://app.example is not https://app.example, nor :8443).
 * A request without Origin (not from a browser page) passes: SameSite=Strict already guards
 * browsers' cookies.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let given: string;
  let own: string;
  try {
    given = new URL(origin).origin;
    own = new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    throw forbidden('Cross-site request refused');
  }
  if (given === 'null' || given !== own) throw forbidden('Cross-site request refused');
}
