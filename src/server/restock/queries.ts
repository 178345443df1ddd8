import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import {
  EDITABLE_FIELDS,
  type EditableField,
  PRODUCT_FIELD_KEYS,
  type Product,
} from '../../core/product-fields/fields';
import type { ForecastFields } from '../../core/restock/engine';
import { createBatcher, perDatabase } from '../db/batches';
import type { Db } from '../db/pool';
import { PRODUCT_SQL_TYPES } from '../db/product-sql-types';
import { userTablePrefs } from '../db/schema';
import { inTransaction } from '../db/transaction';

/** A stored product as read for the table, with its version (the row's ETag). */
export type StoredProduct = Product & { version: number };

// Column names equal the field keys, so rows come back ready for the engine without mapping.
export const STORED_PRODUCT_KEYS = [...PRODUCT_FIELD_KEYS, 'version'] as const;

const SELECT_LIST = STORED_PRODUCT_KEYS.join(', ');

/** The forecast's columns in FORECAST_FIELD_KEYS order, from `forecasts AS f`. */
const FORECAST_SELECT = 'f.daily_rate, f.trend, f.seasonality_suggestion, f.accuracy';

export type NamedQueryable = {
  $client: {
    query: <R>(config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: R[] }>;
  };
};

type ArrayQueryable = {
  $client: {
    query: (config: { text: string; values: unknown[]; rowMode: 'array' }) => Promise<{ rows: unknown[][] }>;
  };
};

/**
 * Products of the account as value arrays in STORED_PRODUCT_KEYS order, then their forecast's
 * (FORECAST_SELECT, DESIGN 10), then the row key (ROW_KEY) when `keyed`: every product in msku
 * order, or (`listed`) the mskus of $2 in no particular order. Read in array mode, which skips
 * pg's per-row object building, the largest cost of a 100k-row read.
 */
const productValuesText = (keyed: boolean, listed: boolean) =>
  `SELECT ${STORED_PRODUCT_KEYS.map((key) => `p.${key}`).join(', ')}, ${FORECAST_SELECT}${keyed ? `, ${ROW_KEY}` : ''}
      FROM products AS p LEFT JOIN forecasts AS f ON f.account_id = p.account_id AND f.msku = p.msku
      WHERE p.account_id = $1 ${listed ? 'AND p.msku = ANY($2::text[])' : 'ORDER BY p.msku'}`;

async function readListedProductValues(
  db: Db,
  accountId: string,
  mskus: readonly string[],
  keyed: boolean,
): Promise<unknown[][]> {
  const result = await (db as unknown as ArrayQueryable).$client.query({
    text: productValuesText(keyed, true),
    values: [accountId, mskus],
    rowMode: 'array',
  });
  return result.rows;
}

/** Rows one fetch of the whole table's cursor reads (a few megabytes of values). */
export const CURSOR_ROWS = 2000;

/**
 * Every product of the account as value arrays (`productValuesText`, in msku order), handed to
 * `onRows` a chunk at a time from one snapshot: a cursor in a read-only REPEATABLE READ
 * transaction, the next chunk fetched while `onRows` works on this one. A million products read
 * in one statement kept every parsed row alive at once (over a gigabyte, most of the read spent
 * collecting garbage), and the statement ran as long as the slowest reader took, into the
 * statement timeout; here each fetch is a short statement of its own.
 */
export async function forEachProductValues(
  db: Db,
  accountId: string,
  keyed: boolean,
  onRows: (rows: unknown[][]) => Promise<void>,
  chunkRows = CURSOR_ROWS,
): Promise<void> {
  await inTransaction(
    db,
    async (client) => {
      await client.query(`DECLARE product_values NO SCROLL CURSOR FOR ${productValuesText(keyed, false)}`, [
        accountId,
      ]);
      const fetchRows = () => {
        const rows = client
          .query({ text: `FETCH ${chunkRows} FROM product_values`, rowMode: 'array' })
          .then((result) => result.rows as unknown[][]);
        // Awaited below; until then, a failure is not an unhandled one.
        rows.catch(() => {});
        return rows;
      };
      let next = fetchRows();
      for (;;) {
        const rows = await next;
        const more = rows.length === chunkRows;
        if (more) next = fetchRows();
        if (rows.length > 0) await onRows(rows);
        if (!more) break;
      }
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}

/**
 * Names the stored row a product's table row is made from: the tuples of the product and of its
 * forecast that the statement sees, by the transaction that wrote each (xmin: a committed write by
 * any path gives another key, and one transaction leaves one visible tuple per row), with the
 * product's version beside it. Short, as it is read for every product on every read. Joined as
 * `products AS p` and `forecasts AS f`.
 */
const ROW_KEY = "concat_ws(' ', p.xmin, p.version, f.xmin)";

/**
 * Each product's msku and row key, in the table's order. With `withForecasts`, the key is the
 * one the keyed values carry (product xmin, version, forecast xmin); without, the product's part
 * alone, for a reader that knows no forecast was written since its rows were read.
 */
export async function listProductRowKeys(
  db: Db,
  accountId: string,
  withForecasts: boolean,
): Promise<Array<[string, string]>> {
  const client = (db as unknown as ArrayQueryable).$client;
  const productKeys = client.query({
    text: `SELECT msku, concat_ws(' ', xmin, version) FROM products WHERE account_id = $1 ORDER BY msku`,
    values: [accountId],
    rowMode: 'array',
  });
  if (!withForecasts) return (await productKeys).rows as Array<[string, string]>;
  const [products, forecasts] = await Promise.all([
    productKeys,
    client.query({
      text: 'SELECT msku, xmin::text FROM forecasts WHERE account_id = $1',
      values: [accountId],
      rowMode: 'array',
    }),
  ]);
  const forecastOf = new Map(forecasts.rows as Array<[string, string]>);
  return (products.rows as Array<[string, string]>).map(([msku, key]) => {
    const forecast = forecastOf.get(msku);
    return [msku, forecast === undefined ? key : `${key} ${forecast}`];
  });
}

/** The listed products (by msku) as `listProductValuesOf` reads them, each row's key last. */
export const listKeyedProductValues = (db: Db, accountId: string, mskus: readonly string[]) =>
  readListedProductValues(db, accountId, mskus, true);

/** Every product's msku and title, the keys of the table's default order, as value arrays. */
export async function listProductTitles(db: Db, accountId: string): Promise<Array<[string, string | null]>> {
  const result = await (db as unknown as ArrayQueryable).$client.query({
    // In no order: sorted, PostgreSQL sends nothing before it has every row (at a million products
    // 2.1-4.0 s against 0.9-1.4 s). The few rows whose order depends on it ask for it
    // (`listInMskuOrder`).
    text: 'SELECT msku, title FROM products WHERE account_id = $1',
    values: [accountId],
    rowMode: 'array',
  });
  return result.rows as Array<[string, string | null]>;
}

/** The listed mskus of the account's products in the whole table's order (by msku). */
export async function listInMskuOrder(
  db: Db,
  accountId: string,
  mskus: readonly string[],
): Promise<string[]> {
  const result = await (db as unknown as ArrayQueryable).$client.query({
    text: 'SELECT msku FROM products WHERE account_id = $1 AND msku = ANY($2::text[]) ORDER BY msku',
    values: [accountId, mskus],
    rowMode: 'array',
  });
  return result.rows.map(([msku]) => msku as string);
}

/** The listed products (by msku) as value arrays (`productValuesText`), in no particular order. */
export const listProductValuesOf = (db: Db, accountId: string, mskus: readonly string[]) =>
  readListedProductValues(db, accountId, mskus, false);

/**
 * What the whole-table answer is made of, in one cheap read: every write to a product bumps its
 * version and sets updated_at, every write of forecasts raises the account's forecast generation,
 * and a deleted product (whose forecast goes with it) lowers the count; so equal stamps mean equal
 * products, forecasts and defaults (a product deleted and another created changes updated_at's
 * maximum). The account's calculation defaults come with it, as the answer is derived with them,
 * and so does the database server's start time: kept answers and rows name tuples by transaction
 * ids, which another server (a failover, a restored backup) hands out again.
 *
 * The stamp is only made for accounts of up to `stampUpTo` products (null beyond): a read that
 * keeps no answer of a larger account needs its defaults, and its products are only counted up to
 * one past `stampUpTo` (at a million products the whole stamp took 400-600 ms).
 */
export async function findTableStamp(
  db: Db,
  accountId: string,
  stampUpTo = MAX_INT,
): Promise<{
  stamp: string | null;
  defaults: Record<string, unknown> | null;
  forecastGeneration: number;
  server: string;
}> {
  const result = await (db as unknown as NamedQueryable).$client.query<{
    stamp: string | null;
    defaults: Record<string, unknown> | null;
    forecast_generation: string;
    server: string;
  }>({
    // Named: parsed and planned once per connection, as it runs before every table read.
    name: 'restock-table-stamp',
    text: `SELECT CASE WHEN c.n <= $2 THEN concat_ws(' ', p.n, p.versions, coalesce(p.changed, '-'),
           coalesce(g.generation, 0), coalesce(s.calculation_defaults::text, '-')) END AS stamp,
       s.calculation_defaults AS defaults,
       coalesce(g.generation, 0)::text AS forecast_generation, pg_postmaster_start_time()::text AS server
     FROM (SELECT count(*) AS n
           FROM (SELECT 1 FROM products WHERE account_id = $1 LIMIT $2::bigint + 1) AS capped) AS c
     CROSS JOIN LATERAL (
       SELECT count(*) AS n, coalesce(sum(version), 0) AS versions, max(updated_at)::text AS changed
       FROM products WHERE account_id = $1 AND c.n <= $2) AS p
     LEFT JOIN account_settings AS s ON s.account_id = $1
     LEFT JOIN forecast_generations AS g ON g.account_id = $1`,
    values: [accountId, stampUpTo],
  });
  const row = result.rows[0]!;
  return {
    stamp: row.stamp === null ? null : `${row.server} ${row.stamp}`,
    defaults: row.defaults,
    forecastGeneration: Number(row.forecast_generation),
    server: row.server,
  };
}

const MAX_INT = 2_147_483_647;

/**
 * A product as a table row needs it: its stored fields and version, its forecast's fields and the
 * account's stored calculation defaults, read in the same statement as the product.
 */
export type ProductForRow = StoredProduct &
  ForecastFields & { calculation_defaults: Record<string, unknown> | null };

// Joined onto a product `u` (from a CTE) in each statement that answers a row.
const WITH_FORECAST_AND_DEFAULTS = `SELECT u.*, f.daily_rate AS forecast_daily_rate, f.trend,
    f.seasonality_suggestion, f.accuracy AS forecast_accuracy,
    (SELECT calculation_defaults FROM account_settings WHERE account_id = $1) AS calculation_defaults
  FROM u LEFT JOIN forecasts AS f ON f.account_id = $1 AND f.msku = u.msku`;

const FIND_PRODUCT = `WITH u AS (SELECT ${SELECT_LIST} FROM products WHERE account_id = $1 AND msku = $2)
     ${WITH_FORECAST_AND_DEFAULTS}`;

export async function findProduct(
  db: Db,
  accountId: string,
  msku: string,
): Promise<ProductForRow | undefined> {
  const result = await (db as unknown as NamedQueryable).$client.query<ProductForRow>({
    // Named: parsed and planned once per connection (a GET of one row, every 412 answer).
    name: 'restock-row',
    text: FIND_PRODUCT,
    values: [accountId, msku],
  });
  return result.rows[0];
}

// `field` comes from the EDITABLE_FIELDS whitelist, never from raw input.
const aloneStatementText = (field: EditableField) => `WITH u AS (
       UPDATE products SET ${field} = $3, version = version + 1, updated_at = now()
       WHERE account_id = $1 AND msku = $2 AND ($4::int IS NULL OR version = $4)
       RETURNING ${SELECT_LIST})
     ${WITH_FORECAST_AND_DEFAULTS}`;
const ALONE_STATEMENTS = new Map(EDITABLE_FIELDS.map((field) => [field, aloneStatementText(field)]));

/** One edit of one field of one product; `expectedVersion` null writes whatever is there. */
export type FieldEdit = {
  accountId: string;
  msku: string;
  field: EditableField;
  value: unknown;
  expectedVersion: number | null;
};

/** Writes one edit in a statement of its own, waiting for its row as long as another holds it. */
async function writeFieldEditAlone(db: Db, edit: FieldEdit): Promise<ProductForRow | undefined> {
  const result = await (db as unknown as NamedQueryable).$client.query<ProductForRow>({
    // Named per field: each edit's statement is parsed and planned once per connection, not per PATCH.
    name: `restock-edit-${edit.field}`,
    text: ALONE_STATEMENTS.get(edit.field)!,
    values: [edit.accountId, edit.msku, edit.value, edit.expectedVersion],
  });
  return result.rows[0];
}

// The batch's statement per field. It writes only the rows it can lock at once (SKIP LOCKED): a
// batch never waits for a row that another transaction holds (an import, an undo, another
// process's batch), so one account's locked rows hold up no other account's edits, and a batch
// takes part in no deadlock. An edit it skips goes alone (writeFieldEditAlone) and waits there.
const batchStatementText = (field: EditableField) => `WITH v AS (
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::${PRODUCT_SQL_TYPES.get(field)}[], $4::int[])
         WITH ORDINALITY AS v(account_id, msku, value, expected, place)),
     free AS (
       SELECT p.account_id, p.msku FROM products AS p JOIN v ON p.account_id = v.account_id AND p.msku = v.msku
       FOR NO KEY UPDATE OF p SKIP LOCKED),
     u AS (
       UPDATE products AS p SET ${field} = v.value, version = p.version + 1, updated_at = now()
       FROM v JOIN free ON free.account_id = v.account_id AND free.msku = v.msku
       WHERE p.account_id = v.account_id AND p.msku = v.msku AND (v.expected IS NULL OR p.version = v.expected)
       RETURNING v.place AS edit_place, ${STORED_PRODUCT_KEYS.map((key) => `p.${key}`).join(', ')})
     SELECT u.*, f.daily_rate AS forecast_daily_rate, f.trend, f.seasonality_suggestion,
       f.accuracy AS forecast_accuracy, s.calculation_defaults
     FROM u JOIN v ON v.place = u.edit_place
       LEFT JOIN forecasts AS f ON f.account_id = v.account_id AND f.msku = u.msku
       LEFT JOIN account_settings AS s ON s.account_id = v.account_id`;
const BATCH_STATEMENTS = new Map(EDITABLE_FIELDS.map((field) => [field, batchStatementText(field)]));

const editKey = (accountId: string, msku: string) => `${accountId}\n${msku}`;

/**
 * Writes edits of one field, each to its own account's product, in one statement (one round trip
 * and one commit for them all); answers each edit's written row, or undefined where it wrote
 * nothing: the product is missing, not at the expected version, or held by another transaction.
 * A statement the database refused wrote nothing at all (it is one statement): every edit then
 * answers undefined and goes alone, so only an edit at fault fails, with its own error.
 */
async function writeFieldEdits(db: Db, edits: FieldEdit[]): Promise<Array<ProductForRow | undefined>> {
  const field = edits[0]!.field;
  let rows: Array<ProductForRow & { edit_place: number }>;
  try {
    const result = await (db as unknown as NamedQueryable).$client.query<
      ProductForRow & { edit_place: number }
    >({
      // Named per field: parsed and planned once per connection, not per batch.
      name: `restock-edits-${field}`,
      text: BATCH_STATEMENTS.get(field)!,
      values: [
        edits.map((edit) => edit.accountId),
        edits.map((edit) => edit.msku),
        edits.map((edit) => edit.value),
        edits.map((edit) => edit.expectedVersion),
      ],
    });
    rows = result.rows;
  } catch (error) {
    // Without the database's own error (a lost connection, no answer in time) the batch may have
    // committed: its edits fail as one edit would, never written twice.
    if (!(error instanceof pg.DatabaseError)) throw error;
    return edits.map(() => undefined);
  }
  // Each written row answers the edit at its place in the batch (counted from 1).
  const written: Array<ProductForRow | undefined> = edits.map(() => undefined);
  for (const { edit_place, ...product } of rows) written[edit_place - 1] = product;
  return written;
}

// Edits from every request of the moment go together, one batch per field and one batch at a time
// (db/batches.ts): a write's round trip and commit serve many edits.
const fieldEditWriter = perDatabase((db: Db) =>
  createBatcher((edits: FieldEdit[]) => writeFieldEdits(db, edits), {
    maxBatch: 128,
    maxInFlight: 1,
    groupOf: (edit) => edit.field,
    keyOf: (edit) => editKey(edit.accountId, edit.msku),
  }),
);

export type FieldUpdate =
  | { outcome: 'updated'; product: ProductForRow }
  | { outcome: 'not-found' }
  | { outcome: 'stale'; product: ProductForRow };

/**
 * Sets one editable field and bumps the version, in a statement that also answers what the
 * returned row needs: with the other edits of the moment, or alone where the batch could not
 * write it. With an `expectedVersion` the write only happens if nobody changed the row since
 * (If-Match); otherwise it answers 'stale'.
 */
export async function updateProductField(db: Db, edit: FieldEdit): Promise<FieldUpdate> {
  const updated = (await fieldEditWriter(db)(edit)) ?? (await writeFieldEditAlone(db, edit));
  if (updated) return { outcome: 'updated', product: updated };
  const current = await findProduct(db, edit.accountId, edit.msku);
  return current ? { outcome: 'stale', product: current } : { outcome: 'not-found' };
}

export async function findColumnKeys(db: Db, userId: string, tableName: string): Promise<string[] | null> {
  const rows = await db
    .select({ columnKeys: userTablePrefs.columnKeys })
    .from(userTablePrefs)
    .where(and(eq(userTablePrefs.userId, userId), eq(userTablePrefs.tableName, tableName)));
  return rows[0]?.columnKeys ?? null;
}

export async function saveColumnKeys(
  db: Db,
  userId: string,
  tableName: string,
  columnKeys: string[],
  now: Date,
) {
  await db
    .insert(userTablePrefs)
    .values({ userId, tableName, columnKeys, updatedAt: now })
    .onConflictDoUpdate({
      target: [userTablePrefs.userId, userTablePrefs.tableName],
      set: { columnKeys, updatedAt: now },
    });
}
