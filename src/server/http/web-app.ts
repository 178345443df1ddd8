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
    const assets = path.join(distDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build's brotli and gzip copies (vite.config.ts), to browsers that accept them.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Vite names each file under assets/ by a hash of its content, so a browser may keep it for
      // good: a later load then asks for index.html (no-cache) and the API only, instead of one
      // revalidation per file, each taking one of the browser's six connections from the API.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(assets)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !isApiPath(request.url.split('?')[0] ?? '');
    if (!wantsPage) return reply.status(404).send({ message: 'Not found' });
    if (!hasBuild) return reply.status(503).send({ message: 'The web app is not built: run npm run build' });
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
