import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded';
import { freePort } from '../db/free-port';
import { loadJwtSecret } from '../jwt-secret';
import { startServer } from '../server';
import { exitWithin, pollUntil, spawnNode, stopPostgresOf } from './processes';

const MAIN = 'src/server/main.ts';

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/** `npm start` in a child with `env`; answers its exit code and everything it printed. */
async function runMain(env: Record<string, string | undefined>) {
  const app = spawnNode(MAIN, { HOST: '127.0.0.1', PORT: String(await freePort()), ...env });
  try {
    const exit = await exitWithin(app, 60_000);
    return { code: exit.code, output: app.output() };
  } finally {
    if (app.isRunning()) app.child.kill('SIGKILL');
  }
}

let tempDirs: string[] = [];
async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-startup-'));
  tempDirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of tempDirs) {
    await stopPostgresOf(dir);
    await fs.rm(dir, { recursive: true, force: true });
  }
  tempDirs = [];
});

describe('startup self-check: the JWT secret', () => {
  it('startServer refuses a JWT secret under 32 bytes before it touches the database', async () => {
    const dataDir = await tempDir();
    const config = { ...loadConfig({ DATA_DIR: dataDir, PORT: '0' }), jwtSecret: 'x'.repeat(31) };
    await expect(startServer(config)).rejects.toThrow('JWT_SECRET must be at least 32 bytes');
    expect(existsSync(path.join(dataDir, 'pg'))).toBe(false);
  });

  it('loadJwtSecret counts bytes, not characters, and keeps a generated secret with mode 0600', async () => {
    const dataDir = await tempDir();
    await expect(loadJwtSecret('x'.repeat(31), dataDir)).rejects.toThrow('at least 32 bytes');
    await expect(loadJwtSecret('é'.repeat(15), dataDir)).rejects.toThrow('at least 32 bytes');
    expect((await loadJwtSecret('é'.repeat(16), dataDir)).length).toBe(32);
    const generated = await loadJwtSecret(undefined, dataDir);
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect((await fs.stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect(await loadJwtSecret(undefined, dataDir)).toEqual(generated);
  });

  it('npm start with a short JWT_SECRET exits 1 and names the variable', async () => {
    const { code, output } = await runMain({ DATA_DIR: await tempDir(), JWT_SECRET: 'too-short' });
    expect(code).toBe(1);
    expect(output).toMatch(
      /Replen could not start: Invalid configuration:\s+JWT_SECRET: JWT_SECRET must be at least 32 bytes/,
    );
  }, 60_000);
});

describe('startup self-check: durability of the database', () => {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `replen_async_${randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    await adminQuery(adminUrl, `ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  afterAll(async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('openDatabase refuses a database with synchronous_commit=off', async () => {
    await expect(
      openDatabase({ databaseUrl: withDatabase(adminUrl, name), dataDir: await tempDir() }),
    ).rejects.toThrow('The database runs with synchronous_commit=off; turn it on to keep data safe.');
  });

  it('npm start on that database exits 1 with the same reason', async () => {
    const { code, output } = await runMain({
      DATA_DIR: await tempDir(),
      DATABASE_URL: withDatabase(adminUrl, name),
    });
    expect(code).toBe(1);
    expect(output).toContain('Replen could not start: The database runs with synchronous_commit=off');
  }, 60_000);

  it('openDatabase refuses a server with fsync=off, and opens once fsync is back on', async () => {
    // fsync is server-wide: flip it on a private embedded server, never on the shared one.
    const dataDir = await tempDir();
    let embedded: EmbeddedDatabase | null = await startEmbeddedDatabase(dataDir);
    try {
      const setFsync = async (value: 'off' | 'on') => {
        await adminQuery(
          embedded!.url,
          value === 'off' ? 'ALTER SYSTEM SET fsync = off' : 'ALTER SYSTEM RESET fsync',
        );
        await adminQuery(embedded!.url, 'SELECT pg_reload_conf()');
        await pollUntil(
          async () => (await adminQuery(embedded!.url, 'SHOW fsync')).rows[0]?.fsync === value,
          {
            timeoutMs: 10_000,
            what: `fsync=${value} after the reload`,
          },
        );
      };
      await setFsync('off');
      await expect(openDatabase({ databaseUrl: embedded.url, dataDir })).rejects.toThrow(
        'The database runs with fsync=off; turn it on to keep data safe.',
      );
      await setFsync('on');
      const database = await openDatabase({ databaseUrl: embedded.url, dataDir });
      await database.close();
    } finally {
      await embedded?.stop();
      embedded = null;
    }
  }, 60_000);
});

describe('a database that is down at start', () => {
  it('npm start exits 1 with a message that names the address it could not reach', async () => {
    const port = await freePort();
    const { code, output } = await runMain({
      DATA_DIR: await tempDir(),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/replen`,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      `Replen could not start: Cannot reach the database at 127.0.0.1:${port}: connect ECONNREFUSED`,
    );
  }, 60_000);
});

describe('an embedded database with a stale postmaster.pid', () => {
  /** A real pid file of this folder, as a server that died without cleaning up leaves it. */
  async function staleFolder(pidInFile: number) {
    const dataDir = await tempDir();
    const embedded = await startEmbeddedDatabase(dataDir);
    const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
    const content = await fs.readFile(pidFile, 'utf8');
    await embedded.stop();
    const lines = content.split('\n');
    lines[0] = String(pidInFile);
    await fs.writeFile(pidFile, lines.join('\n'));
    return dataDir;
  }

  it('starts when the pid now belongs to another live process (a container restart), and leaves it alone', async () => {
    // Here the reused pid is this test's own process, whose parent is alive: not an orphan to stop.
    const dataDir = await staleFolder(process.pid);
    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      expect((await adminQuery(embedded.url, 'SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await embedded.stop();
    }
  }, 60_000);

  it('starts when the pid is of a process that is gone', async () => {
    const gone = spawn('true');
    const pid = gone.pid!;
    await new Promise((resolve) => gone.on('exit', resolve));
    const dataDir = await staleFolder(pid);
    const embedded = await startEmbeddedDatabase(dataDir);
    try {
      expect((await adminQuery(embedded.url, 'SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await embedded.stop();
    }
  }, 60_000);
});
