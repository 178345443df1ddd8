import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_WHILE_IMPORTING_MESSAGE } from '../csv-import/account-lock';
import { freePort } from '../db/free-port';
import { createPool } from '../db/pool';
import { createClient, signUp } from '../test-support/http-client';
import { createTestDatabase } from '../test-support/test-app';
import { killChild, type NodeChild, pollUntil, spawnNode } from './processes';

/*
 * DESIGN 13: three app processes on one PostgreSQL (the server at TEST_DATABASE_URL, or the
 * embedded one of the test run), behind a round-robin proxy of the test's own, behave as one.
 */

const COPIES = 3;
const SHARED_JWT_SECRET = 'several-copies-share-this-secret-of-48-characters';
const LOGIN_LIMIT = 3;

type Copy = { app: NodeChild; url: string };

/**
 * Round robin over the copies, as a load balancer without sticky sessions. A copy that refuses
 * or drops the connection is taken out and the request goes to the next one (what balancers do
 * on a failed upstream); requests are buffered so they can be sent again.
 */
function startProxy(upstreams: string[]) {
  const live = new Set(upstreams);
  let next = 0;
  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    tries: number,
  ) => {
    const candidates = upstreams.filter((upstream) => live.has(upstream));
    const target = candidates[next++ % candidates.length];
    if (!target || tries > upstreams.length) {
      response.writeHead(502).end();
      return;
    }
    const upstream = http.request(
      `${target}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      live.delete(target);
      // Part of an answer went out already: it cannot be sent again; the client sees the failure.
      if (response.headersSent) return void response.destroy();
      forward(request, body, response, tries + 1);
    });
    upstream.end(body);
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, 0));
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

let database: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;
const copies: Copy[] = [];
let proxy: Awaited<ReturnType<typeof startProxy>>;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, 2);
  for (let i = 0; i < COPIES; i++) {
    const port = await freePort();
    const app = spawnNode('src/server/main.ts', {
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: SHARED_JWT_SECRET,
      LOG_LEVEL: 'warn',
      LIMIT_LOGIN_PER_15_MIN: String(LOGIN_LIMIT),
    });
    copies.push({ app, url: `http://127.0.0.1:${port}` });
  }
  // They start at once: the migrations lock lets one migrate while the others wait.
  for (const copy of copies) {
    await pollUntil(
      async () => {
        if (!copy.app.isRunning()) throw new Error(`a copy exited:\n${copy.app.output()}`);
        return (await fetch(`${copy.url}/readyz`)).status === 200;
      },
      { timeoutMs: 90_000, what: `${copy.url} to be ready`, everyMs: 200 },
    );
  }
  proxy = await startProxy(copies.map((copy) => copy.url));
}, 150_000);

afterAll(async () => {
  await proxy?.close();
  for (const copy of copies) await killChild(copy.app, 'SIGTERM');
  await pool?.end();
  await database?.drop();
}, 60_000);

const copyUrl = (i: number) => copies[i]!.url;

describe('three copies on one database', () => {
  it('sign up on one, log in on another, rotate the refresh token on a third, and catch its reuse on any', async () => {
    const owner = await signUp(copyUrl(0));
    const other = createClient(copyUrl(1));
    const login = await other.post<{ accessToken: string }>('/api/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.status).toBe(200);
    // A token from one copy is good on every copy (one secret, users in the database).
    expect((await createClient(copyUrl(2)).get('/api/me', login.body.accessToken)).status).toBe(200);

    const first = other.jar.get('replen_refresh')!;
    const onThird = createClient(copyUrl(2));
    onThird.jar.set('replen_refresh', first);
    expect((await onThird.post('/api/refresh-token')).status).toBe(200);
    const successor = onThird.jar.get('replen_refresh');
    expect(successor).not.toBe(first);

    // Two tabs within 20 s: copy 1 answers the successor copy 3 issued.
    const secondTab = createClient(copyUrl(0));
    secondTab.jar.set('replen_refresh', first);
    expect((await secondTab.post('/api/refresh-token')).status).toBe(200);
    expect(secondTab.jar.get('replen_refresh')).toBe(successor);

    // Past the grace window (moved back in the database rather than waited for), a replay is theft.
    await pool.query(
      `UPDATE refresh_tokens SET created_at = created_at - interval '1 minute'
       WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [owner.email],
    );
    const thief = createClient(copyUrl(1));
    thief.jar.set('replen_refresh', first);
    expect((await thief.post('/api/refresh-token')).status).toBe(401);
    // The whole family ended, whichever copy is asked.
    expect((await onThird.post('/api/refresh-token')).status).toBe(401);
  }, 60_000);

  it('counts failed log-ins across copies', async () => {
    const { email } = await signUp(copyUrl(0));
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) {
      const response = await createClient(copyUrl(i % COPIES)).post('/api/login', {
        email,
        password: 'Not-The-Right-Password-1',
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
  }, 60_000);

  it('shows an edit made on one copy on the others', async () => {
    const owner = await signUp(copyUrl(0));
    const data = [{ msku: 'SEEN-1', cost: 5 }];
    expect((await owner.client.post('/api/dynamic/import-inventory', { data }, owner.token)).status).toBe(
      200,
    );
    const onSecond = createClient(copyUrl(1));
    const edited = await onSecond.patch('/api/tables/restock/data/SEEN-1', { cost: 7.25 }, owner.token);
    expect(edited.status).toBe(200);
    for (const i of [0, 2]) {
      const row = await createClient(copyUrl(i)).get<{ cost: number }>(
        '/api/tables/restock/data/SEEN-1',
        owner.token,
      );
      expect(row.body.cost).toBe(7.25);
    }
  }, 60_000);

  it('keeps an edit made on one copy while an import runs on another (no lost update)', async () => {
    const owner = await signUp(copyUrl(0));
    const data = Array.from({ length: 2_000 }, (_, i) => ({ msku: `RACE-${i}`, cost: 1 }));
    expect((await owner.client.post('/api/dynamic/import-inventory', { data }, owner.token)).status).toBe(
      200,
    );
    // The import changes cost on every row; the edit changes supplier of one of them, at once.
    const importing = createClient(copyUrl(1)).post(
      '/api/dynamic/import-inventory',
      { data: data.map((row) => ({ ...row, cost: 2 })) },
      owner.token,
    );
    const editing = createClient(copyUrl(2)).patch(
      '/api/tables/restock/data/RACE-1000',
      { supplier: 'Edited During Import' },
      owner.token,
    );
    const [imported, edited] = await Promise.all([importing, editing]);
    expect(edited.status).toBe(200);
    const { rows } = await pool.query(
      `SELECT p.cost, p.supplier FROM products p JOIN users u ON u.account_id = p.account_id
       WHERE u.email = $1 AND p.msku = 'RACE-1000'`,
      [owner.email],
    );
    // The edit either landed before the import read the products (both are kept) or while it ran
    // (the import answers 409 and writes nothing, as one copy alone does): never one lost.
    if (imported.status === 200) {
      expect(rows).toEqual([{ cost: 2, supplier: 'Edited During Import' }]);
    } else {
      expect(imported).toMatchObject({ status: 409, body: { message: CHANGED_WHILE_IMPORTING_MESSAGE } });
      expect(rows).toEqual([{ cost: 1, supplier: 'Edited During Import' }]);
    }
  }, 60_000);

  it('runs a background job worker on every copy', async () => {
    const { rows } = await pool.query<{ workers: number }>(
      "SELECT count(DISTINCT client_port)::int AS workers FROM pg_stat_activity WHERE application_name = 'replen-jobs' AND datname = current_database()",
    );
    // pg-boss of each copy holds its own connections; three copies, at least three.
    expect(rows[0]!.workers).toBeGreaterThanOrEqual(COPIES);
  });

  it('loses no write when a copy is killed with SIGKILL under load: requests finish on the others', async () => {
    const owner = await signUp(copyUrl(0));
    const clients = 6;
    const writesEach = 15;
    const data = Array.from({ length: clients }, (_, i) => ({ msku: `LOAD-${i}`, cost: 1 }));
    expect((await owner.client.post('/api/dynamic/import-inventory', { data }, owner.token)).status).toBe(
      200,
    );

    let acknowledged = 0;
    const victim = copies[1]!;
    const writer = async (i: number) => {
      const client = createClient(proxy.url);
      const statuses: number[] = [];
      for (let n = 1; n <= writesEach; n++) {
        // Each write sets the next value; a lost one would leave an older value behind.
        const response = await client.patch(
          `/api/tables/restock/data/LOAD-${i}`,
          { cost: n + 1 },
          owner.token,
        );
        statuses.push(response.status);
        if (response.status === 200) acknowledged++;
        if (i === 0 && n === 3) await killChild(victim.app, 'SIGKILL');
      }
      return statuses;
    };
    const statuses = (await Promise.all(Array.from({ length: clients }, (_, i) => writer(i)))).flat();
    expect(victim.app.isRunning()).toBe(false);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(acknowledged).toBe(clients * writesEach);
    const { rows } = await pool.query(
      `SELECT p.msku, p.cost FROM products p JOIN users u ON u.account_id = p.account_id
       WHERE u.email = $1 AND p.msku LIKE 'LOAD-%' ORDER BY p.msku`,
      [owner.email],
    );
    expect(rows).toEqual(data.map((row) => ({ msku: row.msku, cost: writesEach + 1 })));
  }, 90_000);
});
