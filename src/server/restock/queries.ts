import { and, eq } from 'drizzle-orm';
import type { EditableField, Product, StoredField } from '../../core/restock/product';
import type { Db } from '../db/pool';
import { userTablePrefs } from '../db/schema';

/** A stored product as read for the table, with its version (the row's ETag). */
export type StoredProduct = Product & { version: number };

// Column names equal the Product keys, so rows come back ready for the engine without mapping.
const PRODUCT_COLUMNS = [
  'msku',
  'asin',
  'title',
  'main_thumbnail',
  'replen',
  'supplier',
  'cost',
  'buy_box_price',
  'your_price',
  'competitive_price',
  'sales_last_30_days',
  'days_in_stock_of_last_30',
  'fba_quantity',
  'inbound_quantity',
  'local_inventory_quantity',
  'quantity_already_ordered',
  'seasonality_multiplier',
  'order_lead_time',
  'prep_lead_time',
  'amz_lead_time',
  'desired_days_of_inventory',
  'case_pack',
  'moq',
] as const satisfies readonly StoredField[];

const SELECT_LIST = [...PRODUCT_COLUMNS, 'version'].join(', ');

type Queryable = { $client: { query: <R>(text: string, values?: unknown[]) => Promise<{ rows: R[] }> } };

const client = (db: Db) => (db as unknown as Queryable).$client;

export const STORED_PRODUCT_KEYS = [...PRODUCT_COLUMNS, 'version'] as const;

type ArrayQueryable = {
  $client: {
    query: (config: { text: string; values: unknown[]; rowMode: 'array' }) => Promise<{ rows: unknown[][] }>;
  };
};

/**
 * Every product of the account as value arrays in STORED_PRODUCT_KEYS order: array mode skips
 * pg's per-row object building, which dominates a 100k-row read.
 */
export async function listProductValues(db: Db, accountId: string): Promise<unknown[][]> {
  const result = await (db as unknown as ArrayQueryable).$client.query({
    text: `SELECT ${SELECT_LIST} FROM products WHERE account_id = $1 ORDER BY msku`,
    values: [accountId],
    rowMode: 'array',
  });
  return result.rows;
}

export async function findProduct(
  db: Db,
  accountId: string,
  msku: string,
): Promise<StoredProduct | undefined> {
  const result = await client(db).query<StoredProduct>(
    `SELECT ${SELECT_LIST} FROM products WHERE account_id = $1 AND msku = $2`,
    [accountId, msku],
  );
  return result.rows[0];
}

export type FieldUpdate =
  | { outcome: 'updated'; product: StoredProduct }
  | { outcome: 'not-found' }
  | { outcome: 'stale'; product: StoredProduct };

/**
 * Sets one editable field and bumps the version, in one statement. With `expectedVersion` the
 * write only happens if nobody changed the row since (If-Match); otherwise it answers 'stale'.
 */
export async function updateProductField(
  db: Db,
  accountId: string,
  msku: string,
  field: EditableField,
  value: unknown,
  expectedVersion: number | null,
): Promise<FieldUpdate> {
  // `field` comes from the EDITABLE_FIELDS whitelist, never from raw input.
  const result = await client(db).query<StoredProduct>(
    `UPDATE products SET ${field} = $3, version = version + 1, updated_at = now()
     WHERE account_id = $1 AND msku = $2 AND ($4::int IS NULL OR version = $4)
     RETURNING ${SELECT_LIST}`,
    [accountId, msku, value, expectedVersion],
  );
  const updated = result.rows[0];
  if (updated) return { outcome: 'updated', product: updated };
  const current = await findProduct(db, accountId, msku);
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
