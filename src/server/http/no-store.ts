import type { FastifyInstance } from 'fastify';

const carriesAccountData = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/change-password');

/**
 * Every API answer may carry account data (a token, the user, table rows): no browser or proxy
 * cache may keep it. An answer that sets its own Cache-Control (an export) keeps it.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('cache-control') && carriesAccountData(request.url)) {
      reply.header('cache-control', 'no-store');
    }
  });
}
