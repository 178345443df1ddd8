import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// From source this file is src/server/http/web-app.ts; compiled it is inside dist/server/main.js.
const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST =
  path.basename(here) === 'http' ? path.resolve(here, '../../../dist/web') : path.resolve(here, '../web');

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
