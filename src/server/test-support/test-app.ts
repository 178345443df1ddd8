import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type MarketplaceOptions, syncDepsOf } from '../app';
import type { RateLimits } from '../config';
import { createDb, createPool, type Db } from '../db/pool';
import type { JobDeps } from '../jobs/app-jobs';
import type { AnyJobDefinition } from '../jobs/define-job';
import { type JobRunner, lateJobQueue, startJobRunner } from '../jobs/job-runner';

export type TestApp = {
  app: FastifyInstance;
  baseUrl: string;
  db: Db;
  pool: pg.Pool;
  /** The job runner, when the test asked for jobs. */
  jobs: JobRunner | null;
  clock: { now: number; advance: (ms: number) => void };
  close: () => Promise<void>;
};

export const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256!');

/** The discard port on loopback: nothing listens, so a call fails at once. */
const NO_AMAZON = 'http://127.0.0.1:9';

// Generous limits so suites that sign up many users are not throttled; rate-limit tests pass their own.
const ROOMY_LIMITS: RateLimits = {
  loginPer15Min: 1000,
  loginPerIpPer15Min: 1000,
  registerPerHour: 1000,
  earlyAccessPerHour: 1000,
  changePasswordPer15Min: 1000,
  addMemberPerHour: 1000,
};

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database of its own for a test file: a clone of the migrated template. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `replen_file_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A real app on a real HTTP port over its own fresh database (a clone of the migrated template).
 * The clock starts at the real time and only moves when a test advances it.
 */
export async function startTestApp(
  options: {
    limits?: Partial<RateLimits>;
    trustProxy?: boolean | number;
    bodyTimeoutMs?: number;
    /** Runs these background jobs (e.g. `appJobs`) on a runner that polls every half second. */
    jobs?: (deps: JobDeps) => AnyJobDefinition[];
    marketplace?: MarketplaceOptions;
    /** Logs at trace level into this stream instead of nowhere. */
    logStream?: { write: (line: string) => void };
  } = {},
) {
  const database = await createTestDatabase();
  const pool = createPool(database.url, 5);
  const db = createDb(pool);
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const queue = lateJobQueue();
  const app = await buildApp({
    db,
    jobs: queue,
    jwtSecret: TEST_JWT_SECRET,
    now: () => clock.now,
    limits: { ...ROOMY_LIMITS, ...options.limits },
    trustProxy: options.trustProxy,
    bodyTimeoutMs: options.bodyTimeoutMs,
    logLevel: options.logStream ? 'trace' : 'silent',
    logStream: options.logStream,
    // No test reaches Amazon: without a stand-in, marketplace calls go to a closed loopback port.
    marketplace: { testingEndpoint: NO_AMAZON, ...options.marketplace },
  });
  const jobs = options.jobs
    ? await startJobRunner({
        connectionString: database.url,
        pool,
        jobs: options.jobs({ db, pool, now: () => clock.now, sync: syncDepsOf(app) }),
        log: app.log,
        pollingIntervalSeconds: 0.5,
      })
    : null;
  if (jobs) queue.use(jobs);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    pool,
    jobs,
    clock,
    close: async () => {
      await app.close();
      await jobs?.stop();
      await pool.end();
      await database.drop();
    },
  } satisfies TestApp;
}
