import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { createDb } from './pool';

const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: it only has to be the same for every copy of the app.
const MIGRATION_LOCK_ID = 727_001;

/** Applies pending migrations; an advisory lock lets several app copies start at once safely. */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(createDb(pool), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

let expectedMigrations: number | null = null;

/** Whether every migration shipped with this build is applied (readiness: a copy of an older build may have run). */
export async function hasAllMigrations(pool: pg.Pool): Promise<boolean> {
  if (expectedMigrations === null) {
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    expectedMigrations = (journal as { entries: unknown[] }).entries.length;
  }
  const { rows } = await pool.query<{ applied: number }>(
    'SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations',
  );
  return (rows[0]?.applied ?? 0) >= expectedMigrations;
}
