import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // The grid positions cells with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Product thumbnails come from the marketplace's image hosts.
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // HSTS only means something over HTTPS; it is added below when the request came that way.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
} satisfies HelmetOptions;

function addHsts(response: ServerResponse, isHttps: boolean): void {
  if (isHttps) response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

/**
 * What helmet does to every answer, read once: with fixed options it sets the same headers each
 * time (and removes X-Powered-By), but built them anew for each request, the CSP from its
 * directives (a tenth of a one-field PATCH's server time).
 */
function helmetWrites(): { set: Array<[string, string]>; removed: string[] } {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return { set, removed };
}

export const HELMET_WRITES = helmetWrites();

function applyHelmet(response: ServerResponse): void {
  for (const name of HELMET_WRITES.removed) response.removeHeader(name);
  for (const [name, value] of HELMET_WRITES.set) response.setHeader(name, value);
}

/** DESIGN 7: strict CSP for the SPA; the same headers on pages, API answers and errors. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // On the raw answer as the request arrives: every answer keeps them, errors included, and no
  // hook runs for them as the answer is sent.
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(reply, request.protocol === 'https');
    done();
  });
}

/**
 * The same headers for the answers Fastify gives before any hook runs (an undecodable URL, an
 * over-long path parameter), where the plugin above never sees the request.
 */
export function applySecurityHeaders(reply: FastifyReply, isHttps: boolean): void {
  applyHelmet(reply.raw);
  addHsts(reply.raw, isHttps);
}
