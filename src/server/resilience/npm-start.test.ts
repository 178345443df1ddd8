import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/free-port';
import { createPool } from '../db/pool';
import { sellingProduct } from '../security/seller-accounts';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertManyProducts } from '../test-support/products';
import { createTestDatabase } from '../test-support/test-app';
import {
  exitWithin,
  isRunning,
  killChild,
  type NodeChild,
  parentPidOf,
  pollUntil,
  postgresPidsOf,
  REPO_ROOT,
  spawnCommand,
  stopPostgresOf,
} from './processes';

/*
 * The real `npm start`: the compiled server (no TypeScript loader), stopped by the signals a
 * supervisor sends, and its configuration errors. The build is made first, from this source.
 */

const COMPILED_MAIN = 'dist/server/main.js';
const STOP_WITHIN_MS = 10_000;

beforeAll(async () => {
  await promisify(execFile)(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT });
}, 60_000);

const children: NodeChild[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await killChild(child);
  for (const dir of dataDirs.splice(0)) {
    await stopPostgresOf(dir);
    await fs.rm(dir, { recursive: true, force: true });
  }
});

async function tempDataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-npm-start-'));
  dataDirs.push(dir);
  return dir;
}

/** The processes whose parent is `pid`, with their command lines (Linux /proc). */
async function childrenOf(pid: number): Promise<Array<{ pid: number; cmdline: string }>> {
  const found: Array<{ pid: number; cmdline: string }> = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if ((await parentPidOf(Number(entry))) !== pid) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    found.push({ pid: Number(entry), cmdline: cmdline.split('\0').join(' ').trim() });
  }
  return found;
}

/** The app process under `npm start` (npm → shell → node), found by walking down from npm. */
async function appProcessOf(npmPid: number): Promise<{ pid: number; cmdline: string }> {
  let level = [npmPid];
  for (let depth = 0; depth < 4; depth++) {
    const next: Array<{ pid: number; cmdline: string }> = [];
    for (const pid of level) next.push(...(await childrenOf(pid)));
    // The shell's command line names the file too; the app is the node process.
    const app = next.find(
      (process) => process.cmdline.startsWith('node ') && process.cmdline.includes(COMPILED_MAIN),
    );
    if (app) return app;
    level = next.map((process) => process.pid);
  }
  throw new Error(`no ${COMPILED_MAIN} under npm (pid ${npmPid})`);
}

async function startNpm(dataDir: string, port: number) {
  const npm = spawnCommand('npm', ['start', '--silent'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: undefined,
  });
  children.push(npm);
  await pollUntil(
    async () => {
      if (!npm.isRunning()) throw new Error(`npm start exited:\n${npm.output()}`);
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
    },
    { timeoutMs: 90_000, what: 'npm start to be ready', everyMs: 200 },
  );
  return npm;
}

async function expectAllGone(pids: number[], dataDir: string) {
  await pollUntil(async () => (await Promise.all(pids.map(isRunning))).every((running) => !running), {
    timeoutMs: STOP_WITHIN_MS,
    what: `pids ${pids.join(', ')} to end`,
  });
  expect(await postgresPidsOf(dataDir)).toEqual([]);
}

describe('npm start, stopped by signals', () => {
  it('runs compiled JavaScript, and kill -TERM of the npm pid stops the app and its database within 10 s', async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const npm = await startNpm(dataDir, port);
    const app = await appProcessOf(npm.child.pid!);
    expect(app.cmdline).toMatch(/^node .*dist\/server\/main\.js$/);
    expect(app.cmdline).not.toContain('tsx');
    const [postgres] = await postgresPidsOf(dataDir);
    expect(await parentPidOf(postgres!)).toBe(app.pid);

    const started = Date.now();
    npm.child.kill('SIGTERM');
    await expectAllGone([npm.child.pid!, app.pid, postgres!], dataDir);
    expect(Date.now() - started).toBeLessThan(STOP_WITHIN_MS);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 150_000);

  it('SIGINT to the app process itself (a supervisor that holds its pid) stops it and its database', async () => {
    const dataDir = await tempDataDir();
    const port = await freePort();
    const npm = await startNpm(dataDir, port);
    const app = await appProcessOf(npm.child.pid!);
    const [postgres] = await postgresPidsOf(dataDir);

    process.kill(app.pid, 'SIGINT');
    await expectAllGone([app.pid, postgres!], dataDir);
    // npm reports the app's end as a failure (130: stopped by SIGINT) and exits too.
    const exit = await exitWithin(npm, STOP_WITHIN_MS);
    expect(exit.code).not.toBe(0);
  }, 150_000);
});

describe('configuration errors: one line that names the setting', () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  async function runCompiled(env: Record<string, string | undefined>) {
    const app = spawnCommand(process.execPath, [COMPILED_MAIN], {
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...env,
    });
    children.push(app);
    const exit = await exitWithin(app, 60_000);
    const lines = app.output().trim().split('\n');
    return { code: exit.code, lines };
  }

  it('a port in use names PORT', async () => {
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const { code, lines } = await runCompiled({ DATABASE_URL: database.url, PORT: String(port) });
      expect(code).toBe(1);
      expect(lines).toEqual([
        `Replen could not start: PORT ${port} is in use on 127.0.0.1: stop the program using it or set PORT to a free port.`,
      ]);
    } finally {
      blocker.close();
    }
  }, 60_000);

  it('a DATA_DIR that cannot be written names DATA_DIR', async () => {
    const parent = await tempDataDir();
    const file = path.join(parent, 'a-file');
    await fs.writeFile(file, '');
    const { code, lines } = await runCompiled({ DATA_DIR: path.join(file, 'data') });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Replen could not start: DATA_DIR .*a-file\/data cannot be written \(ENOTDIR .*\): set DATA_DIR to a folder this user can write\.$/,
    );
  }, 60_000);

  it('a DATABASE_URL that is not a postgres URL, or does not answer, names DATABASE_URL', async () => {
    const notUrl = await runCompiled({ DATABASE_URL: 'mysql://localhost/replen' });
    expect(notUrl.code).toBe(1);
    expect(notUrl.lines).toEqual([
      'Replen could not start: Invalid configuration: DATABASE_URL: DATABASE_URL must be a postgres:// URL (postgres://user:password@host:5432/database)',
    ]);
    const closedPort = await freePort();
    const silent = await runCompiled({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/replen` });
    expect(silent.code).toBe(1);
    expect(silent.lines).toHaveLength(1);
    expect(silent.lines[0]).toMatch(
      new RegExp(
        `^Replen could not start: Cannot reach the database at 127.0.0.1:${closedPort}: .*; check DATABASE_URL\\.$`,
      ),
    );
  }, 60_000);

  it('a short JWT_SECRET names JWT_SECRET', async () => {
    const { code, lines } = await runCompiled({ DATABASE_URL: database.url, JWT_SECRET: 'short' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Replen could not start: Invalid configuration: JWT_SECRET: JWT_SECRET must be at least 32 bytes',
    ]);
  }, 60_000);

  it('a SECRET_KEY that is not 32 bytes names SECRET_KEY', async () => {
    const { code, lines } = await runCompiled({ DATABASE_URL: database.url, SECRET_KEY: 'abc123' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Replen could not start: Invalid configuration: SECRET_KEY: SECRET_KEY must be 32 bytes: 64 hex digits or base64',
    ]);
  }, 60_000);
});

describe('the compiled server', () => {
  it('builds a large XLSX export in its compiled worker', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const app = spawnCommand(process.execPath, [COMPILED_MAIN], {
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    });
    children.push(app);
    const pool = createPool(database.url, 2);
    try {
      const baseUrl = `http://127.0.0.1:${port}`;
      await pollUntil(async () => (await fetch(`${baseUrl}/readyz`)).status === 200, {
        timeoutMs: 60_000,
        what: 'the compiled server to be ready',
      });
      const owner = await signUp(baseUrl);
      // Past 2,000 lines the workbook is built in the worker thread (buy-list/xlsx.ts).
      const products = Array.from({ length: 2_500 }, (_, i) =>
        sellingProduct(`X-${String(i).padStart(5, '0')}`, { supplier: 'Bulk' }),
      );
      await insertManyProducts(pool, await accountIdOf(pool, owner.email), products);
      const response = await fetch(`${baseUrl}/api/buy-list/export.xlsx`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(response.status, app.output()).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(bytes.length).toBeGreaterThan(20_000);
    } finally {
      await killChild(app, 'SIGTERM');
      await pool.end();
      await database.drop();
    }
  }, 120_000);
});
