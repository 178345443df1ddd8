import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { createDb } from '../db/pool';
import { TEST_JWT_SECRET } from '../test-support/test-app';

export type ApiRoute = { method: string; url: string };

export const routeKey = (route: ApiRoute) => `${route.method} ${route.url}`;

// A folder without a build: the app then registers no static-file routes, so every route it
// registers is an API route (the SPA fallback is the not-found handler, not a route).
const NO_WEB_BUILD = path.join(import.meta.dirname, 'no-web-build');

/**
 * The app's real route table, exactly as buildApp registers it, sorted. HEAD routes that Fastify
 * adds beside every GET are left out: they run the GET route's guards and handler.
 */
export async function collectApiRoutes(): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  // Building the app opens no connection: the pool below is never asked for one.
  const pool = new pg.Pool({ max: 1 });
  const app = await buildApp({
    db: createDb(pool),
    jwtSecret: TEST_JWT_SECRET,
    logLevel: 'silent',
    webDist: NO_WEB_BUILD,
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    },
  });
  await app.ready();
  await app.close();
  await pool.end();
  const keys = new Set(routes.map(routeKey));
  return routes
    .filter((route) => !(route.method === 'HEAD' && keys.has(`GET ${route.url}`)))
    .sort((a, b) => routeKey(a).localeCompare(routeKey(b)));
}

/** The route's path with `:table` set to the restock table and its other parameter set to `id`. */
export function fillPath(url: string, id = ''): string {
  return url.replace(':table', 'restock').replace(/:[A-Za-z]+/, encodeURIComponent(id));
}

/** True when the route names a row (a parameter other than the table). */
export const takesRowId = (url: string) => /:[A-Za-z]+/.test(url.replace(':table', ''));
