import type pg from 'pg';
import {
  HISTORY_DAYS,
  HISTORY_MAX_IMPORTS,
  type ImportRecord,
  type RevertConflict,
  type RevertResult,
} from '../../core/csv-import/import-request';
import { TARGET_KEYS } from '../../core/csv-import/targets';
import type { Db } from '../db/pool';
import { PRODUCT_SQL_TYPES } from '../db/product-sql-types';
import { conflict, notFound } from '../http/errors';
import { inAccountTransaction } from './account-lock';

// DESIGN 12: the import history and "Undo this import". An undo restores the values the import
// replaced and deletes the products it created, in one transaction, unless something changed one
// of those products since: every write bumps a product's version, and the history holds the
// version each product had right after the import.

const KNOWN_TARGETS: ReadonlySet<string> = new Set(TARGET_KEYS);

const client = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The oldest creation time the history keeps at `now`. */
const keptSince = (now: Date) => new Date(now.getTime() - HISTORY_DAYS * DAY_MS);

export const ALREADY_REVERTED_MESSAGE = 'This import was already undone';
export const IMPORT_NOT_FOUND_MESSAGE = 'Import not found';

type ImportRowDb = {
  id: string;
  created_at: Date;
  user_name: string;
  user_email: string;
  file_name: string | null;
  report_type: string | null;
  blanks: 'keep' | 'clear';
  inserted: number;
  updated: number;
  unchanged: number;
  field_changes: ImportRecord['fields'];
  reverted_at: Date | null;
  reverted_by: string | null;
  restored: number | null;
  deleted: number | null;
  skipped: number | null;
};

function toRecord(row: ImportRowDb): ImportRecord {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    user: { name: row.user_name, email: row.user_email },
    fileName: row.file_name,
    reportType: row.report_type,
    blanks: row.blanks,
    inserted: row.inserted,
    updated: row.updated,
    unchanged: row.unchanged,
    fields: row.field_changes,
    reverted: row.reverted_at
      ? {
          at: row.reverted_at.toISOString(),
          by: row.reverted_by ?? '',
          restored: row.restored ?? 0,
          deleted: row.deleted ?? 0,
          skipped: row.skipped ?? 0,
        }
      : null,
  };
}

/** The account's imports still in the history, newest first. */
export async function listImports(db: Db, accountId: string, now: Date): Promise<ImportRecord[]> {
  const result = await client(db).query<ImportRowDb>(
    `SELECT id, created_at, user_name, user_email, file_name, report_type, blanks, inserted, updated, unchanged,
       field_changes, reverted_at, reverted_by, restored, deleted, skipped
     FROM imports WHERE account_id = $1 AND created_at >= $2
     ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_MAX_IMPORTS}`,
    [accountId, keptSince(now)],
  );
  return result.rows.map(toRecord);
}

/** Drops imports older than the history keeps, and all but the account's last 50, with their changes. */
export async function pruneHistory(db: Db, accountId: string, now: Date): Promise<void> {
  await client(db).query(
    `WITH dropped AS (
       DELETE FROM imports WHERE account_id = $1 AND (created_at < $2 OR id IN (
         SELECT id FROM imports WHERE account_id = $1 ORDER BY created_at DESC, id DESC OFFSET ${HISTORY_MAX_IMPORTS}))
       RETURNING id
     )
     DELETE FROM import_changes WHERE import_id IN (SELECT id FROM dropped)`,
    [accountId, keptSince(now)],
  );
}

/** A 409 with the products that changed since the import: `{message, conflicts: {first, count}}`. */
export class RevertConflictError extends Error {
  constructor(readonly body: RevertConflict) {
    super(body.message);
  }
}

export function revertConflictMessage(first: string, count: number): string {
  const others = count - 1;
  const more =
    others > 0 ? ` and ${others.toLocaleString('en-US')} other product${others === 1 ? '' : 's'}` : '';
  return `Product "${first}"${more} changed after this import, so undoing it would overwrite those changes`;
}

function restoreSql(fields: readonly string[]): string {
  // fields[i] changed when bit i of the mask is set; its old value sits at before[i + 1].
  const set = fields.map(
    (field, index) =>
      `${field} = CASE WHEN c.changed & ${2 ** index}::bigint <> 0 THEN c.before[${index + 1}]::${PRODUCT_SQL_TYPES.get(field)} ELSE p.${field} END`,
  );
  // An older import whose changes this one sat on top of sees its own values again: it moves to
  // the restored version, so that it can be undone next, and is the product's last import again.
  const written = ['version = p.version + 1', 'updated_at = now()', 'last_import_id = c.import_before'];
  return `WITH restored AS (
      UPDATE products AS p SET ${[...set, ...written].join(', ')}
      FROM import_changes AS c
      WHERE c.import_id = $1 AND NOT c.created AND p.account_id = $2 AND p.msku = c.msku AND p.version = c.version_after
      RETURNING p.msku, p.version AS new_version, c.version_before
    ), chained AS (
      UPDATE import_changes AS o SET version_after = r.new_version FROM restored AS r
      WHERE o.import_id = ANY($3::uuid[]) AND o.msku = r.msku AND o.version_after = r.version_before
    )
    SELECT count(*)::int AS restored FROM restored`;
}

/** Deletes the products an import created that have not changed since; answers how many. */
async function deleteCreated(tx: pg.PoolClient, importId: string, accountId: string): Promise<number> {
  const deleted = await tx.query(
    `DELETE FROM products AS p USING import_changes AS c
     WHERE c.import_id = $1 AND c.created AND p.account_id = $2 AND p.msku = c.msku AND p.version = c.version_after`,
    [importId, accountId],
  );
  return deleted.rowCount ?? 0;
}

/**
 * The imports whose history may move to the restored versions: those not undone yet that had
 * written the import's products before it. The chaining reads the whole history of each one it
 * is given, so with every import not undone, a seller's daily imports would make each undo slower.
 */
async function importsBelow(tx: pg.PoolClient, accountId: string, importId: string): Promise<string[]> {
  const below = await tx.query<{ id: string }>(
    // The import's history read once, whatever the planner thinks of the account's imports.
    `WITH writers AS MATERIALIZED (
       SELECT DISTINCT import_before AS id FROM import_changes WHERE import_id = $2 AND NOT created
     )
     SELECT i.id FROM imports AS i JOIN writers AS w ON w.id = i.id
     WHERE i.account_id = $1 AND i.id <> $2 AND i.reverted_at IS NULL`,
    [accountId, importId],
  );
  return below.rows.map((row) => row.id);
}

type RevertRun = { skipChanged: boolean; by: string; now: Date };

type ImportToUndo = { fields: string[]; inserted: number; updated: number };

/**
 * Restores the values the import replaced and deletes the products it created, each only where the
 * product still has the version the import left; answers how many of each. `below` are the imports
 * whose rows may move to the restored versions.
 */
async function undoWrites(
  tx: pg.PoolClient,
  importId: string,
  accountId: string,
  record: ImportToUndo,
  below: readonly string[],
): Promise<{ restored: number; deleted: number }> {
  // Each write joins the import's whole history with the products: run only those it has rows for.
  let restored = 0;
  if (record.fields.length > 0 && record.updated > 0) {
    const result = await tx.query<{ restored: number }>(restoreSql(record.fields), [
      importId,
      accountId,
      below,
    ]);
    restored = result.rows[0]?.restored ?? 0;
  }
  const deleted = record.inserted > 0 ? await deleteCreated(tx, importId, accountId) : 0;
  return { restored, deleted };
}

/** The first of the import's products, in file order, changed or gone since, and how many are. */
async function firstChanged(
  tx: pg.PoolClient,
  importId: string,
  accountId: string,
): Promise<{ msku: string; count: number } | undefined> {
  // Locked first, so that when none changed, no edit lands before the writes that follow.
  await tx.query(
    `SELECT 1 FROM products AS p JOIN import_changes AS c ON p.msku = c.msku
     WHERE c.import_id = $1 AND p.account_id = $2 ORDER BY p.msku FOR UPDATE OF p`,
    [importId, accountId],
  );
  const touched = await tx.query<{ msku: string; count: number }>(
    `SELECT c.msku, count(*) OVER ()::int AS count
     FROM import_changes AS c LEFT JOIN products AS p ON p.account_id = $2 AND p.msku = c.msku
     WHERE c.import_id = $1 AND (p.msku IS NULL OR p.version <> c.version_after)
     ORDER BY c.ord LIMIT 1`,
    [importId, accountId],
  );
  return touched.rows[0];
}

/**
 * Undoes an import: restores the values it replaced, deletes the products it created, in one
 * transaction. A product changed since (its version moved on, or it is gone) blocks the undo with
 * a 409 naming the first such product in file order; with `skipChanged` the others are undone
 * and those are left as they are. An import already undone answers 409.
 */
export async function revertImport(
  db: Db,
  accountId: string,
  importId: string,
  run: RevertRun,
): Promise<RevertResult> {
  return inAccountTransaction(db, accountId, 'READ COMMITTED', async (tx) => {
    const found = await tx.query<ImportToUndo & { reverted_at: Date | null }>(
      `SELECT fields, inserted, updated, reverted_at FROM imports
       WHERE id = $1 AND account_id = $2 AND created_at >= $3 FOR UPDATE`,
      [importId, accountId, keptSince(run.now)],
    );
    const record = found.rows[0];
    if (!record) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
    if (record.reverted_at) throw conflict(ALREADY_REVERTED_MESSAGE);
    // The mask's bit positions follow the import's own field list, which holds only known targets.
    if (record.fields.some((field) => !KNOWN_TARGETS.has(field)))
      throw new Error('Unknown field in import history');
    const below = await importsBelow(tx, accountId, importId);
    // Undone first, checked after: the writes match only products still at the version the import
    // left (an UPDATE re-checks a row that changes meanwhile), so every row of the history is
    // undone unless one changed. Usually none did, and locking and checking every product first
    // cost a third of the undo. The history holds one row per product created or updated.
    await tx.query('SAVEPOINT undo');
    const inHistory = record.inserted + record.updated;
    let writes = await undoWrites(tx, importId, accountId, record, below);
    if (writes.restored + writes.deleted < inHistory && !run.skipChanged) {
      // Something changed since: back to before the writes, to name the first such product.
      await tx.query('ROLLBACK TO SAVEPOINT undo');
      const first = await firstChanged(tx, importId, accountId);
      if (first) {
        const message = revertConflictMessage(first.msku, first.count);
        throw new RevertConflictError({ message, conflicts: { first: first.msku, count: first.count } });
      }
      // Its products are now locked, and none changed: every one is undone, or nothing is.
      writes = await undoWrites(tx, importId, accountId, record, below);
      if (writes.restored + writes.deleted < inHistory)
        throw new Error('An undo found fewer products than its import history holds');
    }
    const result: RevertResult = { ...writes, skipped: inHistory - writes.restored - writes.deleted };
    await tx.query(
      'UPDATE imports SET reverted_at = $2, reverted_by = $3, restored = $4, deleted = $5, skipped = $6 WHERE id = $1',
      [importId, run.now, run.by, result.restored, result.deleted, result.skipped],
    );
    return { commit: true, value: result };
  });
}
