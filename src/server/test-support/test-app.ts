import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { RateLimits } from '../config';
import { createDb, createPool, type Db } from '../db/pool';

export type TestApp = {
  app: FastifyInstance;
  baseUrl: string;
  db: Db;
  pool: pg.Pool;
  clock: { now: number; advance: (ms: number) => void };
  close: () => Promise<void>;
};

export const TEST_JWT_SECRET = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256!');

// Generous limits so suites that sign up many users are not throttled; rate-limit tests pass their own.
const ROOMY_LIMITS: RateLimits = { loginPer15Min: 1000, registerPerHour: 1000, earlyAccessPerHour: 1000 };

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A real app on a real HTTP port over its own fresh database (a clone of the migrated template).
 * The clock starts at the real time and only moves when a test advances it.
 */
export async function startTestApp(options: { limits?: Partial<RateLimits>; trustProxy?: boolean } = {}) {
  const name = `replen_file_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  const url = new URL(inject('adminDatabaseUrl'));
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 5);
  const db = createDb(pool);
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const app = await buildApp({
    db,
    jwtSecret: TEST_JWT_SECRET,
    now: () => clock.now,
    limits: { ...ROOMY_LIMITS, ...options.limits },
    trustProxy: options.trustProxy,
    logLevel: 'silent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    db,
    pool,
    clock,
    close: async () => {
      await app.close();
      await pool.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  } satisfies TestApp;
}
