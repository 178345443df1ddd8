import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded';
import { freePort } from '../db/free-port';
import { runMigrations } from '../db/migrate';
import { createDb, createPool } from '../db/pool';
import { createClient, signUp } from '../test-support/http-client';
import { accountIdOf } from '../test-support/products';
import {
  isRunning,
  parentPidOf,
  pollUntil,
  postgresPidsOf,
  signalIfAlive,
  stopPostgresOf,
} from './processes';

const UNAVAILABLE = { message: 'The database is unavailable. Please try again shortly.' };

/** The database goes away under a running app, then comes back on the same folder. */
describe('a database lost while the app runs', () => {
  let dataDir: string;
  let port: number;
  let embedded: EmbeddedDatabase | null = null;
  let pool: pg.Pool | null = null;
  let app: FastifyInstance | null = null;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-lost-'));
    port = await freePort();
    embedded = await startEmbeddedDatabase(dataDir, undefined, port);
    pool = createPool(embedded.url, 5);
    await runMigrations(pool);
    app = await buildApp({
      db: createDb(pool),
      jwtSecret: new TextEncoder().encode('database-lost-secret-long-enough-for-hs256'),
      logLevel: 'silent',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await app?.close();
    await pool?.end().catch(() => {});
    await embedded?.stop();
    await stopPostgresOf(dataDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a message while the database is down, and serves again once it returns', async () => {
    const { client, token, email, password } = await signUp(baseUrl);
    expect((await client.get('/api/tables/restock/data', token)).status).toBe(200);

    await embedded!.stop();
    embedded = null;
    const privateRead = await client.get('/api/tables/restock/data', token);
    expect(privateRead.status).toBe(503);
    expect(privateRead.body).toEqual(UNAVAILABLE);
    const write = await client.patch('/api/tables/restock/data/SKU-1', { cost: 3 }, token);
    expect(write.status).toBe(503);
    expect(write.body).toEqual(UNAVAILABLE);
    const login = await createClient(baseUrl).post('/api/login', { email, password });
    expect(login.status).toBe(503);
    expect(login.body).toEqual(UNAVAILABLE);
    // The process itself still answers what needs no database.
    expect((await client.get('/api/no-such-route')).status).toBe(404);

    embedded = await startEmbeddedDatabase(dataDir, undefined, port);
    const back = await client.get('/api/tables/restock/data', token);
    expect(back.status).toBe(200);
    expect((await createClient(baseUrl).post('/api/login', { email, password })).status).toBe(200);
  }, 60_000);

  it('answers 503 to an import whose transaction loses the database, survives it and keeps none of its rows', async () => {
    const { client, token, email } = await signUp(baseUrl);
    const accountId = await accountIdOf(pool!, email);
    // Another session holds the account's import lock, so the import waits inside its transaction.
    const holder = new pg.Client({ connectionString: embedded!.url });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query("SELECT pg_advisory_lock(hashtextextended('replen.import:' || $1, 0))", [accountId]);
    const data = Array.from({ length: 500 }, (_, i) => ({ msku: `LOST-${i}`, cost: 2 }));
    const importing = client.post('/api/dynamic/import-inventory', { data }, token);
    await pollUntil(
      async () => {
        const { rows } = await holder.query(
          "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%replen.import%'",
        );
        return rows.length > 0;
      },
      { timeoutMs: 10_000, what: 'the import to wait for its lock' },
    );

    await embedded!.stop();
    embedded = null;
    const answer = await importing;
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual(UNAVAILABLE);
    await holder.end().catch(() => {});

    embedded = await startEmbeddedDatabase(dataDir, undefined, port);
    const stored = await pool!.query('SELECT count(*) AS count FROM products WHERE account_id = $1', [
      accountId,
    ]);
    expect(stored.rows[0].count).toBe(0);
    const again = await client.post('/api/dynamic/import-inventory', { data }, token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ importId: expect.any(String), inserted: 500, updated: 0, unchanged: 0 });
  }, 60_000);

  it('starts a killed embedded database again by itself, and the app serves again', async () => {
    const { client, token } = await signUp(baseUrl);
    const [postmaster] = await postgresPidsOf(dataDir);
    expect(postmaster).toBeDefined();
    signalIfAlive(postmaster!, 'SIGKILL');
    await pollUntil(async () => !(await isRunning(postmaster!)), {
      timeoutMs: 10_000,
      what: 'postgres to die',
    });
    // Meanwhile every database route answers 503 with a message, never hangs.
    const down = await client.get('/api/tables/restock/data', token);
    expect([200, 503]).toContain(down.status);
    if (down.status === 503) expect(down.body).toEqual(UNAVAILABLE);
    // Nobody restarts anything here: the supervisor does.
    await pollUntil(async () => (await client.get('/api/tables/restock/data', token)).status === 200, {
      timeoutMs: 45_000,
      what: 'the app to serve again after the database was killed',
    });
    const [restarted] = await postgresPidsOf(dataDir);
    expect(restarted).not.toBe(postmaster);
  }, 90_000);

  it('answers 503 within the query timeout while the database hangs, and serves once it wakes', async () => {
    // A pool with short timeouts, so the test need not wait the production ones (30-40 s).
    const quick = createPool(embedded!.url, 3, {
      queryTimeoutMs: 1500,
      acquireTimeoutMs: 1500,
      statementTimeoutMs: 1000,
    });
    const hungApp = await buildApp({
      db: createDb(quick),
      jwtSecret: new TextEncoder().encode('database-hung-secret-long-enough-for-hs256!'),
      logLevel: 'silent',
    });
    await hungApp.listen({ port: 0, host: '127.0.0.1' });
    const address = hungApp.server.address();
    const hungUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stopped: number[] = [];
    try {
      const { client, token } = await signUp(hungUrl);
      expect((await client.get('/api/tables/restock/data', token)).status).toBe(200);
      // Freeze every process of the database: it accepts connections and never answers.
      for (const pid of await allPostgresPidsOf(dataDir)) {
        signalIfAlive(pid, 'SIGSTOP');
        stopped.push(pid);
      }
      const started = performance.now();
      const answers = await Promise.all([
        client.get('/api/tables/restock/data', token),
        client.get('/api/me', token),
        client.patch('/api/tables/restock/data/SKU-1', { cost: 3 }, token),
      ]);
      const waited = performance.now() - started;
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(typeof answer.body.message).toBe('string');
      }
      // Bounded by the timeouts (1.5 s to get a connection, 1.5 s for the query), not forever.
      expect(waited).toBeLessThan(10_000);
      for (const pid of stopped.splice(0)) signalIfAlive(pid, 'SIGCONT');
      await pollUntil(async () => (await client.get('/api/tables/restock/data', token)).status === 200, {
        timeoutMs: 20_000,
        what: 'the app to serve again once the database woke',
      });
    } finally {
      for (const pid of stopped) signalIfAlive(pid, 'SIGCONT');
      await hungApp.close();
      await quick.end().catch(() => {});
    }
  }, 60_000);
});

/** The postmaster of `dataDir` and all its children (the backends that serve open connections). */
async function allPostgresPidsOf(dir: string): Promise<number[]> {
  const postmasters = await postgresPidsOf(dir);
  const children: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = await parentPidOf(Number(entry));
    if (parent !== null && postmasters.includes(parent)) children.push(Number(entry));
  }
  return [...postmasters, ...children];
}
