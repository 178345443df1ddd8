import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseOrder, PurchaseOrderSummary } from '../../core/buy-list/schemas';
import { MAX_QUANTITY, type Product } from '../../core/product-fields/fields';
import { sellingProduct } from '../security/seller-accounts';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertManyProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function ownerWith(products: Product[]) {
  const owner = await signUp(t.baseUrl);
  const accountId = await accountIdOf(t.pool, owner.email);
  await insertManyProducts(t.pool, accountId, products);
  return { ...owner, accountId };
}

describe('quantities at the edge of what PostgreSQL integers hold', () => {
  it('caps a recommendation of 5,000,000,000 at the largest order quantity, and the order is made', async () => {
    // Inside every import limit: 2,147,483,647 sold in 30 days, 75 days to cover → 5.4 billion.
    const huge = sellingProduct('HUGE-1', {
      supplier: 'Big',
      sales_last_30_days: MAX_QUANTITY,
      desired_days_of_inventory: 55,
      cost: 1_000_000_000,
    });
    const owner = await ownerWith([huge]);
    const row = await owner.client.get<{ recommended_buy_quantity: number; total_spend: number }>(
      '/api/tables/restock/data/HUGE-1',
      owner.token,
    );
    expect(row.status).toBe(200);
    expect(row.body.recommended_buy_quantity).toBe(MAX_QUANTITY);
    const created = await owner.client.post<PurchaseOrder>(
      '/api/purchase-orders',
      { supplier: 'Big' },
      owner.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.units).toBe(MAX_QUANTITY);
    const marked = await owner.client.patch(
      `/api/purchase-orders/${created.body.id}`,
      { status: 'ordered' },
      owner.token,
    );
    expect(marked.status).toBe(200);
    expect((await owner.client.get('/api/purchase-orders', owner.token)).status).toBe(200);
  });

  it('lists orders whose lines add up past 2,147,483,647 units with their true totals', async () => {
    const owner = await ownerWith([
      sellingProduct('MAX-1', { supplier: 'Max' }),
      sellingProduct('MAX-2', { supplier: 'Max' }),
    ]);
    for (const msku of ['MAX-1', 'MAX-2']) {
      const set = await owner.client.patch(
        `/api/buy-list/${msku}`,
        { orderQuantity: MAX_QUANTITY },
        owner.token,
      );
      expect(set.status).toBe(200);
    }
    const buyList = await owner.client.get<{ units: number }>('/api/buy-list', owner.token);
    expect(buyList.body.units).toBe(2 * MAX_QUANTITY);
    const created = await owner.client.post<PurchaseOrder>(
      '/api/purchase-orders',
      { supplier: 'Max' },
      owner.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.units).toBe(2 * MAX_QUANTITY);
    expect(created.body.total).toBe(2 * MAX_QUANTITY * 10);
    const list = await owner.client.get<{ purchaseOrders: PurchaseOrderSummary[] }>(
      '/api/purchase-orders',
      owner.token,
    );
    expect(list.status).toBe(200);
    expect(list.body.purchaseOrders[0]).toMatchObject({
      units: 2 * MAX_QUANTITY,
      total: 2 * MAX_QUANTITY * 10,
    });
    for (const format of ['csv', 'xlsx']) {
      const exported = await owner.client.get(
        `/api/purchase-orders/${created.body.id}/export.${format}`,
        owner.token,
      );
      expect(exported.status).toBe(200);
    }
    // Ordered stops at the integer limit instead of failing the order.
    const marked = await owner.client.patch(
      `/api/purchase-orders/${created.body.id}`,
      { status: 'ordered' },
      owner.token,
    );
    expect(marked.status).toBe(200);
  });

  it.each([MAX_QUANTITY + 1, 5_000_000_000, 1e300, -1, 1.5])(
    'refuses an order quantity of %j with 400',
    async (quantity) => {
      const owner = await ownerWith([sellingProduct('Q-1')]);
      const response = await owner.client.patch(
        '/api/buy-list/Q-1',
        { orderQuantity: quantity },
        owner.token,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^orderQuantity must/);
    },
  );
});
