import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/web');

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/** Serves the built SPA; any other GET for a page answers index.html so client routes work on reload. */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !isApiPath(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.status(404).send({ message: 'Not found' });
    if (!hasBuild) return reply.status(503).send({ message: 'The web app is not built: run npm run build' });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
