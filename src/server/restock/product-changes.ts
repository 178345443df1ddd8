import { z } from 'zod';
import { createBatcher, perDatabase } from '../db/batches';
import type { Db } from '../db/pool';
import { defineJob } from '../jobs/define-job';
import type { NamedQueryable } from './queries';

/**
 * An account's change rows of one kind (reordering or not) are deleted once there are more than
 * this many of that kind.
 */
export const KEPT_PRODUCT_CHANGES = 256;

/** What a table read is answered with: `findFirstRowsState`. */
export type FirstRowsState = {
  changed: boolean;
  reordered: boolean;
  snapshot: string;
  defaults: Record<string, unknown> | null;
  forecastGeneration: number;
  server: string;
};

type StateCheck = { accountId: string; answer: string | null; order: string | null };

/** The checks of the moment in one statement, each row at its check's place (counted from 1). */
async function findFirstRowsStates(db: Db, checks: StateCheck[]): Promise<FirstRowsState[]> {
  const result = await (db as unknown as NamedQueryable).$client.query<{
    place: number;
    changed: boolean;
    reordered: boolean;
    snapshot: string;
    defaults: Record<string, unknown> | null;
    forecast_generation: string;
    server: string;
  }>({
    // Named: parsed and planned once per connection, as it runs before every table read.
    name: 'restock-first-rows-states',
    text: `SELECT k.place,
       k.answer IS NULL
         OR EXISTS (SELECT 1 FROM product_change_horizons AS h
                    WHERE h.account_id = k.account_id AND h.horizon > pg_snapshot_xmin(k.answer))
         OR EXISTS (SELECT 1 FROM product_changes AS c
                    WHERE c.account_id = k.account_id AND c.xid >= pg_snapshot_xmin(k.answer)
                      AND NOT pg_visible_in_snapshot(c.xid, k.answer)) AS changed,
       k.kept_order IS NULL
         OR EXISTS (SELECT 1 FROM product_change_horizons AS h
                    WHERE h.account_id = k.account_id AND h.reorder_horizon > pg_snapshot_xmin(k.kept_order))
         OR EXISTS (SELECT 1 FROM product_changes AS c
                    WHERE c.account_id = k.account_id AND c.reorders AND c.xid >= pg_snapshot_xmin(k.kept_order)
                      AND NOT pg_visible_in_snapshot(c.xid, k.kept_order)) AS reordered,
       pg_current_snapshot()::text AS snapshot, s.calculation_defaults AS defaults,
       coalesce(g.generation, 0)::text AS forecast_generation, pg_postmaster_start_time()::text AS server
     FROM unnest($1::uuid[], $2::pg_snapshot[], $3::pg_snapshot[])
       WITH ORDINALITY AS k(account_id, answer, kept_order, place)
     LEFT JOIN account_settings AS s ON s.account_id = k.account_id
     LEFT JOIN forecast_generations AS g ON g.account_id = k.account_id`,
    values: [
      checks.map((check) => check.accountId),
      checks.map((check) => check.answer),
      checks.map((check) => check.order),
    ],
  });
  const states: FirstRowsState[] = new Array(checks.length);
  for (const row of result.rows) {
    states[row.place - 1] = {
      changed: row.changed,
      reordered: row.reordered,
      snapshot: row.snapshot,
      defaults: row.defaults,
      forecastGeneration: Number(row.forecast_generation),
      server: row.server,
    };
  }
  return states;
}

// Every table read checks its kept answer in a batch formed after the read arrived (db/batches.ts),
// so it sees every write committed before it, as a statement of its own would; under load one
// statement checks the reads of many. Two batches at a time, as the session users are read.
const stateChecker = perDatabase((db: Db) =>
  createBatcher((checks: StateCheck[]) => findFirstRowsStates(db, checks), { maxBatch: 256, maxInFlight: 2 }),
);

/**
 * What a kept first screenful depends on, in one cheap read whatever the table's size: whether a
 * transaction that `kept.answer` (a snapshot, as `pg_current_snapshot()` gives it) did not see has
 * written the account's products since (`changed`), whether one that `kept.order` did not see may
 * have moved rows in the default order (`reordered`: it inserted or deleted products, or wrote
 * titles or mskus), then the account's calculation defaults, its forecast generation and the
 * database server's start time, and this statement's own snapshot.
 *
 * A product write commits with its row in `product_changes` (statement triggers, any writer), so
 * a product changed since a snapshot has a row whose transaction the snapshot did not see: one
 * still running then is in its in-progress list or at or above its xmax, as is one that began
 * later. Rows below its xmin were committed (or rolled back) before it, so only the index range
 * from its xmin is read. An answer read after the snapshot was taken holds every write it saw;
 * with no row of a write it did not see, it still holds. Rows below an account's horizon were
 * deleted, so a snapshot older than that cannot be checked and counts as changed; reordering rows
 * are deleted below a horizon of their own (`pruneProductChanges`), so an order counts as moved
 * only when older than that one. Both snapshots must come from this database server: transaction
 * ids start again on another one.
 */
export const findFirstRowsState = (
  db: Db,
  accountId: string,
  kept: { answer: string | null; order: string | null },
): Promise<FirstRowsState> => stateChecker(db)({ accountId, ...kept });

// The horizons raised by a prune: both to its xmin when a reordering row went, else only the first.
const RAISE_HORIZONS = 'INSERT INTO product_change_horizons AS h (account_id, horizon, reorder_horizon)';
const REORDER_HORIZON = `CASE WHEN bool_or(gone.reorders) THEN horizon.xid ELSE '0'::xid8 END`;
const GREATER_HORIZONS = `horizon = greatest(h.horizon, excluded.horizon),
       reorder_horizon = greatest(h.reorder_horizon, excluded.reorder_horizon)`;
// Whether a change row is of a kind being pruned, tested row by row in one pass over the account's
// rows, as an account's deletion reads them: a pass per kind would lock them in another order than
// it does, and the two could deadlock.
const OF_PRUNED_KIND = 'CASE WHEN c.reorders THEN many.moves ELSE many.edits END';

/**
 * For each kind of the account's change rows (edits, and the rarer writes that may reorder) of
 * which there are more than KEPT_PRODUCT_CHANGES, deletes those below `snapshot`'s xmin and raises
 * the account's horizons to it, in one statement: a check reads the rows and the horizons in one
 * snapshot, so it sees both as they were or both as they are. Deleting edits' rows raises only the
 * horizon that changes are checked against; deleting reordering rows raises both. An answer (or
 * order) kept with `snapshot` or a later one still holds; one kept with an older snapshot is read
 * again, and a kept order only once its own horizon has passed it.
 */
export async function pruneProductChanges(db: Db, accountId: string, snapshot: string): Promise<void> {
  await (db as unknown as NamedQueryable).$client.query({
    name: 'restock-prune-product-changes',
    text: `WITH horizon AS (SELECT pg_snapshot_xmin($2::pg_snapshot) AS xid),
       many AS MATERIALIZED (
         SELECT (SELECT count(*) FROM (SELECT 1 FROM product_changes
                   WHERE account_id = $1 AND NOT reorders LIMIT $3) AS n) >= $3 AS edits,
                (SELECT count(*) FROM (SELECT 1 FROM product_changes
                   WHERE account_id = $1 AND reorders LIMIT $3) AS n) >= $3 AS moves),
       gone AS (
         DELETE FROM product_changes AS c USING horizon, many
         WHERE c.account_id = $1 AND c.xid < horizon.xid AND (many.edits OR many.moves) AND ${OF_PRUNED_KIND}
         RETURNING c.reorders)
     ${RAISE_HORIZONS}
     SELECT $1::uuid, horizon.xid, ${REORDER_HORIZON} FROM horizon, gone GROUP BY horizon.xid
     ON CONFLICT (account_id) DO UPDATE SET ${GREATER_HORIZONS}`,
    values: [accountId, snapshot, KEPT_PRODUCT_CHANGES + 1],
  });
}

/** Hourly, off the hour and off the marketplace's schedules. */
export const PRUNE_PRODUCT_CHANGES_CRON = '23 * * * *';

/**
 * `pruneProductChanges` for every account past KEPT_PRODUCT_CHANGES rows of a kind, below the xmin
 * of one snapshot taken now: an account whose table nobody reads would otherwise keep a row for
 * every write it ever made. Answers how many accounts it pruned.
 */
export async function pruneEveryAccountsProductChanges(db: Db): Promise<number> {
  const result = await (db as unknown as NamedQueryable).$client.query<{ accounts: number }>({
    name: 'restock-prune-every-accounts-product-changes',
    text: `WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xid),
       counted AS (
         SELECT account_id, count(*) FILTER (WHERE NOT reorders) > $1 AS edits,
                count(*) FILTER (WHERE reorders) > $1 AS moves
         FROM product_changes GROUP BY account_id),
       many AS (SELECT * FROM counted WHERE edits OR moves),
       gone AS (
         DELETE FROM product_changes AS c USING many, horizon
         WHERE c.account_id = many.account_id AND c.xid < horizon.xid AND ${OF_PRUNED_KIND}
         RETURNING c.account_id, c.reorders),
       raised AS (
         ${RAISE_HORIZONS}
         SELECT gone.account_id, horizon.xid, ${REORDER_HORIZON} FROM gone, horizon
         GROUP BY gone.account_id, horizon.xid
         ON CONFLICT (account_id) DO UPDATE SET ${GREATER_HORIZONS}
         RETURNING 1)
     SELECT count(*)::int AS accounts FROM raised`,
    values: [KEPT_PRODUCT_CHANGES],
  });
  return result.rows[0]!.accounts;
}

export const pruneProductChangesJob = (db: Db) =>
  defineJob({
    name: 'restock-prune-product-changes',
    schema: z.object({}).strict(),
    schedule: { cron: PRUNE_PRODUCT_CHANGES_CRON, data: {} },
    run: async (_data, context) => {
      const accounts = await pruneEveryAccountsProductChanges(db);
      context.log.info({ accounts }, 'product change rows pruned');
    },
  });
