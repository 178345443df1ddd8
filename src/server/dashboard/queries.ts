import type pg from 'pg';
import type { Db } from '../db/pool';

const pool = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

export type OpenOrders = { count: number; units: number; value: number; unpricedLines: number };

/** Drafts and placed orders not yet received, with their value summed by the database. */
export async function findOpenOrders(db: Db, accountId: string): Promise<OpenOrders> {
  const { rows } = await pool(db).query<{ count: number; units: string; value: string; unpriced: number }>(
    `SELECT count(DISTINCT o.id)::int AS count,
            coalesce(sum(l.quantity::bigint), 0)::text AS units,
            coalesce(sum(l.quantity::numeric * l.unit_cost), 0)::text AS value,
            (count(l.msku) FILTER (WHERE l.unit_cost IS NULL))::int AS unpriced
     FROM purchase_orders o LEFT JOIN purchase_order_lines l ON l.purchase_order_id = o.id
     WHERE o.account_id = $1 AND o.status IN ('draft', 'ordered')`,
    [accountId],
  );
  const row = rows[0]!;
  return {
    count: row.count,
    units: Number(row.units),
    value: Number(row.value),
    unpricedLines: row.unpriced,
  };
}

/** When the account's data last changed from outside: its newest kept import, history upload and marketplace sync. */
export async function findLastDataUpdate(
  db: Db,
  accountId: string,
): Promise<{ lastImportAt: string | null; lastHistoryAt: string | null; lastSyncAt: string | null }> {
  const { rows } = await pool(db).query<{
    last_import: Date | null;
    last_history: Date | null;
    last_sync: Date | null;
  }>(
    `SELECT (SELECT max(created_at) FROM imports WHERE account_id = $1 AND reverted_at IS NULL) AS last_import,
            (SELECT updated_at FROM history_ranges WHERE account_id = $1) AS last_history,
            (SELECT max(finished_at) FROM marketplace_syncs WHERE account_id = $1 AND state = 'done') AS last_sync`,
    [accountId],
  );
  const row = rows[0]!;
  return {
    lastImportAt: row.last_import?.toISOString() ?? null,
    lastHistoryAt: row.last_history?.toISOString() ?? null,
    lastSyncAt: row.last_sync?.toISOString() ?? null,
  };
}
