import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type pg from 'pg';
import { accessRoutes } from './access/routes';
import { accountRoutes } from './account/routes';
import type { AppDeps } from './app-deps';
import { requireAuth } from './auth/guard';
import { authRoutes } from './auth/routes';
import { buyListRoutes } from './buy-list/routes';
import { type Config, DEFAULT_LIMITS } from './config';
import { csvImportRoutes } from './csv-import/routes';
import { dashboardRoutes } from './dashboard/routes';
import type { Db } from './db/pool';
import { earlyAccessRoutes } from './early-access/routes';
import { JSON_BODY_LIMIT } from './http/body-limits';
import { registerBodyTimeout } from './http/body-timeout';
import { frameworkErrorHandler, registerErrorHandler } from './http/errors';
import { createHeavyWorkGate, DEFAULT_HEAVY_WORK, type HeavyWorkLimits } from './http/heavy-work';
import { registerJsonBodyParser } from './http/json-body';
import { registerNoStore } from './http/no-store';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { type JobQueue, jobsNotRunning } from './jobs/job-runner';
import { marketplaceRoutes } from './marketplace/routes';
import { createSecretBox } from './marketplace/secret-box';
import type { ClientOptions } from './marketplace/sp-api-client';
import { queueUnfinishedSyncs } from './marketplace/sync-job';
import type { SyncDeps } from './marketplace/sync-runner';
import { type AppMetrics, createMetrics, registerRequestMetrics } from './ops/metrics';
import { opsRoutes } from './ops/routes';
import { restockRoutes } from './restock/routes';
import { salesHistoryRoutes } from './sales-history/routes';
import { settingsRoutes } from './settings/routes';

export type AppOptions = {
  db: Db;
  jwtSecret: Uint8Array;
  now?: () => number;
  limits?: Partial<Config['limits']>;
  heavyWork?: Partial<HeavyWorkLimits>;
  /** How long a request body may take to arrive (routes may allow more); 10 s by default. */
  bodyTimeoutMs?: number;
  /** Proxies in front that add X-Forwarded-For: a count (true = 1); the client is the address the nearest one saw. */
  trustProxy?: boolean | number;
  logLevel?: Config['logLevel'];
  /** Where the log goes instead of stdout (tests read it to prove secrets are never logged). */
  logStream?: { write: (line: string) => void };
  webDist?: string;
  /** The job runner's queue; apps without one (benches, most tests) refuse to queue jobs. */
  jobs?: JobQueue;
  marketplace?: MarketplaceOptions;
  /** Shared with the job runner, which reports its runs; a fresh registry by default. */
  metrics?: AppMetrics;
  metricsToken?: string;
  /** Sees every route as it is registered (the authorization matrix test collects the route table). */
  onRoute?: (route: RouteOptions) => void;
};

const DEFAULT_BODY_TIMEOUT_MS = 10_000;

export type MarketplaceOptions = {
  /** Seals the marketplace secrets (32 bytes); without one, a random key lives as long as the app. */
  secretKey?: Buffer;
  /** Testing only: the stand-in that answers for Amazon's hosts. */
  testingEndpoint?: string;
  client?: Partial<Omit<ClientOptions, 'region' | 'credentials' | 'testingEndpoint'>>;
  poll?: Partial<SyncDeps['poll']>;
  /**
   * Hand the syncs a stopped copy left unfinished to the sync job once the app is ready (the
   * server does; it needs a job runner).
   */
  resumeOnStart?: boolean;
};

const syncDepsByApp = new WeakMap<FastifyInstance, SyncDeps>();

/** What the app built for the marketplace sync (secret box, client settings), for the background jobs. */
export function syncDepsOf(app: FastifyInstance): SyncDeps {
  const deps = syncDepsByApp.get(app);
  if (!deps) throw new Error('This Fastify instance was not built by buildApp.');
  return deps;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const proxyHopCount = (trustProxy: boolean | number | undefined) =>
  trustProxy === true ? 1 : typeof trustProxy === 'number' ? trustProxy : 0;

/** Builds the whole app (API and SPA) without listening, so tests can inject or listen on port 0. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const proxyHops = proxyHopCount(options.trustProxy);
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // A hop count, never `true`: with `true` Fastify takes the leftmost X-Forwarded-For entry,
    // which the client writes itself, so anyone could pick the address their limits count on.
    trustProxy: proxyHops > 0 ? (_address: string, hop: number) => hop < proxyHops : false,
    bodyLimit: JSON_BODY_LIMIT,
    // Node's own bound on a whole request, above the longest body timeout (an import's 120 s).
    requestTimeout: 150_000,
    // JSON with __proto__ or constructor keys is refused (400), never merged into objects.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // A URL that cannot be decoded or routed still answers `{ message }` with the security headers.
    frameworkErrors: frameworkErrorHandler(proxyHops > 0),
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  const now = options.now ?? Date.now;
  const metrics = options.metrics ?? createMetrics();
  // drizzle keeps the node-postgres pool it was given.
  const pool = (options.db as unknown as { $client: pg.Pool }).$client;
  metrics.watchPool(pool);
  const deps: AppDeps = {
    db: options.db,
    jwtSecret: options.jwtSecret,
    now,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    requireAuth: requireAuth(options.db, options.jwtSecret, now),
    runHeavy: createHeavyWorkGate({ ...DEFAULT_HEAVY_WORK, ...options.heavyWork }),
    jobs: options.jobs ?? jobsNotRunning,
    metrics,
  };

  registerErrorHandler(app);
  registerRequestMetrics(app, metrics);
  await registerSecurityHeaders(app);
  registerNoStore(app);
  registerBodyTimeout(app, options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS);
  registerJsonBodyParser(app);
  await app.register(cookie);
  opsRoutes(app, { pool, metrics, metricsToken: options.metricsToken });
  authRoutes(app, deps);
  earlyAccessRoutes(app, deps);
  accessRoutes(app, deps);
  accountRoutes(app, deps);
  settingsRoutes(app, deps);
  restockRoutes(app, deps);
  buyListRoutes(app, deps);
  dashboardRoutes(app, deps);
  csvImportRoutes(app, deps);
  salesHistoryRoutes(app, deps);
  const market = options.marketplace ?? {};
  const syncDeps: SyncDeps = {
    db: options.db,
    box: createSecretBox(market.secretKey ?? randomBytes(32)),
    now,
    client: { ...market.client, testingEndpoint: market.testingEndpoint },
    // Amazon builds a report in seconds to minutes: poll every 5 s for up to 15 minutes.
    poll: { pollMs: 5000, maxPolls: 180, sleep, ...market.poll },
    logError: (error, message) => app.log.error({ err: error }, message),
  };
  syncDepsByApp.set(app, syncDeps);
  marketplaceRoutes(app, deps, { sync: syncDeps });
  app.addHook('onReady', async () => {
    if (!market.resumeOnStart) return;
    void queueUnfinishedSyncs(syncDeps, deps.jobs).catch((error: unknown) =>
      app.log.error({ err: error }, 'resuming syncs failed'),
    );
  });
  await registerWebApp(app, options.webDist);
  return app;
}
