import type { FastifyInstance } from 'fastify';

const carriesAccountData = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/change-password');

/**
 * Every API answer may carry account data (a token, the user, table rows): no browser or proxy
 * cache may keep it. Set on the raw answer as the request arrives (no hook runs as it is sent), so
 * an answer that sets its own Cache-Control (an export) replaces it.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (carriesAccountData(request.url)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
}
