import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/free-port';
import { createClient, signUp } from '../test-support/http-client';
import {
  exitWithin,
  isRunning,
  killChild,
  type NodeChild,
  parentPidOf,
  pollUntil,
  postgresPidsOf,
  spawnNode,
  stopPostgresOf,
} from './processes';

const MAIN = 'src/server/main.ts';
// csv-import/queries.ts: imports of one account take turns on this advisory lock.
const IMPORT_LOCK = "hashtextextended('replen.import:' || $1, 0)";

/** `npm start` killed with SIGKILL, then started again on the same data folder. */
describe('the app killed with SIGKILL', () => {
  let dataDir: string;
  const apps: NodeChild[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-app-kill-'));
  });

  afterAll(async () => {
    for (const app of apps) await killChild(app);
    await stopPostgresOf(dataDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  function startApp(port: number) {
    const app = spawnNode(MAIN, {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: undefined,
    });
    apps.push(app);
    return app;
  }

  async function untilServing(app: NodeChild, baseUrl: string) {
    await pollUntil(
      async () => {
        if (!app.isRunning()) throw new Error(`the app exited:\n${app.output()}`);
        return (await fetch(`${baseUrl}/api/me`)).status === 401;
      },
      { timeoutMs: 60_000, what: `the app to serve ${baseUrl}` },
    );
  }

  it('leaves its embedded postgres orphaned, and the next start stops the orphan and serves the same data', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const first = startApp(port);
    await untilServing(first, baseUrl);
    const { email, password } = await signUp(baseUrl);
    const [orphan, ...others] = await postgresPidsOf(dataDir);
    expect(others).toEqual([]);
    expect(await parentPidOf(orphan!)).toBe(first.child.pid);

    await killChild(first);
    // TESTING: nothing runs in the app on SIGKILL; its postgres lives on, reparented, holding the folder.
    expect(await isRunning(orphan!)).toBe(true);
    expect(await parentPidOf(orphan!)).not.toBe(first.child.pid);

    const second = startApp(port);
    await untilServing(second, baseUrl);
    expect(await isRunning(orphan!)).toBe(false);
    const [current, ...more] = await postgresPidsOf(dataDir);
    expect(more).toEqual([]);
    expect(current).not.toBe(orphan);
    expect(await parentPidOf(current!)).toBe(second.child.pid);
    const login = await createClient(baseUrl).post('/api/login', { email, password });
    expect(login.status).toBe(200);

    // A normal stop (SIGTERM) takes the database down with the app: nothing of the folder is left.
    second.child.kill('SIGTERM');
    const exit = await exitWithin(second, 30_000);
    expect(exit.code, second.output()).toBe(128 + 15);
    expect(await postgresPidsOf(dataDir)).toEqual([]);
  }, 120_000);

  it('refuses to start while a live app still owns the folder', async () => {
    const port = await freePort();
    const owner = startApp(port);
    await untilServing(owner, `http://127.0.0.1:${port}`);
    const intruder = startApp(await freePort());
    const exit = await exitWithin(intruder, 60_000);
    expect(exit.code).toBe(1);
    expect(intruder.output()).toMatch(
      new RegExp(
        `Replen could not start: The database in .* is in use by another running Replen \\(pid ${owner.child.pid}\\)`,
      ),
    );
    // The owner keeps serving.
    expect((await fetch(`http://127.0.0.1:${port}/api/me`)).status).toBe(401);
    await killChild(owner, 'SIGTERM');
  }, 120_000);
});

/** The ordinary stop: SIGTERM while a request is in flight. */
describe('the app stopped with SIGTERM', () => {
  let dataDir: string;
  let app: NodeChild | null = null;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-app-stop-'));
  });

  afterAll(async () => {
    if (app) await killChild(app);
    await stopPostgresOf(dataDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A direct session on the app's embedded database: port from postmaster.pid, password from the folder. */
  async function connectToAppDatabase() {
    const pidFile = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    const password = (await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
    const client = new pg.Client({
      host: '127.0.0.1',
      port: Number(pidFile.split('\n')[3]),
      user: 'postgres',
      password,
      database: 'replen',
    });
    client.on('error', () => {});
    await client.connect();
    return client;
  }

  it('lets the request in flight finish and commit before the database stops, then leaves nothing running', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    app = spawnNode(MAIN, { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    const running = app;
    await pollUntil(async () => (await fetch(`${baseUrl}/api/me`)).status === 401, {
      timeoutMs: 60_000,
      what: 'the app to serve',
    });
    const owner = await signUp(baseUrl);
    const holder = await connectToAppDatabase();
    try {
      const { rows } = await holder.query('SELECT account_id FROM users WHERE email = $1', [owner.email]);
      const accountId: string = rows[0].account_id;
      // The import waits inside its transaction on the account's import lock, held here.
      await holder.query(`SELECT pg_advisory_lock(${IMPORT_LOCK})`, [accountId]);
      const data = Array.from({ length: 50 }, (_, i) => ({ msku: `STOP-${i}`, cost: 4 }));
      const importing = owner.client.post('/api/dynamic/import-inventory', { data }, owner.token);
      await pollUntil(
        async () =>
          (
            await holder.query(
              "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%replen.import%'",
            )
          ).rows.length > 0,
        { timeoutMs: 10_000, what: 'the import to wait for its lock' },
      );

      running.child.kill('SIGTERM');
      // Stopping: no new connections, while the import still waits.
      await pollUntil(
        () =>
          fetch(`${baseUrl}/api/me`).then(
            () => false,
            () => true,
          ),
        {
          timeoutMs: 10_000,
          what: 'the app to stop listening',
        },
      );
      await holder.query(`SELECT pg_advisory_unlock(${IMPORT_LOCK})`, [accountId]);

      const answer = await importing;
      expect(answer.status, running.output()).toBe(200);
      expect(answer.body).toEqual({ importId: expect.any(String), inserted: 50, updated: 0, unchanged: 0 });
    } finally {
      await holder.end().catch(() => {});
    }
    const exit = await exitWithin(running, 30_000);
    expect(exit.code).toBe(128 + 15);
    expect(await postgresPidsOf(dataDir)).toEqual([]);
  }, 120_000);
});
