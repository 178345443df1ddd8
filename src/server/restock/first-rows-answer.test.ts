import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../core/product-fields/fields';
import { RESTOCK_COLUMNS } from '../../core/restock/columns';
import { demoProducts } from '../../core/restock/demo-products';
import { sortRows } from '../../core/restock/grid-sort';
import { syncDepsOf } from '../app';
import { appJobs } from '../jobs/app-jobs';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { firstMskus } from './first-rows-answer';
import {
  findFirstRowsState,
  KEPT_PRODUCT_CHANGES,
  PRUNE_PRODUCT_CHANGES_CRON,
  pruneEveryAccountsProductChanges,
  pruneProductChanges,
} from './product-changes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const PATH = '/api/tables/restock/data?shape=columns&limit=2';
type Compact = { keys: string[]; rows: unknown[][]; total: number };

async function seller(products: Product[]) {
  const owner = await signUp(t.baseUrl);
  const accountId = await accountIdOf(t.pool, owner.email);
  await insertProducts(t.pool, accountId, products);
  const firstRows = async () => {
    const { keys, rows, total } = (await owner.client.get<Compact>(PATH, owner.token)).body;
    const objects = rows.map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]])));
    return { total, costs: objects.map((row) => [row.msku, row.cost]) };
  };
  return { owner, accountId, firstRows };
}

const products = demoProducts(3, 5).map((product, i) => ({ ...product, title: `Item ${i}`, cost: 10 + i }));
const changeRows = async (accountId: string) =>
  Number(
    (await t.pool.query('SELECT count(*) FROM product_changes WHERE account_id = $1', [accountId])).rows[0]!
      .count,
  );

/**
 * Writes a title without the flag that says rows may have moved (its trigger switched off), with a
 * cost: a kept order is then seen by what comes first, and the cost shows the values were read again.
 */
async function retitleUnflagged(accountId: string, msku: string, title: string, cost: number) {
  await t.pool.query('ALTER TABLE products DISABLE TRIGGER products_reorder_flag');
  try {
    await t.pool.query(
      `UPDATE products SET title = CASE msku WHEN $2 THEN $3 ELSE title END, cost = $4
       WHERE account_id = $1`,
      [accountId, msku, title, cost],
    );
  } finally {
    await t.pool.query('ALTER TABLE products ENABLE TRIGGER products_reorder_flag');
  }
}

/**
 * Waits until no transaction that began before the account's last write is still open anywhere on
 * the server. A prune deletes below a snapshot's xmin, which any open transaction holds back, of any
 * database: other test files run long imports on the same server meanwhile.
 */
async function pastOlderTransactions(accountId: string) {
  await vi.waitFor(
    async () => {
      const { rows } = await t.pool.query<{ past: boolean }>(
        `SELECT pg_snapshot_xmin(pg_current_snapshot()) >
           (SELECT max(xid) FROM product_changes WHERE account_id = $1) AS past`,
        [accountId],
      );
      if (!rows[0]!.past) throw new Error('a transaction older than the last write is still open');
    },
    { timeout: 150_000, interval: 50 },
  );
}

// Long enough to wait out another test file's longest import (pastOlderTransactions).
const PRUNE_TEST_TIMEOUT = 180_000;

describe('the kept first screenful', () => {
  it('is sent again while no product is written, and read again after any write', async () => {
    const { accountId, firstRows } = await seller(products);
    const first = await firstRows();
    expect(first).toEqual({
      total: 3,
      costs: [
        [products[0]!.msku, 10],
        [products[1]!.msku, 11],
      ],
    });

    // A write that leaves no change row (its trigger switched off) is not seen: the answer is kept.
    await t.pool.query('ALTER TABLE products DISABLE TRIGGER products_update_changes');
    try {
      await t.pool.query('UPDATE products SET cost = 99 WHERE account_id = $1', [accountId]);
    } finally {
      await t.pool.query('ALTER TABLE products ENABLE TRIGGER products_update_changes');
    }
    expect(await firstRows()).toEqual(first);

    // Any write with its row: the screenful is read again, with both changes.
    await t.pool.query('UPDATE products SET title = title WHERE account_id = $1 AND msku = $2', [
      accountId,
      products[2]!.msku,
    ]);
    expect((await firstRows()).costs).toEqual([
      [products[0]!.msku, 99],
      [products[1]!.msku, 99],
    ]);
    await t.pool.query('DELETE FROM products WHERE account_id = $1 AND msku = $2', [
      accountId,
      products[0]!.msku,
    ]);
    expect(await firstRows()).toEqual({
      total: 2,
      costs: [
        [products[1]!.msku, 99],
        [products[2]!.msku, 99],
      ],
    });
  });

  it('shows a write whose transaction was still open when the kept answer was read', async () => {
    const { accountId, firstRows } = await seller(products);
    const writer = await t.pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE products SET cost = 55 WHERE account_id = $1 AND msku = $2', [
        accountId,
        products[0]!.msku,
      ]);
      // A later transaction ends first, so the open one is in the snapshot's in-progress list
      // rather than at or above its xmax.
      await t.pool.query('SELECT pg_current_xact_id()');
      // Read and kept while the write is not committed: it has the old cost.
      expect((await firstRows()).costs[0]).toEqual([products[0]!.msku, 10]);
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    expect((await firstRows()).costs[0]).toEqual([products[0]!.msku, 55]);
  });

  it('shows what was committed last after edits and reads at the same moment', async () => {
    const { owner, accountId, firstRows } = await seller(products);
    const msku = products[0]!.msku;
    const [edits, reads] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          owner.client.patch(`/api/tables/restock/data/${msku}`, { cost: i + 1 }, owner.token),
        ),
      ),
      // Twenty reads at once of a table that changes meanwhile each need a build of their own,
      // and one account gets a few turns at a time (decision 008): the rest may be told to wait.
      Promise.all(Array.from({ length: 20 }, () => owner.client.get(PATH, owner.token))),
    ]);
    expect(edits.map((edit) => edit.status)).toEqual(edits.map(() => 200));
    for (const read of reads) expect([200, 429]).toContain(read.status);
    const stored = await t.pool.query('SELECT cost FROM products WHERE account_id = $1 AND msku = $2', [
      accountId,
      msku,
    ]);
    expect((await firstRows()).costs[0]).toEqual([msku, Number(stored.rows[0]!.cost)]);
  });

  it('keeps one change row per account and writing transaction, and none of a deleted account', async () => {
    const { accountId } = await seller(products);
    const other = await seller(products);
    const before = await changeRows(accountId);
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE products SET cost = 1 WHERE account_id = $1', [accountId]);
      await client.query('UPDATE products SET cost = 2 WHERE account_id = $1', [accountId]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await changeRows(accountId)).toBe(before + 1);
    expect(await changeRows(other.accountId)).toBeGreaterThan(0);
    await t.pool.query('DELETE FROM accounts WHERE id = $1', [other.accountId]);
    expect(await changeRows(other.accountId)).toBe(0);
  });
});

describe('the kept order of the first screenful', () => {
  it('outlasts writes of other fields, whose new values show, and is found again after a title, a new product or a deletion', async () => {
    const { owner, accountId, firstRows } = await seller(products);
    const [zero, one, two] = products.map((product) => product.msku) as [string, string, string];
    expect((await firstRows()).costs).toEqual([
      [zero, 10],
      [one, 11],
    ]);

    // A title written without its flag is not seen as a move: the order stays, the values are
    // read again.
    await retitleUnflagged(accountId, two, 'Aardvark', 50);
    expect((await firstRows()).costs).toEqual([
      [zero, 50],
      [one, 50],
    ]);
    // An edit from the table keeps the order too.
    await owner.client.patch(`/api/tables/restock/data/${zero}`, { cost: 12 }, owner.token);
    expect((await firstRows()).costs).toEqual([
      [zero, 12],
      [one, 50],
    ]);

    // Naming a title, even unchanged, finds the order again: "Aardvark" comes first.
    await t.pool.query('UPDATE products SET title = title WHERE account_id = $1 AND msku = $2', [
      accountId,
      one,
    ]);
    expect((await firstRows()).costs).toEqual([
      [two, 50],
      [zero, 12],
    ]);
    await insertProducts(t.pool, accountId, [{ ...products[0]!, msku: 'NEW-1', title: 'Aaa', cost: 1 }]);
    expect(await firstRows()).toEqual({
      total: 4,
      costs: [
        ['NEW-1', 1],
        [two, 50],
      ],
    });
    await t.pool.query('DELETE FROM products WHERE account_id = $1 AND msku = $2', [accountId, 'NEW-1']);
    expect(await firstRows()).toEqual({
      total: 3,
      costs: [
        [two, 50],
        [zero, 12],
      ],
    });
  });

  it('is counted as moved by a transaction that inserts, deletes or names a title or msku, whatever else it wrote', async () => {
    const { owner, accountId } = await seller(products);
    const msku = products[0]!.msku;
    const lastReorders = async () =>
      (
        await t.pool.query<{ reorders: boolean }>(
          'SELECT reorders FROM product_changes WHERE account_id = $1 ORDER BY xid DESC LIMIT 1',
          [accountId],
        )
      ).rows[0]!.reorders;
    const inTransaction = async (statements: ReadonlyArray<[string, unknown[]]>) => {
      const client = await t.pool.connect();
      try {
        await client.query('BEGIN');
        for (const [text, values] of statements) await client.query(text, values);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    };
    const setCost: [string, unknown[]] = [
      'UPDATE products SET cost = 5 WHERE account_id = $1 AND msku = $2',
      [accountId, msku],
    ];

    expect(await lastReorders()).toBe(true); // inserted
    await owner.client.patch(`/api/tables/restock/data/${msku}`, { cost: 3 }, owner.token);
    expect(await lastReorders()).toBe(false);
    await inTransaction([
      ['UPDATE products SET msku = msku WHERE account_id = $1 AND msku = $2', [accountId, msku]],
    ]);
    expect(await lastReorders()).toBe(true);
    await inTransaction([
      setCost,
      ['DELETE FROM products WHERE account_id = $1 AND msku = $2', [accountId, products[2]!.msku]],
    ]);
    expect(await lastReorders()).toBe(true);
    await inTransaction([['UPDATE products SET title = title WHERE account_id = $1', [accountId]], setCost]);
    expect(await lastReorders()).toBe(true);
    // A later write that moves nothing leaves the transaction's row as it was.
    await inTransaction([
      ["INSERT INTO products (account_id, msku, title) VALUES ($1, 'NEW-2', 'y')", [accountId]],
      setCost,
    ]);
    expect(await lastReorders()).toBe(true);
    await inTransaction([
      [
        `INSERT INTO products (account_id, msku, title) VALUES ($1, $2, 'x')
         ON CONFLICT (account_id, msku) DO UPDATE SET title = products.title`,
        [accountId, msku],
      ],
    ]);
    expect(await lastReorders()).toBe(true);
    // A title write undone with its savepoint leaves the transaction's other writes as they were.
    await inTransaction([
      ['SAVEPOINT retitle', []],
      ['UPDATE products SET title = title WHERE account_id = $1', [accountId]],
      ['ROLLBACK TO SAVEPOINT retitle', []],
      setCost,
    ]);
    expect(await lastReorders()).toBe(false);
  });
});

describe('the checks of kept answers', () => {
  it('sent at once for several accounts, each answer its own account and snapshots, and see every write committed before them', async () => {
    const first = await seller(products);
    const second = await seller(products);
    await t.pool.query(`INSERT INTO account_settings (account_id, calculation_defaults) VALUES ($1, $2)`, [
      second.accountId,
      JSON.stringify({ desiredDays: 45 }),
    ]);
    const before = (await findFirstRowsState(t.db, first.accountId, { answer: null, order: null })).snapshot;
    await t.pool.query('UPDATE products SET cost = 99 WHERE account_id = $1 AND msku = $2', [
      first.accountId,
      products[0]!.msku,
    ]);
    await t.pool.query(`INSERT INTO products (account_id, msku, title) VALUES ($1, 'NEW-ONE', 'New')`, [
      second.accountId,
    ]);
    const checks = [
      { accountId: first.accountId, answer: before, order: before },
      { accountId: second.accountId, answer: before, order: null },
      { accountId: first.accountId, answer: null, order: null },
      { accountId: second.accountId, answer: before, order: before },
      { accountId: first.accountId, answer: before, order: before },
    ];
    const states = await Promise.all(checks.map((check) => findFirstRowsState(t.db, check.accountId, check)));
    expect(states.map(({ changed, reordered }) => ({ changed, reordered }))).toEqual([
      // A cost written since: changed, not moved.
      { changed: true, reordered: false },
      { changed: true, reordered: true },
      { changed: true, reordered: true },
      // A product inserted since: both.
      { changed: true, reordered: true },
      { changed: true, reordered: false },
    ]);
    expect(states.map((state) => state.defaults)).toEqual([
      null,
      { desiredDays: 45 },
      null,
      { desiredDays: 45 },
      null,
    ]);
    // Checked after those writes, a snapshot of now counts nothing as changed, for either account.
    const now = states[2]!.snapshot;
    const again = await Promise.all(
      [first, second].map(({ accountId }) =>
        findFirstRowsState(t.db, accountId, { answer: now, order: now }),
      ),
    );
    expect(again.map(({ changed, reordered }) => ({ changed, reordered }))).toEqual([
      { changed: false, reordered: false },
      { changed: false, reordered: false },
    ]);
  });
});

describe('the change rows and other writes', () => {
  it('refuse to move a product to another account', async () => {
    const { accountId } = await seller(products);
    const other = await accountIdOf(t.pool, (await signUp(t.baseUrl)).email);
    await expect(
      t.pool.query('UPDATE products SET account_id = $2 WHERE account_id = $1', [accountId, other]),
    ).rejects.toThrow('a product cannot move to another account');
    // Naming the column without changing it is a write like any other.
    await t.pool.query('UPDATE products SET account_id = account_id WHERE account_id = $1', [accountId]);
  });

  it('let an account be deleted while a prune of its rows is under way', async () => {
    const { accountId } = await seller(products);
    const pruner = await t.pool.connect();
    const deleter = await t.pool.connect();
    try {
      // A prune's order: the change rows first, then the horizon.
      await pruner.query('BEGIN');
      await pruner.query('DELETE FROM product_changes WHERE account_id = $1', [accountId]);
      const { pid } = (await deleter.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!;
      await deleter.query("SET statement_timeout = '10s'");
      let settled = false;
      const deletion = deleter.query('DELETE FROM accounts WHERE id = $1', [accountId]).then(
        () => null,
        (error: Error) => error,
      );
      void deletion.finally(() => {
        settled = true;
      });
      // The deletion waits for the change rows the prune holds.
      while (!settled) {
        const waiting = await t.pool.query(
          "SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'",
          [pid],
        );
        if (waiting.rowCount) break;
      }
      expect(settled).toBe(false);
      await pruner.query(
        `INSERT INTO product_change_horizons (account_id, horizon, reorder_horizon)
         VALUES ($1, pg_snapshot_xmin(pg_current_snapshot()), pg_snapshot_xmin(pg_current_snapshot()))`,
        [accountId],
      );
      await pruner.query('COMMIT');
      expect(await deletion).toBeNull();
      await deleter.query('RESET statement_timeout');
    } finally {
      pruner.release();
      deleter.release();
    }
    const left = await t.pool.query(
      `SELECT (SELECT count(*) FROM product_changes WHERE account_id = $1)::int AS changes,
         (SELECT count(*) FROM product_change_horizons WHERE account_id = $1)::int AS horizons`,
      [accountId],
    );
    expect(left.rows).toEqual([{ changes: 0, horizons: 0 }]);
  });
});

describe('pruning the change rows', () => {
  it(
    'deletes them past the kept number, and a snapshot older than the horizon counts as changed',
    async () => {
      const { accountId, firstRows } = await seller(products);
      const stateAfter = (snapshot: string | null) =>
        findFirstRowsState(t.db, accountId, { answer: snapshot, order: snapshot });
      const old = (await stateAfter(null)).snapshot;
      for (let write = 0; write <= KEPT_PRODUCT_CHANGES; write++) {
        await t.pool.query('UPDATE products SET cost = $2 WHERE account_id = $1 AND msku = $3', [
          accountId,
          write,
          products[2]!.msku,
        ]);
      }
      await pastOlderTransactions(accountId);
      const now = (await stateAfter(null)).snapshot;
      expect(await changeRows(accountId)).toBeGreaterThan(KEPT_PRODUCT_CHANGES);
      const reorderingRows = async () =>
        Number(
          (
            await t.pool.query('SELECT count(*) FROM product_changes WHERE account_id = $1 AND reorders', [
              accountId,
            ])
          ).rows[0]!.count,
        );
      const inserts = await reorderingRows();
      expect(inserts).toBeGreaterThan(0);
      await pruneProductChanges(t.db, accountId, now);
      // The edits' rows below the snapshot's xmin are gone (any others were still being written
      // then); the reordering rows (the products' insert) are fewer than the kept number, and stay.
      const { rows } = await t.pool.query(
        `SELECT h.horizon = pg_snapshot_xmin($2::pg_snapshot) AS at_xmin, h.reorder_horizon = '0' AS moves_kept,
         (SELECT count(*) FROM product_changes AS c
          WHERE c.account_id = $1 AND c.xid < h.horizon AND NOT c.reorders)::int AS below
       FROM product_change_horizons AS h WHERE h.account_id = $1`,
        [accountId, now],
      );
      expect(rows).toEqual([{ at_xmin: true, moves_kept: true, below: 0 }]);
      expect(await reorderingRows()).toBe(inserts);
      expect(await changeRows(accountId)).toBeLessThan(KEPT_PRODUCT_CHANGES);
      // Below the horizon changes cannot be checked; whether rows moved still can.
      expect(await stateAfter(old)).toMatchObject({ changed: true, reordered: false });
      expect(await stateAfter(now)).toMatchObject({ changed: false, reordered: false });

      // Fewer rows than that: nothing is deleted.
      await t.pool.query('UPDATE products SET cost = 3 WHERE account_id = $1', [accountId]);
      const few = await changeRows(accountId);
      await pruneProductChanges(t.db, accountId, (await stateAfter(null)).snapshot);
      expect(await changeRows(accountId)).toBe(few);
      expect(await stateAfter(now)).toMatchObject({ changed: true, reordered: false });
      expect((await firstRows()).costs).toEqual([
        [products[0]!.msku, 3],
        [products[1]!.msku, 3],
      ]);

      const edit = (cost: number) =>
        t.pool.query('UPDATE products SET cost = $2 WHERE account_id = $1 AND msku = $3', [
          accountId,
          cost,
          products[2]!.msku,
        ]);
      const rename = () =>
        t.pool.query('UPDATE products SET title = title WHERE account_id = $1 AND msku = $2', [
          accountId,
          products[1]!.msku,
        ]);
      const pruneNow = async () => {
        await pastOlderTransactions(accountId);
        const snapshot = (await stateAfter(null)).snapshot;
        await pruneProductChanges(t.db, accountId, snapshot);
        const { rows: horizons } = await t.pool.query(
          `SELECT h.horizon = pg_snapshot_xmin($2::pg_snapshot) AS at_xmin, h.reorder_horizon = h.horizon AS moves_too,
           (SELECT count(*) FROM product_changes AS c WHERE c.account_id = $1 AND c.xid < h.horizon)::int AS below
           FROM product_change_horizons AS h WHERE h.account_id = $1`,
          [accountId, snapshot],
        );
        return { snapshot, ...horizons[0] };
      };

      // A rename the kept snapshot did not see, then edits pruned past it: the rename's row stays,
      // so the order still counts as moved.
      await rename();
      for (let write = 0; write <= KEPT_PRODUCT_CHANGES; write++) await edit(write);
      const past = await pruneNow();
      expect(past).toMatchObject({ at_xmin: true, moves_too: false });
      expect(await reorderingRows()).toBe(inserts + 1);
      expect(await stateAfter(now)).toMatchObject({ changed: true, reordered: true });
      expect(await stateAfter(past.snapshot)).toMatchObject({ changed: false, reordered: false });

      // Both kinds past the kept number go in one prune, which raises both horizons.
      for (let write = 0; write <= KEPT_PRODUCT_CHANGES; write++) {
        await rename();
        await edit(write);
      }
      const both = await pruneNow();
      expect(both).toMatchObject({ at_xmin: true, moves_too: true, below: 0 });
      expect(await reorderingRows()).toBe(0);
      expect(await stateAfter(past.snapshot)).toMatchObject({ changed: true, reordered: true });
      expect(await stateAfter(both.snapshot)).toMatchObject({ changed: false, reordered: false });
    },
    PRUNE_TEST_TIMEOUT,
  );

  it(
    'happens when a first screenful is read again, which stays right',
    async () => {
      const { owner, accountId, firstRows } = await seller(products);
      // Its order is kept across the edits below, which prune below a later snapshot all the same.
      await firstRows();
      for (let write = 0; write <= KEPT_PRODUCT_CHANGES; write++) {
        await owner.client.patch(
          `/api/tables/restock/data/${products[0]!.msku}`,
          { cost: write + 1 },
          owner.token,
        );
      }
      expect(await changeRows(accountId)).toBeGreaterThan(KEPT_PRODUCT_CHANGES);
      await pastOlderTransactions(accountId);
      expect((await firstRows()).costs[0]).toEqual([products[0]!.msku, KEPT_PRODUCT_CHANGES + 1]);
      expect(await changeRows(accountId)).toBeLessThan(KEPT_PRODUCT_CHANGES);
      // The order outlasts the prune: found again, it would put the unflagged title first.
      await retitleUnflagged(accountId, products[2]!.msku, 'Aardvark', 8);
      expect((await firstRows()).costs).toEqual([
        [products[0]!.msku, 8],
        [products[1]!.msku, 8],
      ]);
      await owner.client.patch(`/api/tables/restock/data/${products[0]!.msku}`, { cost: 7 }, owner.token);
      expect((await firstRows()).costs[0]).toEqual([products[0]!.msku, 7]);
    },
    PRUNE_TEST_TIMEOUT,
  );

  it(
    'happens hourly for every account past the kept number, whether or not its table is read',
    async () => {
      const busy = await seller(products);
      const quiet = await seller(products);
      const renamed = await seller(products);
      // The busy table's order, kept across the prune of its edits' rows below.
      await busy.firstRows();
      const write = (accountId: string, cost: number) =>
        t.pool.query('UPDATE products SET cost = $2 WHERE account_id = $1', [accountId, cost]);
      for (let cost = 0; cost <= KEPT_PRODUCT_CHANGES; cost++) await write(busy.accountId, cost);
      await write(quiet.accountId, 1);
      const quietRows = await changeRows(quiet.accountId);
      for (let write = 0; write <= KEPT_PRODUCT_CHANGES; write++) {
        await t.pool.query('UPDATE products SET title = title WHERE account_id = $1', [renamed.accountId]);
      }

      await pastOlderTransactions(renamed.accountId);
      expect(await pruneEveryAccountsProductChanges(t.db)).toBeGreaterThanOrEqual(2);
      expect(await changeRows(busy.accountId)).toBeLessThan(KEPT_PRODUCT_CHANGES);
      expect(await changeRows(quiet.accountId)).toBe(quietRows);
      expect(await changeRows(renamed.accountId)).toBeLessThan(KEPT_PRODUCT_CHANGES);
      const horizons = await t.pool.query(
        `SELECT account_id = $1 AS renamed, reorder_horizon = horizon AS moves_too
         FROM product_change_horizons WHERE account_id IN ($1, $2) ORDER BY 1`,
        [renamed.accountId, busy.accountId],
      );
      expect(horizons.rows).toEqual([
        { renamed: false, moves_too: false },
        { renamed: true, moves_too: true },
      ]);
      // Its order outlasts the prune: found again, it would put the unflagged title first.
      await retitleUnflagged(busy.accountId, products[2]!.msku, 'Aardvark', KEPT_PRODUCT_CHANGES + 1);
      expect((await busy.firstRows()).costs[0]).toEqual([products[0]!.msku, KEPT_PRODUCT_CHANGES + 1]);

      const job = appJobs({ db: t.db, pool: t.pool, now: Date.now, sync: syncDepsOf(t.app) }).find(
        (each) => each.name === 'restock-prune-product-changes',
      );
      expect(job?.schedule).toEqual({ cron: PRUNE_PRODUCT_CHANGES_CRON, data: {} });
      expect(PRUNE_PRODUCT_CHANGES_CRON).toBe('23 * * * *');
    },
    PRUNE_TEST_TIMEOUT,
  );
});

describe('firstMskus', () => {
  it('cuts between rows the collator ties on title and msku in the database msku order, whatever order they came in', async () => {
    const tied = ['sku-3', 'SKU-3', 'Sku-2', 'sku-2', 'SKU-1', 'sku-1'].map((msku, i) => ({
      ...products[0]!,
      msku,
      title: ['Mug', 'mug', 'MUG'][i % 3]!,
    }));
    const { accountId } = await seller([...tied, { ...products[0]!, msku: 'A-1', title: 'Lamp' }]);
    const inMskuOrder = (
      await t.pool.query<{ msku: string }>('SELECT msku FROM products WHERE account_id = $1 ORDER BY msku', [
        accountId,
      ])
    ).rows.map((row) => row.msku);
    const rows = [...tied].reverse().map(({ msku, title }) => ({ msku, title }));
    rows.splice(3, 0, { msku: 'A-1', title: 'Lamp' });
    // The whole table arrives in the database's msku order, and the grid's sort keeps ties in it.
    const table = sortRows(
      [...rows].sort((a, b) => inMskuOrder.indexOf(a.msku) - inMskuOrder.indexOf(b.msku)),
      [],
      RESTOCK_COLUMNS,
    ).map((row) => row.msku);
    for (const limit of [1, 2, 3, 4, 5, 6, 7, 10]) {
      expect(await firstMskus(t.db, accountId, rows, limit)).toEqual(table.slice(0, limit));
    }
  });
});
