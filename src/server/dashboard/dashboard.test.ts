import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../core/dashboard/api';
import { type DashboardRow, summarizeStock } from '../../core/dashboard/summary';
import type { Product } from '../../core/product-fields/fields';
import { demoProducts } from '../../core/restock/demo-products';
import { urgencyOf } from '../../core/restock/urgency';
import { addMemberAndLogIn, signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// 1 unit a day; 7 + 3 + 10 lead days; 30 desired days: 50 days to cover.
const selling = (msku: string, stock: number, overrides: Partial<Product> = {}): Product => ({
  ...demoProducts(1)[0]!,
  msku,
  title: `Product ${msku}`,
  supplier: 'Acme',
  cost: 2,
  sales_last_30_days: 30,
  days_in_stock_of_last_30: 30,
  fba_quantity: stock,
  inbound_quantity: 0,
  local_inventory_quantity: 0,
  quantity_already_ordered: 0,
  seasonality_multiplier: 1,
  order_lead_time: 7,
  prep_lead_time: 3,
  amz_lead_time: 10,
  desired_days_of_inventory: 30,
  case_pack: null,
  moq: null,
  currency: null,
  marketplace: null,
  ...overrides,
});

async function ownerWith(products: Product[]) {
  const owner = await signUp(t.baseUrl);
  if (products.length > 0) await insertProducts(t.pool, await accountIdOf(t.pool, owner.email), products);
  return owner;
}

describe('GET /api/dashboard', () => {
  it('counts hand-built products by urgency and prices what to buy', async () => {
    const owner = await ownerWith([
      selling('OUT', 0, { replen: true }),
      selling('SOON', 10),
      selling('FINE', 45),
      selling('PLENTY', 300),
    ]);
    const response = await owner.client.get<Dashboard>('/api/dashboard', owner.token);
    expect(response.status).toBe(200);
    const dashboard = response.body;
    expect(dashboard).toMatchObject({ productCount: 4, outOfStock: 1, runsOutBeforeArrival: 1 });
    // OUT buys 50, SOON 40, FINE 5, at 2 each.
    expect(dashboard.reorder).toEqual({ count: 3, spend: [{ currency: 'USD', amount: 190 }], unpriced: 0 });
    expect(dashboard.mostUrgent.map((product) => product.msku)).toEqual(['OUT', 'SOON', 'FINE']);
    expect(dashboard.openOrders).toEqual({ count: 0, units: 0, value: 0, unpricedLines: 0 });
    expect(dashboard.lastImportAt).toBeNull();
    expect(dashboard.lastSyncAt).toBeNull();
  });

  it('says when the last marketplace sync that finished every step ended, not a failed one', async () => {
    const owner = await ownerWith([selling('SYNCED', 20)]);
    const accountId = await accountIdOf(t.pool, owner.email);
    const finished = new Date('2026-11-20T08:30:00Z');
    await t.pool.query(
      `INSERT INTO marketplace_syncs (account_id, trigger, state, steps, finished_at)
       VALUES ($1, 'manual', 'done', '[]', $2), ($1, 'manual', 'failed', '[]', $3)`,
      [accountId, finished, new Date(finished.getTime() + 3_600_000)],
    );
    const response = await owner.client.get<Dashboard>('/api/dashboard', owner.token);
    expect(response.body.lastSyncAt).toBe(finished.toISOString());
  });

  it('agrees with the restock table rows the same account reads', async () => {
    const owner = await ownerWith(demoProducts(80, 3));
    const [dashboard, rows] = await Promise.all([
      owner.client.get<Dashboard>('/api/dashboard', owner.token),
      owner.client.get<DashboardRow[]>('/api/tables/restock/data', owner.token),
    ]);
    const {
      today,
      openOrders: _o,
      lastImportAt: _i,
      lastHistoryAt: _h,
      lastSyncAt: _s,
      ...stock
    } = dashboard.body;
    expect(stock).toEqual(summarizeStock(rows.body, today));
    // And by plain counting over the table's rows.
    expect(dashboard.body.outOfStock).toBe(rows.body.filter((row) => row.total_quantity <= 0).length);
    expect(dashboard.body.runsOutBeforeArrival).toBe(
      rows.body.filter((row) => urgencyOf(row, today) === 'before_lead_time').length,
    );
    expect(dashboard.body.reorder.count).toBe(
      rows.body.filter((row) => row.recommended_buy_quantity > 0).length,
    );
  });

  it('sums open purchase orders (drafts and placed, not received)', async () => {
    const owner = await ownerWith([
      selling('A', 0, { replen: true }),
      selling('B', 0, { replen: true, supplier: 'Globex' }),
    ]);
    const a = await owner.client.post<{ id: string }>(
      '/api/purchase-orders',
      { supplier: 'Acme' },
      owner.token,
    );
    const b = await owner.client.post<{ id: string }>(
      '/api/purchase-orders',
      { supplier: 'Globex' },
      owner.token,
    );
    expect([a.status, b.status]).toEqual([201, 201]);
    const open = await owner.client.get<Dashboard>('/api/dashboard', owner.token);
    expect(open.body.openOrders).toEqual({ count: 2, units: 100, value: 200, unpricedLines: 0 });
    await owner.client.patch(`/api/purchase-orders/${b.body.id}`, { status: 'ordered' }, owner.token);
    await owner.client.patch(`/api/purchase-orders/${b.body.id}`, { status: 'received' }, owner.token);
    const after = await owner.client.get<Dashboard>('/api/dashboard', owner.token);
    expect(after.body.openOrders).toEqual({ count: 1, units: 50, value: 100, unpricedLines: 0 });
  });

  it('answers zeros for an empty account and keeps accounts apart', async () => {
    await ownerWith([selling('OTHER', 0)]);
    const empty = await ownerWith([]);
    const response = await empty.client.get<Dashboard>('/api/dashboard', empty.token);
    expect(response.body).toMatchObject({ productCount: 0, outOfStock: 0, mostUrgent: [] });
    expect(response.body.openOrders.count).toBe(0);
  });

  it('needs a signed-in user with view access to the restock table', async () => {
    const owner = await ownerWith([]);
    expect((await owner.client.get('/api/dashboard')).status).toBe(401);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    expect((await member.client.get('/api/dashboard', member.token)).status).toBe(200);
    await owner.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { 'buy-list': 2 } },
      owner.token,
    );
    expect((await member.client.get('/api/dashboard', member.token)).status).toBe(403);
  });
});
