import pg from 'pg';
import { startEmbeddedDatabase } from './embedded';
import { runMigrations } from './migrate';
import { createDb, createPool, type Db } from './pool';

/** `url` is where it is reached (pg-boss opens its own connections there). */
export type Database = { db: Db; pool: pg.Pool; url: string; close: () => Promise<void> };

const EMBEDDED_DATABASE_NAME = 'replen';

async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** DESIGN 8/9: refuse to run on a server that may lose committed data. */
async function checkDurability(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ fsync: string; synchronous_commit: string }>(
    "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
  );
  const settings = rows[0];
  if (settings?.fsync === 'off')
    throw new Error('The database runs with fsync=off; turn it on to keep data safe.');
  if (settings?.synchronous_commit === 'off') {
    throw new Error('The database runs with synchronous_commit=off; turn it on to keep data safe.');
  }
}

async function connect(url: string): Promise<pg.Pool> {
  const pool = createPool(url);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot reach the database at ${new URL(url).host}: ${reason}; check DATABASE_URL.`);
  }
  return pool;
}

/** Opens the server at `databaseUrl`, or starts the embedded one in `dataDir`; then migrates. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<Database> {
  const embedded = options.databaseUrl ? null : await startEmbeddedDatabase(options.dataDir, options.log);
  try {
    const url = embedded ? await ensureDatabase(embedded.url, EMBEDDED_DATABASE_NAME) : options.databaseUrl!;
    const pool = await connect(url);
    try {
      await checkDurability(pool);
      await runMigrations(pool);
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return {
      db: createDb(pool),
      pool,
      url,
      close: async () => {
        await pool.end().catch(() => {});
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
