import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayNumber, isoDay, utcDayOf } from '../../core/forecast/days';
import type { ProductHistory } from '../../core/sales-history/product-history';
import type { HistoryImportResult } from '../../core/sales-history/rows';
import { addMemberAndLogIn } from '../test-support/http-client';
import { historyHelpers } from '../test-support/sales-history';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const SALES = '/api/dynamic/import-sales';
const STOCK = '/api/dynamic/import-stock';
const historyOf = (msku: string, days = 180) =>
  `/api/products/${encodeURIComponent(msku)}/history?days=${days}`;

const { ownerWith, lastDays, storedSales, storedCount, storedSeries, seriesRebuilt } = historyHelpers(
  () => t,
);
const today = () => utcDayOf(t.clock.now);

/** Each stored day's row version (xmin): a day rewritten by an import gets a new one. */
async function rowVersions(table: 'daily_sales' | 'daily_stock', accountId: string) {
  const result = await t.pool.query<{ day: string; version: string }>(
    `SELECT day::text AS day, xmin::text AS version FROM ${table} WHERE account_id = $1`,
    [accountId],
  );
  return new Map(result.rows.map((row) => [row.day, row.version]));
}

describe('POST /api/dynamic/import-sales', () => {
  it('stores daily units, adds up repeated order lines, reports unknown products and forecasts', async () => {
    const owner = await ownerWith('A-1', 'B-2');
    const days = lastDays(60);
    const rows = [
      ...days.map((day) => ({ msku: 'A-1', day, units: 2, revenue: 20 })),
      { msku: 'A-1', day: days.at(-1)!, units: 3, revenue: 30 },
      { msku: 'B-2', day: days[0]!, units: 1 },
      { msku: 'NOT-MINE', day: days[0]!, units: 5 },
      { msku: 'ALSO-NOT-MINE', day: days[1]!, units: 5 },
    ];
    const response = await owner.client.post<HistoryImportResult>(SALES, { rows }, owner.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      days: 60,
      products: 2,
      unknownProducts: 2,
      unknownExamples: ['ALSO-NOT-MINE', 'NOT-MINE'],
      duplicates: 1,
      forecasts: 2,
    });
    const stored = await storedSales(owner.accountId);
    expect(stored.filter((row) => row.msku === 'A-1')).toHaveLength(60);
    expect(stored.find((row) => row.msku === 'A-1' && row.day === days.at(-1))).toMatchObject({
      units: 5,
      revenue: 50,
    });
    // Unknown products are not created.
    const products = await t.pool.query('SELECT msku FROM products WHERE account_id = $1', [owner.accountId]);
    expect(products.rows.map((row) => row.msku).sort()).toEqual(['A-1', 'B-2']);

    const history = await owner.client.get<ProductHistory>(historyOf('A-1', 30), owner.token);
    expect(history.status).toBe(200);
    expect(history.body.lastDay).toBe(days.at(-1));
    expect(history.body.sales).toHaveLength(30);
    expect(history.body.forecast).toMatchObject({ method: 'weighted-windows' });
    // 60 days at 2 a day and one day at 5: the windows see it, weighted equally.
    expect(history.body.forecast!.dailyRate).toBeCloseTo((17 / 7 + 63 / 30 + 123 / 60 + 123 / 60) / 4, 4);
    expect(history.body.forecast!.steps.map((step) => step.key)).toContain('excluded');
    expect(history.body.projection).toHaveLength(60);
    expect(history.body.projection[0]!.day).toBe(isoDay(dayNumber(days.at(-1)!)! + 1));
  });

  it('replaces a re-imported product and day instead of adding to it', async () => {
    const owner = await ownerWith('A-1');
    const [day] = lastDays(1);
    await owner.client.post(SALES, { rows: [{ msku: 'A-1', day, units: 4 }] }, owner.token);
    const again = await owner.client.post<HistoryImportResult>(
      SALES,
      { rows: [{ msku: 'A-1', day, units: 7 }] },
      owner.token,
    );
    expect(again.body).toMatchObject({ days: 1, products: 1, duplicates: 0 });
    expect(await storedSales(owner.accountId)).toEqual([{ msku: 'A-1', day, units: 7, revenue: null }]);
  });

  it('rewrites only the re-imported days whose units or revenue changed', async () => {
    const owner = await ownerWith('A-1');
    const [same, newUnits, newRevenue, noRevenue] = lastDays(4);
    const rows = [
      { msku: 'A-1', day: same!, units: 2, revenue: 20 },
      { msku: 'A-1', day: newUnits!, units: 2, revenue: 20 },
      { msku: 'A-1', day: newRevenue!, units: 2, revenue: 20 },
      { msku: 'A-1', day: noRevenue!, units: 2 },
    ];
    await owner.client.post(SALES, { rows }, owner.token);
    const before = await rowVersions('daily_sales', owner.accountId);
    const again = [
      rows[0],
      { ...rows[1], units: 3 },
      { ...rows[2], revenue: 21.5 },
      // No revenue again is the same figures.
      rows[3],
    ];
    const response = await owner.client.post<HistoryImportResult>(SALES, { rows: again }, owner.token);
    expect(response.body).toMatchObject({ days: 4, products: 1 });
    const after = await rowVersions('daily_sales', owner.accountId);
    expect(after.get(same!)).toBe(before.get(same!));
    expect(after.get(noRevenue!)).toBe(before.get(noRevenue!));
    expect(after.get(newUnits!)).not.toBe(before.get(newUnits!));
    expect(after.get(newRevenue!)).not.toBe(before.get(newRevenue!));
    expect(await storedSales(owner.accountId)).toEqual([
      { msku: 'A-1', day: same, units: 2, revenue: 20 },
      { msku: 'A-1', day: newUnits, units: 3, revenue: 20 },
      { msku: 'A-1', day: newRevenue, units: 2, revenue: 21.5 },
      { msku: 'A-1', day: noRevenue, units: 2, revenue: null },
    ]);
  });

  it.each([
    [
      'a date that does not parse',
      { day: '2024-02-30' },
      'Row 2: day "2024-02-30" is not a date (YYYY-MM-DD)',
    ],
    ['a day in the future', { day: '2999-01-01' }, 'Row 2: day 2999-01-01 is in the future'],
    ['negative units', { units: -1 }, 'Row 2: units must not be negative'],
    ['units that are not whole', { units: 1.5 }, 'Row 2: units must be a whole number, not 1.5'],
    ['units that are text', { units: '3' }, 'Row 2: units must be a number'],
    ['a missing msku', { msku: '' }, 'Row 2: msku is required'],
    ['an unknown field', { colour: 'red' }, 'Row 2: unknown field "colour"'],
  ])('refuses %s with 400 naming the row and field, and writes nothing', async (_, change, message) => {
    const owner = await ownerWith('A-1');
    const [day] = lastDays(1);
    const rows = [
      { msku: 'A-1', day, units: 1 },
      { msku: 'A-1', day, units: 1, ...change },
    ];
    const response = await owner.client.post(SALES, { rows }, owner.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
  });

  it('refuses a file with no rows, and a body without rows', async () => {
    const owner = await ownerWith('A-1');
    expect((await owner.client.post(SALES, { rows: [] }, owner.token)).body).toEqual({
      message: 'The file has no rows to import',
    });
    expect((await owner.client.post(SALES, {}, owner.token)).body).toEqual({
      message: 'rows or columns is required',
    });
    expect((await owner.client.post(SALES, { data: [] }, owner.token)).body).toEqual({
      message: 'Unknown field "data"',
    });
  });

  it('refuses a stock file sent as sales (another report type) by its fields', async () => {
    const owner = await ownerWith('A-1');
    const [day] = lastDays(1);
    const response = await owner.client.post(
      SALES,
      { rows: [{ msku: 'A-1', day, available: 3 }] },
      owner.token,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Row 1: unknown field "available"' });
  });

  it('is refused to a view-only member and never reaches another account', async () => {
    const owner = await ownerWith('SHARED-1');
    const stranger = await ownerWith('SHARED-1');
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const [day] = lastDays(1);
    const rows = [{ msku: 'SHARED-1', day, units: 9 }];
    expect((await member.client.post(SALES, { rows }, member.token)).status).toBe(403);
    await stranger.client.post(SALES, { rows }, stranger.token);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    const ownerView = await owner.client.get<ProductHistory>(historyOf('SHARED-1'), owner.token);
    expect(ownerView.body.sales).toEqual([]);
    expect(ownerView.body.forecast).toBeNull();
    // A member may look at the history.
    expect((await member.client.get(historyOf('SHARED-1'), member.token)).status).toBe(200);
  });
});

describe('the restock table with history', () => {
  it('plans with the forecast daily rate once history is imported', async () => {
    // The 30-day fields say 30 sold (1 a day); the history says 3 a day.
    const owner = await ownerWith('R-1');
    type Row = Record<string, unknown>;
    const before = await owner.client.get<Row[]>('/api/tables/restock/data', owner.token);
    expect(before.body[0]).toMatchObject({
      rate_source: 'sales_last_30_days',
      daily_rate: 1,
      recommended_buy_quantity: 40,
    });
    const rows = lastDays(90).map((day) => ({ msku: 'R-1', day, units: 3 }));
    await owner.client.post(SALES, { rows }, owner.token);
    const after = await owner.client.get<Row[]>('/api/tables/restock/data', owner.token);
    // 3 a day × 50 days − 10 in stock = 140; 10 units last 3 days from today.
    expect(after.body[0]).toMatchObject({
      rate_source: 'history',
      daily_rate: 3,
      forecast_daily_rate: 3,
      recommended_buy_quantity: 140,
      trend: 0,
      forecast_accuracy: 1,
      stockout_date: isoDay(today() + 3),
      reorder_by: isoDay(today() + 3 - 20),
    });
    const one = await owner.client.get<Row>('/api/tables/restock/data/R-1', owner.token);
    expect(one.body).toMatchObject({ rate_source: 'history', recommended_buy_quantity: 140 });
  });
});

describe('POST /api/dynamic/import-stock', () => {
  it('keeps the last snapshot of a day, and leaves out-of-stock days out of the forecast', async () => {
    const owner = await ownerWith('S-1');
    const days = lastDays(40);
    // 4 a day, except 10 days without stock and without sales in the middle.
    const outOfStock = new Set(days.slice(20, 30));
    const sales = days.map((day) => ({ msku: 'S-1', day, units: outOfStock.has(day) ? 0 : 4 }));
    const stock = days.map((day) => ({ msku: 'S-1', day, available: outOfStock.has(day) ? 0 : 50 }));
    stock.push({ msku: 'S-1', day: days[0]!, available: 60 });
    const stockResponse = await owner.client.post<HistoryImportResult>(STOCK, { rows: stock }, owner.token);
    expect(stockResponse.body).toMatchObject({ days: 40, products: 1, duplicates: 1 });
    const stored = await t.pool.query(
      'SELECT available FROM daily_stock WHERE account_id = $1 AND day = $2',
      [owner.accountId, days[0]],
    );
    expect(stored.rows[0]).toEqual({ available: 60 });

    await owner.client.post(SALES, { rows: sales }, owner.token);
    const history = await owner.client.get<ProductHistory>(historyOf('S-1'), owner.token);
    expect(history.body.forecast!.dailyRate).toBe(4);
    expect(history.body.stock).toHaveLength(40);
    const excluded = history.body.forecast!.steps.find((step) => step.key === 'excluded')!;
    expect(excluded.value).toBe(10);
  });

  it('rewrites only the re-imported days whose stock changed', async () => {
    const owner = await ownerWith('S-1');
    const [same, changed] = lastDays(2);
    const rows = [
      { msku: 'S-1', day: same!, available: 5 },
      { msku: 'S-1', day: changed!, available: 5 },
    ];
    await owner.client.post(STOCK, { rows }, owner.token);
    const before = await rowVersions('daily_stock', owner.accountId);
    await owner.client.post(STOCK, { rows: [rows[0], { ...rows[1], available: 0 }] }, owner.token);
    const after = await rowVersions('daily_stock', owner.accountId);
    expect(after.get(same!)).toBe(before.get(same!));
    expect(after.get(changed!)).not.toBe(before.get(changed!));
    const stored = await t.pool.query(
      'SELECT day::text AS day, available FROM daily_stock WHERE account_id = $1 ORDER BY day',
      [owner.accountId],
    );
    expect(stored.rows).toEqual([
      { day: same, available: 5 },
      { day: changed, available: 0 },
    ]);
  });

  it('refuses negative stock naming the row', async () => {
    const owner = await ownerWith('S-1');
    const [day] = lastDays(1);
    const response = await owner.client.post(
      STOCK,
      { rows: [{ msku: 'S-1', day, available: -2 }] },
      owner.token,
    );
    expect(response.body).toEqual({ message: 'Row 1: available must not be negative' });
  });
});

describe('packed series', () => {
  it("keeps each product's series equal to its daily rows, as the migration builds it from them", async () => {
    const owner = await ownerWith('P-1', 'P-2', 'P-3');
    const days = lastDays(50);
    const send = async (path: string, rows: unknown[]) =>
      expect((await owner.client.post(path, { rows }, owner.token)).status).toBe(200);
    // Sales with gaps, then earlier days, then a re-import of some days; stock starting before
    // the first sale of P-1, and a product with stock only.
    await send(
      SALES,
      days.slice(20).flatMap((day, i) => (i % 3 === 0 ? [] : [{ msku: 'P-1', day, units: i % 4 }])),
    );
    await send(SALES, [
      ...days.slice(10, 15).map((day) => ({ msku: 'P-1', day, units: 7 })),
      ...days.slice(30).map((day) => ({ msku: 'P-2', day, units: 2 })),
    ]);
    await send(SALES, [
      { msku: 'P-1', day: days[12]!, units: 1 },
      { msku: 'P-1', day: days[49]!, units: 0 },
    ]);
    await send(STOCK, [
      ...days.slice(0, 40).map((day, i) => ({ msku: 'P-1', day, available: i % 5 === 0 ? 0 : 30 })),
      ...days.slice(5, 8).map((day) => ({ msku: 'P-3', day, available: 4 })),
    ]);
    const kept = await storedSeries(owner.accountId);
    expect(kept.map((row) => row.msku)).toEqual(['P-1', 'P-2', 'P-3']);
    expect(kept[2]).toMatchObject({ start: days[5], units: '' });

    expect(await seriesRebuilt(owner.accountId)).toEqual(kept);
  });
});

describe('daily rows the series does not know of', () => {
  it('are replaced all the same: the new days go through the upsert when the series missed one', async () => {
    const owner = await ownerWith('X-1');
    const days = lastDays(3);
    // A daily row written around the ingest, so that the product's series does not hold it.
    await t.pool.query("INSERT INTO daily_sales (account_id, msku, day, units) VALUES ($1, 'X-1', $2, 9)", [
      owner.accountId,
      days[1],
    ]);
    const response = await owner.client.post<HistoryImportResult>(
      SALES,
      { rows: days.map((day) => ({ msku: 'X-1', day, units: 2, revenue: 1.5 })) },
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ days: 3, products: 1, forecasts: 1 });
    expect(await storedSales(owner.accountId)).toEqual(
      days.map((day) => ({ msku: 'X-1', day, units: 2, revenue: 1.5 })),
    );
  });
});

describe('deleting an account', () => {
  it("deletes its daily rows and series with it, and no other account's", async () => {
    const gone = await ownerWith('D-1');
    const kept = await ownerWith('D-1');
    const [day] = lastDays(1);
    for (const owner of [gone, kept]) {
      await owner.client.post(SALES, { rows: [{ msku: 'D-1', day, units: 3 }] }, owner.token);
      await owner.client.post(STOCK, { rows: [{ msku: 'D-1', day, available: 9 }] }, owner.token);
    }
    await t.pool.query('DELETE FROM accounts WHERE id = $1', [gone.accountId]);
    for (const table of ['daily_sales', 'daily_stock', 'history_series', 'forecasts', 'forecast_steps']) {
      expect(await storedCount(table, gone.accountId), table).toBe(0);
      expect(await storedCount(table, kept.accountId), table).toBe(1);
    }
  });
});

describe("a forecast's steps", () => {
  it('are kept once per forecast: replaced by a recompute, deleted with their product', async () => {
    const owner = await ownerWith('S-1', 'S-2');
    const days = lastDays(30);
    const send = (units: number) =>
      owner.client.post<HistoryImportResult>(
        SALES,
        { rows: days.flatMap((day) => ['S-1', 'S-2'].map((msku) => ({ msku, day, units }))) },
        owner.token,
      );
    expect((await send(2)).body.forecasts).toBe(2);
    expect((await send(4)).body.forecasts).toBe(2);
    expect(await storedCount('forecast_steps', owner.accountId)).toBe(2);
    const history = await owner.client.get<ProductHistory>(historyOf('S-1', 30), owner.token);
    // The steps read are those of the latest forecast: four a day.
    expect(history.body.forecast!.dailyRate).toBe(4);
    const rate = history.body.forecast!.steps.find((step) => step.key === 'daily_rate');
    expect(rate?.value).toBe(4);

    await t.pool.query("DELETE FROM products WHERE account_id = $1 AND msku = 'S-1'", [owner.accountId]);
    const left = await t.pool.query<{ msku: string }>(
      'SELECT msku FROM forecast_steps WHERE account_id = $1',
      [owner.accountId],
    );
    expect(left.rows.map((row) => row.msku)).toEqual(['S-2']);
  });
});

describe('chunked uploads', () => {
  it('writes nothing until the last part, then the whole file in one go', async () => {
    const owner = await ownerWith('C-1');
    const days = lastDays(30);
    const id = randomUUID();
    const part = (n: number, last: boolean, slice: string[]) =>
      owner.client.post<HistoryImportResult & { staged?: number }>(
        SALES,
        { rows: slice.map((day) => ({ msku: 'C-1', day, units: 1 })), upload: { id, part: n, last } },
        owner.token,
      );
    expect((await part(0, false, days.slice(0, 10))).body).toEqual({ staged: 10 });
    expect((await part(1, false, days.slice(10, 20))).body).toEqual({ staged: 10 });
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    const done = await part(2, true, days.slice(19));
    expect(done.body).toMatchObject({ days: 30, products: 1, duplicates: 1 });
    // The day sent in two parts is two order lines: they add up.
    expect((await storedSales(owner.accountId)).find((row) => row.day === days[19])!.units).toBe(2);
    expect(await storedCount('history_upload_parts', owner.accountId)).toBe(0);
  });

  it('refuses a part out of order with 409, and a failed last part leaves the history as it was', async () => {
    const owner = await ownerWith('C-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    const rows = [{ msku: 'C-1', day, units: 1 }];
    const skipped = await owner.client.post(
      SALES,
      { rows, upload: { id, part: 1, last: false } },
      owner.token,
    );
    expect(skipped.status).toBe(409);
    await owner.client.post(SALES, { rows, upload: { id, part: 0, last: false } }, owner.token);
    const bad = await owner.client.post(
      SALES,
      { rows: [{ msku: 'C-1', day, units: -1 }], upload: { id, part: 1, last: true } },
      owner.token,
    );
    expect(bad.status).toBe(400);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
  });

  it('refuses the rest of an upload whose staged parts are gone, as after a crash, and drops abandoned uploads', async () => {
    const owner = await ownerWith('C-1');
    const [day] = lastDays(1);
    const rows = [{ msku: 'C-1', day, units: 1 }];
    const send = (id: string, part: number, last: boolean) =>
      owner.client.post(SALES, { rows, upload: { id, part, last } }, owner.token);
    const crashed = randomUUID();
    expect((await send(crashed, 0, false)).status).toBe(200);
    // Staged parts are unlogged: a crash leaves their table empty.
    await t.pool.query('DELETE FROM history_upload_parts WHERE account_id = $1', [owner.accountId]);
    expect((await send(crashed, 1, true)).status).toBe(409);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);

    const abandoned = randomUUID();
    expect((await send(abandoned, 0, false)).status).toBe(200);
    await t.pool.query(
      "UPDATE history_upload_parts SET created_at = now() - interval '25 hours' WHERE upload_id = $1",
      [abandoned],
    );
    expect((await send(randomUUID(), 0, false)).status).toBe(200);
    expect(await storedCount('history_upload_parts', owner.accountId)).toBe(1);
    expect((await send(abandoned, 1, true)).status).toBe(409);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
  });

  it('keeps the last stock line of a day across parts and counts unknown products of every part', async () => {
    const owner = await ownerWith('K-1');
    const days = lastDays(2);
    const id = randomUUID();
    const send = (part: number, last: boolean, rows: unknown[]) =>
      owner.client.post<HistoryImportResult>(STOCK, { rows, upload: { id, part, last } }, owner.token);
    await send(0, false, [
      { msku: 'K-1', day: days[0], available: 5 },
      { msku: 'NOPE-2', day: days[0], available: 1 },
      { msku: 'K-1', day: days[1], available: 3 },
    ]);
    const done = await send(1, true, [
      { msku: 'K-1', day: days[0], available: 7 },
      { msku: 'NOPE-1', day: days[1], available: 2 },
    ]);
    expect(done.body).toMatchObject({
      days: 2,
      products: 1,
      unknownProducts: 2,
      unknownExamples: ['NOPE-1', 'NOPE-2'],
      duplicates: 1,
    });
    const stored = await t.pool.query<{ msku: string; available: number }>(
      'SELECT msku, available FROM daily_stock WHERE account_id = $1 ORDER BY day',
      [owner.accountId],
    );
    expect(stored.rows).toEqual([
      { msku: 'K-1', available: 7 },
      { msku: 'K-1', available: 3 },
    ]);
  });

  it('keeps uploads apart per account: another account cannot finish them', async () => {
    const owner = await ownerWith('C-1');
    const stranger = await ownerWith('C-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    const rows = [{ msku: 'C-1', day, units: 3 }];
    await owner.client.post(SALES, { rows, upload: { id, part: 0, last: false } }, owner.token);
    const hijack = await stranger.client.post(
      SALES,
      { rows, upload: { id, part: 1, last: true } },
      stranger.token,
    );
    expect(hijack.status).toBe(409);
    expect(await storedCount('daily_sales', stranger.accountId)).toBe(0);
  });
});

describe('GET /api/products/:msku/history', () => {
  it('answers 404 for a product of another account, and refuses a bad number of days', async () => {
    const owner = await ownerWith('H-1');
    const stranger = await ownerWith('OTHER-1');
    expect((await owner.client.get(historyOf('OTHER-1'), owner.token)).status).toBe(404);
    expect((await stranger.client.get(historyOf('OTHER-1'), stranger.token)).status).toBe(200);
    const bad = await owner.client.get(historyOf('H-1', 0), owner.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'days must be a whole number from 1 to 730' });
  });
});
