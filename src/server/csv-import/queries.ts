import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, getTableColumns } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ImportRow } from '../../core/csv-import/import-schema';
import { TARGET_KEYS, type TargetKey } from '../../core/csv-import/targets';
import type { Db } from '../db/pool';
import { columnMappings, products } from '../db/schema';
import { copyChunks } from './copy-text';

const UNIQUE_VIOLATION = '23505';

export type ImportCounts = { inserted: number; updated: number };
export type SavedMappingObject = Record<string, string | null>;

const pool = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

// The SQL type of every import target, read from the Drizzle schema so the two cannot drift.
const SQL_TYPES: ReadonlyMap<string, string> = new Map(
  Object.values(getTableColumns(products)).map((column) => [column.name, column.getSQLType()]),
);
const KNOWN_TARGETS: ReadonlySet<string> = new Set(TARGET_KEYS);

/**
 * The columns an import writes: msku first, then every target that some row carries, in target
 * order. Only these change on existing products (the mapped fields); the others keep their value.
 */
export function importedColumns(rows: readonly ImportRow[]): TargetKey[] {
  const present = new Set<string>();
  // Rows from the web all share one set of keys; scanning a sample would miss a hand-made odd row.
  for (const row of rows) for (const key in row) present.add(key);
  return TARGET_KEYS.filter((key) => key === 'msku' || (present.has(key) && KNOWN_TARGETS.has(key)));
}

/** Streams COPY text into `COPY <target> FROM STDIN`, with backpressure. */
async function copyInto(client: pg.PoolClient, target: string, text: Iterable<string>): Promise<void> {
  await pipeline(Readable.from(text), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
}

/** replen is NOT NULL: a blank one keeps the stored flag, and a new product starts unflagged. */
const stagedValue = (column: TargetKey) =>
  column === 'replen' ? 'COALESCE(r.replen, p.replen)' : `r.${column}`;

/**
 * Updates the account's products that the staged rows name, only in the imported columns, with a
 * new version. A row that would change nothing is left alone: its version (the ETag) stays, so a
 * re-import of an unchanged report does not turn everyone's open edits stale.
 */
function updateSql(columns: readonly TargetKey[]): string {
  const fields = columns.filter((column) => column !== 'msku');
  if (fields.length === 0) return '';
  const set = fields.map((column) => `${column} = ${stagedValue(column)}`);
  const stored = fields.map((column) => `p.${column}`).join(', ');
  const staged = fields.map(stagedValue).join(', ');
  return `UPDATE products AS p SET ${set.join(', ')}, version = p.version + 1, updated_at = now()
    FROM import_rows AS r
    WHERE p.account_id = $1 AND p.msku = r.msku AND ROW(${stored}) IS DISTINCT FROM ROW(${staged})`;
}

function insertSql(columns: readonly TargetKey[]): string {
  const values = columns.map((column) => (column === 'replen' ? 'COALESCE(r.replen, false)' : `r.${column}`));
  return `INSERT INTO products (account_id, ${columns.join(', ')})
    SELECT $1, ${values.join(', ')} FROM import_rows AS r
    WHERE NOT EXISTS (SELECT 1 FROM products AS p WHERE p.account_id = $1 AND p.msku = r.msku)`;
}

async function hasProducts(client: pg.PoolClient, accountId: string): Promise<boolean> {
  const result = await client.query('SELECT 1 FROM products WHERE account_id = $1 LIMIT 1', [accountId]);
  return result.rows.length > 0;
}

/** An account's first import: every row is new, so it goes straight into the table by COPY. */
async function copyAllNew(
  client: pg.PoolClient,
  accountId: string,
  columns: readonly TargetKey[],
  rows: readonly ImportRow[],
): Promise<ImportCounts> {
  const text = copyChunks(rows, columns, { leading: [accountId], nullAs: { replen: false } });
  await copyInto(client, `products (account_id, ${columns.join(', ')})`, text);
  return { inserted: rows.length, updated: 0 };
}

/** Later imports: COPY into a temporary table, then one UPDATE and one INSERT from it. */
async function mergeStaged(
  client: pg.PoolClient,
  accountId: string,
  columns: readonly TargetKey[],
  rows: readonly ImportRow[],
): Promise<ImportCounts> {
  const definitions = columns.map((column) => `${column} ${SQL_TYPES.get(column)}`);
  await client.query(`CREATE TEMP TABLE import_rows (${definitions.join(', ')}) ON COMMIT DROP`);
  await copyInto(client, `import_rows (${columns.join(', ')})`, copyChunks(rows, columns));
  const update = updateSql(columns);
  if (update) await client.query(update, [accountId]);
  const inserted = (await client.query(insertSql(columns), [accountId])).rowCount ?? 0;
  // Every row names a distinct msku (validated), so the rows not inserted matched a product.
  return { inserted, updated: rows.length - inserted };
}

/** A product of this import was inserted by someone else while it ran. */
export class ConcurrentImportError extends Error {}

/**
 * DESIGN 6: upserts the rows by (account, msku) in one transaction, every row or none. COPY is
 * the fast way into PostgreSQL, so rows are COPied, straight into the table on an account's first
 * import and through a temporary table otherwise (INSERT ... ON CONFLICT measured about twice as
 * slow as an UPDATE and an INSERT from the staged rows). Imports of one account take turns (an
 * advisory lock). Column names come from TARGET_KEYS, never from the request.
 */
export async function upsertProducts(
  db: Db,
  accountId: string,
  rows: readonly ImportRow[],
): Promise<ImportCounts> {
  const columns = importedColumns(rows);
  const client = await pool(db).connect();
  let failed = false;
  try {
    await client.query('BEGIN');
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended('replen.import:' || $1, 0))", [
      accountId,
    ]);
    const counts = (await hasProducts(client, accountId))
      ? await mergeStaged(client, accountId, columns, rows)
      : await copyAllNew(client, accountId, columns, rows);
    await client.query('COMMIT');
    return counts;
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => {});
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
      throw new ConcurrentImportError('These products changed while importing; please import again.');
    }
    throw error;
  } finally {
    // A connection whose COPY broke off is not reused.
    client.release(failed);
  }
}

/** The account's saved mapping, or {} when it never saved one. */
export async function findSavedMapping(db: Db, accountId: string): Promise<SavedMappingObject> {
  const rows = await db
    .select({ mapping: columnMappings.mapping })
    .from(columnMappings)
    .where(eq(columnMappings.accountId, accountId));
  return rows[0]?.mapping ?? {};
}

export async function saveMapping(
  db: Db,
  accountId: string,
  input: Readonly<Record<string, string | null | undefined>>,
  now: Date,
): Promise<SavedMappingObject> {
  const mapping: SavedMappingObject = {};
  for (const [target, column] of Object.entries(input)) if (column !== undefined) mapping[target] = column;
  await db
    .insert(columnMappings)
    .values({ accountId, mapping, updatedAt: now })
    .onConflictDoUpdate({ target: columnMappings.accountId, set: { mapping, updatedAt: now } });
  return mapping;
}
