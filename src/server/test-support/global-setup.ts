import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { createPool } from '../db/pool';
import { installJobSchema } from '../jobs/job-runner';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

/**
 * One PostgreSQL for the whole run: the server at TEST_DATABASE_URL, or an embedded one in a
 * temporary folder. Migrations (and pg-boss's schema) go once into a template; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let tmpDir: string | null = null;
  let embedded: { url: string; stop: () => Promise<void> } | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-test-'));
    embedded = await startEmbeddedDatabase(tmpDir);
    adminUrl = embedded.url;
  }
  const templateDatabase = `replen_test_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${templateDatabase}`);
  const pool = createPool(withDatabase(adminUrl, templateDatabase), 2);
  await runMigrations(pool);
  await pool.end();
  // Clones start with pg-boss's schema in place, as a database the app has run on.
  await installJobSchema(withDatabase(adminUrl, templateDatabase));

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', templateDatabase);

  return async () => {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`).catch(() => {});
    await embedded?.stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}

export { withDatabase };
