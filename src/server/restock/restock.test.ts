import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../core/product-fields/fields';
import { BUILT_IN_DEFAULTS } from '../../core/restock/calculation-defaults';
import { RESTOCK_COLUMNS } from '../../core/restock/columns';
import { demoProducts } from '../../core/restock/demo-products';
import { deriveFields } from '../../core/restock/engine';
import { sortRows } from '../../core/restock/grid-sort';
import { addMemberAndLogIn, signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { CACHED_TABLE_PRODUCTS } from './answer-cache';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Row = Product & {
  id: string;
  version: number;
  roi: number | null;
  total_spend: number | null;
  recommended_buy_quantity: number;
};

const widget: Product = {
  ...demoProducts(1)[0]!,
  msku: 'WIDGET-1',
  asin: 'B000WIDGET',
  title: 'Blue Widget',
  cost: 10,
  buy_box_price: 25,
  your_price: 24,
  sales_last_30_days: 30,
  days_in_stock_of_last_30: 30,
  fba_quantity: 20,
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
};

async function ownerWithProducts(products: Product[] = [widget]) {
  const owner = await signUp(t.baseUrl);
  await insertProducts(t.pool, await accountIdOf(t.pool, owner.email), products);
  return owner;
}

describe('GET /api/tables/restock/data', () => {
  it('answers every row with its stored and derived fields and id = msku, to the cent', async () => {
    const products = demoProducts(25, 7);
    const owner = await ownerWithProducts(products);
    const response = await owner.client.get<Row[]>('/api/tables/restock/data', owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(25);
    for (const product of products) {
      const row = response.body.find((candidate) => candidate.id === product.msku)!;
      expect(row).toMatchObject({ ...product, ...deriveFields(product, BUILT_IN_DEFAULTS) });
    }
  });

  it('uses the account calculation defaults for blank lead times', async () => {
    const owner = await ownerWithProducts([{ ...widget, order_lead_time: null }]);
    const before = await owner.client.get<Row[]>('/api/tables/restock/data', owner.token);
    // 1/day × (7+3+10+30) − 20 = 30
    expect(before.body[0]!.recommended_buy_quantity).toBe(30);
    await owner.client.put(
      '/api/settings/calculations',
      { ...BUILT_IN_DEFAULTS, order_lead_time: 17 },
      owner.token,
    );
    const after = await owner.client.get<Row[]>('/api/tables/restock/data', owner.token);
    expect(after.body[0]!.recommended_buy_quantity).toBe(40);
  });

  it('shows every write in the next read, though it keeps the serialised answer between reads', async () => {
    const owner = await ownerWithProducts();
    const accountId = await accountIdOf(t.pool, owner.email);
    const read = async () => {
      const rows = (await owner.client.get<Row[]>('/api/tables/restock/data', owner.token)).body;
      const compact = await owner.client.get<{ keys: string[]; rows: unknown[][] }>(
        '/api/tables/restock/data?shape=columns',
        owner.token,
      );
      const cost = compact.body.keys.indexOf('cost');
      expect(compact.body.rows.map((values) => values[cost])).toEqual(rows.map((row) => row.cost));
      return rows;
    };
    expect((await read()).map((row) => row.cost)).toEqual([10]);
    await owner.client.patch('/api/tables/restock/data/WIDGET-1', { cost: 11 }, owner.token);
    expect((await read()).map((row) => row.cost)).toEqual([11]);
    await insertProducts(t.pool, accountId, [{ ...widget, msku: 'WIDGET-2', cost: 3 }]);
    expect((await read()).map((row) => row.cost)).toEqual([11, 3]);
    // A product deleted and another created with the same version: the count and versions match.
    await t.pool.query("DELETE FROM products WHERE account_id = $1 AND msku = 'WIDGET-2'", [accountId]);
    await insertProducts(t.pool, accountId, [{ ...widget, msku: 'WIDGET-3', cost: 4 }]);
    expect((await read()).map((row) => row.id)).toEqual(['WIDGET-1', 'WIDGET-3']);
  });

  it('shows a write that was under way while the kept answer was read, once it commits', async () => {
    const owner = await ownerWithProducts();
    const accountId = await accountIdOf(t.pool, owner.email);
    const costs = async () =>
      (await owner.client.get<Row[]>('/api/tables/restock/data', owner.token)).body.map((row) => row.cost);
    const writer = await t.pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query("UPDATE products SET cost = 13 WHERE account_id = $1 AND msku = 'WIDGET-1'", [
        accountId,
      ]);
      // Read and kept while the write is not committed: the answer cannot hold it.
      expect(await costs()).toEqual([10]);
      expect(await costs()).toEqual([10]);
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    expect(await costs()).toEqual([13]);
  });

  it("never shows another account's rows", async () => {
    await ownerWithProducts([{ ...widget, msku: 'SECRET-1' }]);
    const other = await signUp(t.baseUrl);
    const response = await other.client.get<Row[]>('/api/tables/restock/data', other.token);
    expect(response.body).toEqual([]);
  });

  it('answers 401 anonymous and 404 for an unknown table', async () => {
    const owner = await signUp(t.baseUrl);
    expect((await owner.client.get('/api/tables/restock/data')).status).toBe(401);
    const unknown = await owner.client.get('/api/tables/nope/data', owner.token);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Unknown table "nope"' } });
  });
});

describe('PATCH /api/tables/restock/data/:id', () => {
  it('changes one field and answers the recomputed row with a new ETag', async () => {
    const owner = await ownerWithProducts();
    const response = await owner.client.patch<Row>(
      '/api/tables/restock/data/WIDGET-1',
      { cost: 12.5 },
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.cost).toBe(12.5);
    expect(response.body.roi).toBeCloseTo((25 - 12.5) / 12.5, 6);
    expect(response.body.total_spend).toBe(30 * 12.5);
    expect(response.headers.get('etag')).toBe('"2"');
    const reread = await owner.client.get<Row>('/api/tables/restock/data/WIDGET-1', owner.token);
    expect(reread.body.cost).toBe(12.5);
  });

  it.each([
    [{ title: 'x' }, 'title is not an editable field'],
    [{ nope: 1 }, 'nope is not an editable field'],
    [{ cost: 1, supplier: 'a' }, 'Send exactly one field to change'],
    [{}, 'Send exactly one field to change'],
    [{ cost: -1 }, /Your Cost/],
    [{ cost: '12' }, /Your Cost/],
    [{ replen: 'yes' }, 'Replen must be true or false'],
  ])('refuses %j with a 400 and changes nothing', async (body, message) => {
    const owner = await ownerWithProducts();
    const response = await owner.client.patch('/api/tables/restock/data/WIDGET-1', body, owner.token);
    expect(response.status).toBe(400);
    expect(String(response.body.message)).toMatch(message);
    const reread = await owner.client.get<Row>('/api/tables/restock/data/WIDGET-1', owner.token);
    expect(reread.body.version).toBe(1);
  });

  it("answers 404 for another account's msku and leaves it unchanged", async () => {
    const victim = await ownerWithProducts();
    const attacker = await signUp(t.baseUrl);
    const response = await attacker.client.patch(
      '/api/tables/restock/data/WIDGET-1',
      { cost: 0.01 },
      attacker.token,
    );
    expect(response).toMatchObject({ status: 404, body: { message: 'Product not found' } });
    expect((await attacker.client.get('/api/tables/restock/data/WIDGET-1', attacker.token)).status).toBe(404);
    const row = await victim.client.get<Row>('/api/tables/restock/data/WIDGET-1', victim.token);
    expect(row.body.cost).toBe(10);
  });

  it('refuses a view-only member with 403 and lets a member with Can Edit change it', async () => {
    const owner = await ownerWithProducts();
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    expect((await member.client.get('/api/tables/restock/data', member.token)).status).toBe(200);
    const refused = await member.client.patch(
      '/api/tables/restock/data/WIDGET-1',
      { cost: 11 },
      member.token,
    );
    expect(refused.status).toBe(403);
    await owner.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { restock: 2, 'restock.edit': 2 } },
      owner.token,
    );
    const allowed = await member.client.patch(
      '/api/tables/restock/data/WIDGET-1',
      { cost: 11 },
      member.token,
    );
    expect(allowed.status).toBe(200);
  });

  it('refuses a stale If-Match with 412 and the fresh row, so nobody overwrites silently', async () => {
    const owner = await ownerWithProducts();
    const first = await owner.client.request<Row>('PATCH', '/api/tables/restock/data/WIDGET-1', {
      body: { supplier: 'Alpha' },
      token: owner.token,
      headers: { 'if-match': '"1"' },
    });
    expect(first.status).toBe(200);
    const second = await owner.client.request<{ message: string; row: Row }>(
      'PATCH',
      '/api/tables/restock/data/WIDGET-1',
      {
        body: { supplier: 'Beta' },
        token: owner.token,
        headers: { 'if-match': '"1"' },
      },
    );
    expect(second.status).toBe(412);
    expect(second.body.message).toMatch(/Someone else changed this product/);
    expect(second.body.row.supplier).toBe('Alpha');
    expect(second.headers.get('etag')).toBe('"2"');
    const bad = await owner.client.request('PATCH', '/api/tables/restock/data/WIDGET-1', {
      body: { supplier: 'Gamma' },
      token: owner.token,
      headers: { 'if-match': 'nonsense' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('the column endpoints', () => {
  it('answer every column in the default order until the user saves an order', async () => {
    const owner = await signUp(t.baseUrl);
    const columns = await owner.client.get<Array<{ key: string }>>(
      '/api/tables/restock/columns',
      owner.token,
    );
    expect(columns.body.map((c) => c.key)).toEqual(RESTOCK_COLUMNS.map((c) => c.key));
    expect(columns.body[0]).toMatchObject({ key: 'product', frozen: true, width: 300, editable: false });
  });

  it('save an order per user: product stays first, another user keeps the default', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const saved = await owner.client.patch<Array<{ key: string }>>(
      '/api/tables/restock/columns',
      { order: ['cost', 'supplier', 'product'] },
      owner.token,
    );
    expect(saved.body.map((c) => c.key)).toEqual(['product', 'cost', 'supplier']);
    const reread = await owner.client.get<Array<{ key: string }>>('/api/tables/restock/columns', owner.token);
    expect(reread.body.map((c) => c.key)).toEqual(['product', 'cost', 'supplier']);
    const memberColumns = await member.client.get<Array<{ key: string }>>(
      '/api/tables/restock/columns',
      member.token,
    );
    expect(memberColumns.body).toHaveLength(RESTOCK_COLUMNS.length);
  });

  it.each([
    [{ order: ['cost', 'bogus'] }, 'Unknown column "bogus"'],
    [{ order: ['cost', 'cost'] }, 'order lists a column twice'],
    [{ order: 'cost' }, 'order must be a list of column keys'],
    [{}, 'order is required'],
  ])('refuse %j with a 400', async (body, message) => {
    const owner = await signUp(t.baseUrl);
    const response = await owner.client.patch('/api/tables/restock/columns', body, owner.token);
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  it('the column picker reads headers and saves the visible selection, which the table then shows', async () => {
    const owner = await signUp(t.baseUrl);
    const headers = await owner.client.get<string[]>('/api/dynamic/column-headers', owner.token);
    expect(headers.body).toContain('recommended_buy_quantity');
    const saved = await owner.client.post(
      '/api/save-column-picker',
      { selectedItems: ['roi', 'cost'] },
      owner.token,
    );
    expect(saved.body).toEqual({ selectedItems: ['product', 'roi', 'cost'] });
    const picker = await owner.client.get('/api/dynamic/column-picker', owner.token);
    expect(picker.body).toEqual({ selectedItems: ['product', 'roi', 'cost'] });
    const columns = await owner.client.get<Array<{ key: string }>>(
      '/api/tables/restock/columns',
      owner.token,
    );
    expect(columns.body.map((c) => c.key)).toEqual(['product', 'roi', 'cost']);
  });

  it('a view-only member cannot save the column picker', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const response = await member.client.post(
      '/api/save-column-picker',
      { selectedItems: ['roi'] },
      member.token,
    );
    expect(response.status).toBe(403);
  });
});

describe('the compact answer of GET /api/tables/restock/data?shape=columns', () => {
  it('holds the same rows as the default answer, as key list and value arrays', async () => {
    const owner = await ownerWithProducts(demoProducts(12, 3));
    const rows = await owner.client.get<Row[]>('/api/tables/restock/data', owner.token);
    const compact = await owner.client.get<{ keys: string[]; rows: unknown[][] }>(
      '/api/tables/restock/data?shape=columns',
      owner.token,
    );
    const rebuilt = compact.body.rows.map((values) =>
      Object.fromEntries(compact.body.keys.map((key, i) => [key, values[i]])),
    );
    expect(rebuilt).toEqual(rows.body);
    const bad = await owner.client.get('/api/tables/restock/data?shape=xml', owner.token);
    expect(bad).toMatchObject({ status: 400, body: { message: 'shape must be rows or columns' } });
  });
});

describe('the compact answer kept per row between reads', () => {
  type Compact = { keys: string[]; rows: unknown[][] };
  const readCompact = async (owner: Awaited<ReturnType<typeof ownerWithProducts>>) => {
    const compact = (await owner.client.get<Compact>('/api/tables/restock/data?shape=columns', owner.token))
      .body;
    return compact.rows.map((values) => Object.fromEntries(compact.keys.map((key, i) => [key, values[i]])));
  };

  it('shows a changed forecast, a product deleted and created again at the same version, and new defaults', async () => {
    const owner = await ownerWithProducts([widget, { ...widget, msku: 'WIDGET-2', cost: 3 }]);
    const accountId = await accountIdOf(t.pool, owner.email);
    const before = await readCompact(owner);
    expect(before.map((row) => [row.id, row.rate_source])).toEqual([
      ['WIDGET-1', 'sales_last_30_days'],
      ['WIDGET-2', 'sales_last_30_days'],
    ]);

    // A forecast written, then rewritten: the row that reads it changes each time, the other not.
    await t.pool.query(
      `INSERT INTO forecasts (account_id, msku, daily_rate, method, last_day)
       VALUES ($1, 'WIDGET-1', 2.5, 'test', current_date)`,
      [accountId],
    );
    const forecast = await readCompact(owner);
    expect(forecast[0]).toMatchObject({ forecast_daily_rate: 2.5, daily_rate: 2.5, rate_source: 'history' });
    expect(forecast[1]).toEqual(before[1]);
    await t.pool.query(
      "UPDATE forecasts SET daily_rate = 4, computed_at = now() WHERE account_id = $1 AND msku = 'WIDGET-1'",
      [accountId],
    );
    expect((await readCompact(owner))[0]).toMatchObject({ forecast_daily_rate: 4, velocity: 4 });
    await t.pool.query("DELETE FROM forecasts WHERE account_id = $1 AND msku = 'WIDGET-1'", [accountId]);
    expect(await readCompact(owner)).toEqual(before);

    // Deleted and created again with another cost: same msku, same version.
    await t.pool.query("DELETE FROM products WHERE account_id = $1 AND msku = 'WIDGET-2'", [accountId]);
    await insertProducts(t.pool, accountId, [{ ...widget, msku: 'WIDGET-2', cost: 7 }]);
    const again = await readCompact(owner);
    expect(again[1]).toMatchObject({ id: 'WIDGET-2', version: before[1]!.version, cost: 7 });

    // The account's defaults fill blank lead times: every row that reads them changes.
    await t.pool.query(
      "UPDATE products SET order_lead_time = NULL, version = version + 1, updated_at = now() WHERE account_id = $1 AND msku = 'WIDGET-1'",
      [accountId],
    );
    const blank = (await readCompact(owner))[0]!;
    await t.pool.query(
      `INSERT INTO account_settings (account_id, calculation_defaults) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE SET calculation_defaults = EXCLUDED.calculation_defaults`,
      [accountId, { ...BUILT_IN_DEFAULTS, order_lead_time: (blank.coverage_days as number) + 50 }],
    );
    const defaults = (await readCompact(owner))[0]!;
    expect(defaults.coverage_days).toBeGreaterThan(blank.coverage_days as number);
    const rows = (await owner.client.get<Row[]>('/api/tables/restock/data', owner.token)).body;
    expect(await readCompact(owner)).toEqual(rows);
  });

  it("deletes a product with a forecast while its account's forecasts are being written, without waiting for them", async () => {
    const owner = await ownerWithProducts([widget, { ...widget, msku: 'WIDGET-2' }]);
    const accountId = await accountIdOf(t.pool, owner.email);
    await t.pool.query(
      `INSERT INTO forecasts (account_id, msku, daily_rate, method, last_day)
       VALUES ($1, 'WIDGET-1', 2.5, 'test', current_date), ($1, 'WIDGET-2', 1, 'test', current_date)`,
      [accountId],
    );
    const generation = async () =>
      Number(
        (await t.pool.query('SELECT generation FROM forecast_generations WHERE account_id = $1', [accountId]))
          .rows[0]!.generation,
      );
    const before = await generation();
    // A writer of forecasts holds the generation's row lock until it commits, and would next wait
    // for the forecast the deletion below holds: the deletion must not wait for the generation.
    const writer = await t.pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        'UPDATE forecast_generations SET generation = generation + 1 WHERE account_id = $1',
        [accountId],
      );
      const deleter = await t.pool.connect();
      try {
        await deleter.query("SET statement_timeout = '5s'");
        await deleter.query("DELETE FROM products WHERE account_id = $1 AND msku = 'WIDGET-1'", [accountId]);
        await deleter.query('RESET statement_timeout');
      } finally {
        deleter.release();
      }
      await writer.query('ROLLBACK');
    } finally {
      writer.release();
    }
    // The forecast went with its product, and the generation did not move for it.
    expect(await generation()).toBe(before);
    expect((await readCompact(owner)).map((row) => [row.id, row.forecast_daily_rate])).toEqual([
      ['WIDGET-2', 1],
    ]);
  });
});

describe('a table too large for a kept answer', () => {
  it('is read fresh every time, its forecasts included, in both shapes', async () => {
    const owner = await ownerWithProducts(demoProducts(CACHED_TABLE_PRODUCTS + 1, 7));
    const accountId = await accountIdOf(t.pool, owner.email);
    const read = async () => {
      const rows = (await owner.client.get<Row[]>('/api/tables/restock/data', owner.token)).body;
      const compact = (
        await owner.client.get<{ keys: string[]; rows: unknown[][] }>(
          '/api/tables/restock/data?shape=columns',
          owner.token,
        )
      ).body;
      expect(
        compact.rows.map((values) => Object.fromEntries(compact.keys.map((key, i) => [key, values[i]]))),
      ).toEqual(rows);
      return rows;
    };
    const before = await read();
    expect(before).toHaveLength(CACHED_TABLE_PRODUCTS + 1);
    const last = before.at(-1)!;
    await owner.client.patch(`/api/tables/restock/data/${last.id}`, { cost: 1234.5 }, owner.token);
    await t.pool.query(
      `INSERT INTO forecasts (account_id, msku, daily_rate, method, last_day) VALUES ($1, $2, 9.75, 'test', current_date)`,
      [accountId, before[0]!.id],
    );
    const after = await read();
    expect(after.at(-1)).toMatchObject({ id: last.id, cost: 1234.5, version: last.version + 1 });
    expect(after[0]).toMatchObject({ forecast_daily_rate: 9.75, rate_source: 'history' });
    expect(after.slice(1, -1)).toEqual(before.slice(1, -1));
    // 5,001 products inserted and read four times in two shapes: slow on a loaded machine.
  }, 90_000);
});

describe('the first screenful: GET /api/tables/restock/data?shape=columns&limit=N', () => {
  type Compact = { keys: string[]; rows: unknown[][]; total?: number };
  const objects = ({ keys, rows }: Compact) =>
    rows.map((values) => Object.fromEntries(keys.map((key, i) => [key, values[i]])));

  it('answers the first rows of the default sort, as the whole table has them, and the table size', async () => {
    const products = demoProducts(40, 11).map((product, i) => ({
      ...product,
      // Ties and blanks: rows without a title go last, equal titles sort by msku.
      title: i % 7 === 0 ? null : i % 5 === 0 ? 'Same Title' : product.title,
    }));
    const owner = await ownerWithProducts(products);
    const whole = await owner.client.get<Compact>('/api/tables/restock/data?shape=columns', owner.token);
    const first = await owner.client.get<Compact>(
      '/api/tables/restock/data?shape=columns&limit=15',
      owner.token,
    );
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(40);
    expect(first.body.keys).toEqual(whole.body.keys);
    const expected = sortRows(objects(whole.body), [], RESTOCK_COLUMNS).slice(0, 15);
    expect(objects(first.body)).toEqual(expected);
  });

  it('cuts between rows the collator ties as the whole table orders them, whatever order they are stored in', async () => {
    // Titles and mskus equal to the collator ("Mug", "mug", "MUG"; "sku-3", "SKU-3"), inserted in
    // reverse msku order, with the cut falling inside the tied rows.
    const tied = ['sku-3', 'SKU-3', 'Sku-2', 'sku-2', 'SKU-1', 'sku-1'].map((msku, i) => ({
      ...widget,
      msku,
      title: ['Mug', 'mug', 'MUG'][i % 3]!,
    }));
    const products = [...demoProducts(8, 5), ...tied].sort((a, b) => (a.msku < b.msku ? 1 : -1));
    const owner = await ownerWithProducts(products);
    const whole = await owner.client.get<Compact>('/api/tables/restock/data?shape=columns', owner.token);
    const table = sortRows(objects(whole.body), [], RESTOCK_COLUMNS);
    const firstMug = table.findIndex(
      (row) => row.title === 'Mug' || row.title === 'mug' || row.title === 'MUG',
    );
    for (const limit of [firstMug + 1, firstMug + 3, firstMug + 5, table.length]) {
      const first = await owner.client.get<Compact>(
        `/api/tables/restock/data?shape=columns&limit=${limit}`,
        owner.token,
      );
      expect(objects(first.body).map((row) => row.msku)).toEqual(
        table.slice(0, limit).map((row) => row.msku),
      );
    }
  });

  it('answers a fresh first screenful after a change, and an empty one for an empty table', async () => {
    const owner = await ownerWithProducts([widget, { ...widget, msku: 'WIDGET-2', title: 'Amber Widget' }]);
    const path = '/api/tables/restock/data?shape=columns&limit=1';
    const before = await owner.client.get<Compact>(path, owner.token);
    expect(objects(before.body).map((row) => row.msku)).toEqual(['WIDGET-2']);
    await owner.client.patch('/api/tables/restock/data/WIDGET-2', { cost: 12.5 }, owner.token);
    const edited = await owner.client.get<Compact>(path, owner.token);
    expect(objects(edited.body)).toMatchObject([{ msku: 'WIDGET-2', cost: 12.5 }]);
    await insertProducts(t.pool, await accountIdOf(t.pool, owner.email), [
      { ...widget, msku: 'WIDGET-3', title: 'Aardvark Widget' },
    ]);
    const added = await owner.client.get<Compact>(path, owner.token);
    expect(objects(added.body).map((row) => row.msku)).toEqual(['WIDGET-3']);
    expect(added.body.total).toBe(3);

    const empty = await signUp(t.baseUrl);
    const none = await empty.client.get<Compact>(path, empty.token);
    expect(none.body).toMatchObject({ rows: [], total: 0 });
  });

  it('refuses a limit that is not a whole number from 1 to 1000, or without the compact shape', async () => {
    const owner = await ownerWithProducts();
    for (const limit of ['0', '1001', '2.5', 'ten', '']) {
      const bad = await owner.client.get(
        `/api/tables/restock/data?shape=columns&limit=${limit}`,
        owner.token,
      );
      expect(bad).toMatchObject({
        status: 400,
        body: { message: 'limit must be a whole number from 1 to 1000' },
      });
    }
    const rows = await owner.client.get('/api/tables/restock/data?limit=10', owner.token);
    expect(rows).toMatchObject({ status: 400, body: { message: 'limit needs shape=columns' } });
  });

  it("never answers another account's rows", async () => {
    await ownerWithProducts([{ ...widget, msku: 'THEIRS-1', title: 'Aaa first' }]);
    const owner = await ownerWithProducts();
    const first = await owner.client.get<Compact>(
      '/api/tables/restock/data?shape=columns&limit=5',
      owner.token,
    );
    expect(objects(first.body).map((row) => row.msku)).toEqual(['WIDGET-1']);
    expect(first.body.total).toBe(1);
  });
});
