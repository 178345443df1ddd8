import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrder } from '../../core/buy-list/schemas';
import { sellingProduct } from '../security/seller-accounts';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertManyProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';

/*
 * Rebuilding a supplier's draft while it is marked ordered: whatever the timing, the units the
 * order says were ordered are exactly what Ordered rose by, and the order keeps the lines it was
 * placed with. The two requests are sent many times with varied offsets, each first in turn.
 */

const PRODUCTS = 1500;
const OFFSETS_MS = [0, 0, 2, 5, 10, 15, 20, 30, 40, 60];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function orderedTotals(accountId: string, orderId: string) {
  const { rows } = await t.pool.query<{ status: string; units: number }>(
    `SELECT o.status, coalesce(sum(l.quantity), 0)::bigint AS units
     FROM purchase_orders o LEFT JOIN purchase_order_lines l ON l.purchase_order_id = o.id
     WHERE o.id = $1 AND o.account_id = $2 GROUP BY o.id`,
    [orderId, accountId],
  );
  return rows[0]!;
}

const orderedSum = async (accountId: string) =>
  Number(
    (
      await t.pool.query<{ sum: string }>(
        'SELECT coalesce(sum(quantity_already_ordered), 0) AS sum FROM products WHERE account_id = $1',
        [accountId],
      )
    ).rows[0]!.sum,
  );

describe('a draft rebuilt while it is marked ordered', () => {
  it.each(OFFSETS_MS.map((offset, i) => ({ offset, markFirst: i % 2 === 0 })))(
    'keeps ordered units equal to the rise of Ordered (offset $offset ms, mark first: $markFirst)',
    { timeout: 60_000 },
    async ({ offset, markFirst }) => {
      const owner = await signUp(t.baseUrl);
      const accountId = await accountIdOf(t.pool, owner.email);
      await insertManyProducts(
        t.pool,
        accountId,
        Array.from({ length: PRODUCTS }, (_, i) => sellingProduct(`R-${i}`, { supplier: 'Racer' })),
      );
      const draft = await owner.client.post<PurchaseOrder>(
        '/api/purchase-orders',
        { supplier: 'Racer' },
        owner.token,
      );
      expect(draft.status).toBe(201);
      // The rebuild would now make different lines (50 each instead of 30).
      await t.pool.query('UPDATE products SET order_quantity = 50 WHERE account_id = $1', [accountId]);
      const before = await orderedSum(accountId);

      const mark = () =>
        owner.client.patch(`/api/purchase-orders/${draft.body.id}`, { status: 'ordered' }, owner.token);
      const rebuild = () =>
        owner.client.post<PurchaseOrder>('/api/purchase-orders', { supplier: 'Racer' }, owner.token);
      const [first, second] = markFirst ? [mark, rebuild] : [rebuild, mark];
      const firstAnswer = first();
      await sleep(offset);
      const answers = await Promise.all([firstAnswer, second()]);
      for (const answer of answers) expect([200, 201, 409]).toContain(answer.status);

      const placed = await orderedTotals(accountId, draft.body.id);
      expect(placed.status).toBe('ordered');
      const rise = (await orderedSum(accountId)) - before;
      expect(Number(placed.units)).toBe(rise);
      // Every line of the placed order was counted once: 30 each (placed first) or 50 (rebuilt first).
      expect([PRODUCTS * 30, PRODUCTS * 50]).toContain(rise);
      // Whatever was rebuilt after placing is a new draft of the products still flagged: none.
      const { rows: drafts } = await t.pool.query(
        "SELECT id FROM purchase_orders WHERE account_id = $1 AND status = 'draft'",
        [accountId],
      );
      expect(drafts).toEqual([]);
    },
  );
});
