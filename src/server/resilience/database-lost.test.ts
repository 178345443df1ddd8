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
import { pollUntil, stopPostgresOf } from './processes';

const UNAVAILABLE = { message: 'The database is unavailable. Please try again shortly.' };

/** Issue 8 item 5: the database goes away under a running app, then comes back on the same folder. */
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
    expect(again.body).toEqual({ inserted: 500, updated: 0 });
  }, 60_000);
});
