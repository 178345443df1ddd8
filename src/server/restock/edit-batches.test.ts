import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../core/product-fields/fields';
import { demoProducts } from '../../core/restock/demo-products';
import { postgresErrorCode } from '../db/errors';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { type FieldEdit, updateProductField } from './queries';

// Edits that arrive while another is being written go to the database together (decision 019).
// Called at once here, the first edit goes alone and every later one waits for it, so the rest
// share the second batch, in one transaction.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const products = (count: number): Product[] =>
  demoProducts(count, 11).map((product, index) => ({ ...product, msku: `SAME-${index}`, cost: 10 }));

async function sellerWith(count: number) {
  const seller = await signUp(t.baseUrl);
  const accountId = await accountIdOf(t.pool, seller.email);
  await insertProducts(t.pool, accountId, products(count));
  return { ...seller, accountId };
}

const costEdit = (accountId: string, msku: string, cost: number, expectedVersion: number | null = null) =>
  ({ accountId, msku, field: 'cost', value: cost, expectedVersion }) satisfies FieldEdit;

/** The transaction each product's current row was written by. */
async function writersOf(accountId: string): Promise<Map<string, string>> {
  const result = await t.pool.query<{ msku: string; xmin: string }>(
    'SELECT msku, xmin::text FROM products WHERE account_id = $1',
    [accountId],
  );
  return new Map(result.rows.map((row) => [row.msku, row.xmin]));
}

describe('edits written together', () => {
  it("write each edit to its own account's product, even where two accounts share an msku", async () => {
    const one = await sellerWith(6);
    const other = await sellerWith(6);
    const edits = [0, 1, 2, 3, 4, 5].flatMap((index) => [
      costEdit(one.accountId, `SAME-${index}`, 1 + index),
      costEdit(other.accountId, `SAME-${index}`, 100 + index),
    ]);
    const results = await Promise.all(edits.map((edit) => updateProductField(t.db, edit)));
    results.forEach((result, index) => {
      expect(result).toMatchObject({
        outcome: 'updated',
        product: { msku: edits[index]!.msku, cost: edits[index]!.value, version: 2 },
      });
    });
    // All but the first went in one transaction.
    const writers = [
      ...(await writersOf(one.accountId)).values(),
      ...(await writersOf(other.accountId)).values(),
    ];
    expect(new Set(writers).size).toBe(2);
    const stored = await t.pool.query<{ account_id: string; msku: string; cost: number }>(
      'SELECT account_id, msku, cost FROM products WHERE account_id = ANY($1::uuid[])',
      [[one.accountId, other.accountId]],
    );
    for (const row of stored.rows) {
      const index = Number(row.msku.split('-')[1]);
      expect(row.cost).toBe(row.account_id === one.accountId ? 1 + index : 100 + index);
    }
  });

  it("answer not found for an msku only another account has, and leave that account's product alone", async () => {
    const owner = await sellerWith(2);
    const stranger = await signUp(t.baseUrl);
    const strangerAccount = await accountIdOf(t.pool, stranger.email);
    const [first, mine, theirs] = await Promise.all([
      updateProductField(t.db, costEdit(owner.accountId, 'SAME-0', 20)),
      updateProductField(t.db, costEdit(owner.accountId, 'SAME-1', 21)),
      updateProductField(t.db, costEdit(strangerAccount, 'SAME-1', 0.01)),
    ]);
    expect(first.outcome).toBe('updated');
    expect(mine).toMatchObject({ outcome: 'updated', product: { cost: 21 } });
    expect(theirs).toEqual({ outcome: 'not-found' });
    const stored = await t.pool.query(
      'SELECT cost, version FROM products WHERE account_id = $1 AND msku = $2',
      [owner.accountId, 'SAME-1'],
    );
    expect(stored.rows[0]).toEqual({ cost: 21, version: 2 });
  });

  it('write two edits of one product one after the other, so a stale If-Match still answers stale', async () => {
    const owner = await sellerWith(1);
    const [first, second, unconditional] = await Promise.all([
      updateProductField(t.db, costEdit(owner.accountId, 'SAME-0', 30, 1)),
      updateProductField(t.db, costEdit(owner.accountId, 'SAME-0', 31, 1)),
      updateProductField(t.db, costEdit(owner.accountId, 'SAME-0', 32)),
    ]);
    expect(first).toMatchObject({ outcome: 'updated', product: { cost: 30, version: 2 } });
    // The stale answer carries the row as it is now: the first edit's, or already the third's.
    expect(second.outcome).toBe('stale');
    const fresh = second.outcome === 'stale' ? second.product : null;
    expect([fresh?.version, fresh?.cost]).toEqual(fresh?.version === 2 ? [2, 30] : [3, 32]);
    expect(unconditional).toMatchObject({ outcome: 'updated', product: { cost: 32, version: 3 } });
  });

  it('fail only the edit the database refuses, and write the others of its batch alone', async () => {
    const owner = await sellerWith(4);
    const supplier = (msku: string, value: string) =>
      ({
        accountId: owner.accountId,
        msku,
        field: 'supplier',
        value,
        expectedVersion: null,
      }) satisfies FieldEdit;
    const results = await Promise.allSettled([
      updateProductField(t.db, supplier('SAME-0', 'First')),
      updateProductField(t.db, supplier('SAME-1', 'Acme')),
      // PostgreSQL refuses NUL in text. The route's rules refuse it before; here the batch's
      // statement fails, and each of its edits is written in a statement of its own.
      updateProductField(t.db, supplier('SAME-2', 'Bad\u0000Name')),
      updateProductField(t.db, supplier('SAME-3', 'Globex')),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(postgresErrorCode((results[2] as PromiseRejectedResult).reason)).toBe('22021');
    const stored = await t.pool.query<{ msku: string; supplier: string | null; version: number }>(
      'SELECT msku, supplier, version FROM products WHERE account_id = $1 ORDER BY msku',
      [owner.accountId],
    );
    expect(stored.rows.map((row) => [row.msku, row.supplier, row.version])).toEqual([
      ['SAME-0', 'First', 2],
      ['SAME-1', 'Acme', 2],
      ['SAME-2', products(4)[2]!.supplier, 1],
      ['SAME-3', 'Globex', 2],
    ]);
  });

  it('answer every PATCH sent at once with its own row, for sellers of two accounts', async () => {
    const one = await sellerWith(20);
    const other = await sellerWith(20);
    const sent = Array.from({ length: 20 }, (_, index) =>
      [one, other].map((seller, which) =>
        seller.client
          .patch<{ id: string; cost: number }>(
            `/api/tables/restock/data/SAME-${index}`,
            { cost: which * 100 + index },
            seller.token,
          )
          .then((response) => ({ which, index, response })),
      ),
    ).flat();
    for (const { which, index, response } of await Promise.all(sent)) {
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: `SAME-${index}`, cost: which * 100 + index });
    }
    for (const [which, seller] of [one, other].entries()) {
      const table = await seller.client.get<Array<{ id: string; cost: number }>>(
        '/api/tables/restock/data',
        seller.token,
      );
      for (const row of table.body) expect(row.cost).toBe(which * 100 + Number(row.id.split('-')[1]));
    }
  });

  it("write the other edits of a batch at once while another transaction holds one edit's product", async () => {
    const held = await sellerWith(1);
    const other = await sellerWith(3);
    const holder = await t.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM products WHERE account_id = $1 FOR UPDATE', [held.accountId]);
      const first = updateProductField(t.db, costEdit(other.accountId, 'SAME-0', 50));
      const waiting = updateProductField(t.db, costEdit(held.accountId, 'SAME-0', 51));
      const others = [1, 2].map((index) =>
        updateProductField(t.db, costEdit(other.accountId, `SAME-${index}`, 50)),
      );
      await expect(Promise.all([first, ...others])).resolves.toMatchObject([
        { outcome: 'updated' },
        { outcome: 'updated' },
        { outcome: 'updated' },
      ]);
      // The held product's edit waits, alone, for its row.
      await vi.waitFor(async () => {
        const waits = await t.pool.query(
          "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        expect(waits.rowCount).toBe(1);
      });
      await holder.query('COMMIT');
      await expect(waiting).resolves.toMatchObject({ outcome: 'updated', product: { cost: 51, version: 2 } });
    } finally {
      holder.release();
    }
  });
});
