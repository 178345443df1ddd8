import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const HELMET_OPTIONS = {
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

function addHsts(reply: FastifyReply, isHttps: boolean): void {
  if (isHttps) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}

const applyHelmet = helmet(HELMET_OPTIONS);

/** DESIGN 7: strict CSP for the SPA; the same headers on pages, API answers and errors. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Helmet built once: @fastify/helmet builds it (parsing the CSP directives) for every request.
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, () => {});
    done();
  });
  app.addHook('onSend', async (request, reply) => addHsts(reply, request.protocol === 'https'));
}

/**
 * The same headers for the answers Fastify gives before any hook runs (an undecodable URL, an
 * over-long path parameter), where the plugin above never sees the request.
 */
export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, isHttps: boolean): void {
  applyHelmet(request.raw, reply.raw, () => {});
  addHsts(reply, isHttps);
}
