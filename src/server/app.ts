import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { accessRoutes } from './access/routes';
import { accountRoutes } from './account/routes';
import type { AppDeps } from './app-deps';
import { requireAuth } from './auth/guard';
import { authRoutes } from './auth/routes';
import { buyListRoutes } from './buy-list/routes';
import { type Config, DEFAULT_LIMITS } from './config';
import { csvImportRoutes } from './csv-import/routes';
import type { Db } from './db/pool';
import { earlyAccessRoutes } from './early-access/routes';
import { frameworkErrorHandler, registerErrorHandler } from './http/errors';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { restockRoutes } from './restock/routes';
import { settingsRoutes } from './settings/routes';

export type AppOptions = {
  db: Db;
  jwtSecret: Uint8Array;
  now?: () => number;
  limits?: Partial<Config['limits']>;
  trustProxy?: boolean;
  logLevel?: Config['logLevel'];
  webDist?: string;
  /** Sees every route as it is registered (the authorization matrix test collects the route table). */
  onRoute?: (route: RouteOptions) => void;
};

/** Builds the whole app (API and SPA) without listening, so tests can inject or listen on port 0. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // JSON with __proto__ or constructor keys is refused (400), never merged into objects.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A URL that cannot be decoded or routed still answers `{ message }` with the security headers.
    frameworkErrors: frameworkErrorHandler(options.trustProxy ?? false),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const now = options.now ?? Date.now;
  const deps: AppDeps = {
    db: options.db,
    jwtSecret: options.jwtSecret,
    now,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    requireAuth: requireAuth(options.db, options.jwtSecret, now),
  };

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  authRoutes(app, deps);
  earlyAccessRoutes(app, deps);
  accessRoutes(app, deps);
  accountRoutes(app, deps);
  settingsRoutes(app, deps);
  restockRoutes(app, deps);
  buyListRoutes(app, deps);
  csvImportRoutes(app, deps);
  await registerWebApp(app, options.webDist);
  return app;
}
