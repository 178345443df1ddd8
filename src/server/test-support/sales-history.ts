import type pg from 'pg';
import { isoDay, utcDayOf } from '../../core/forecast/days';
import { aProduct } from '../../core/restock/test-products';
import { rebuildSeries } from '../sales-history/series';
import { signUp } from './http-client';
import { accountIdOf, insertProducts } from './products';

/** What the sales-history tests need of their app. */
type HistoryTestApp = { baseUrl: string; pool: pg.Pool; clock: { now: number } };

/** An owner whose account has the given products (10 in stock, 30 sold in 30 days each). */
export async function ownerWith(t: HistoryTestApp, ...mskus: string[]) {
  const owner = await signUp(t.baseUrl);
  const accountId = await accountIdOf(t.pool, owner.email);
  await insertProducts(
    t.pool,
    accountId,
    mskus.map((msku) => aProduct({ msku, fba_quantity: 10, sales_last_30_days: 30 })),
  );
  return { ...owner, accountId };
}

/** `count` consecutive days ending `daysAgo` days before the app's today, as ISO dates. */
export const lastDays = (t: HistoryTestApp, count: number, daysAgo = 1) => {
  const today = utcDayOf(t.clock.now);
  return Array.from({ length: count }, (_, i) => isoDay(today - daysAgo - (count - 1) + i));
};

export async function storedSales(pool: pg.Pool, accountId: string) {
  const result = await pool.query<{ msku: string; day: string; units: number; revenue: number | null }>(
    'SELECT msku, day::text, units, revenue FROM daily_sales WHERE account_id = $1 ORDER BY msku, day',
    [accountId],
  );
  return result.rows;
}

export async function storedCount(pool: pg.Pool, table: string, accountId: string) {
  const result = await pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${table} WHERE account_id = $1`,
    [accountId],
  );
  return result.rows[0]!.count;
}

const SERIES_SQL = `SELECT msku, start_day::text AS start, encode(units, 'hex') AS units, encode(stock, 'hex') AS stock
  FROM history_series WHERE account_id = $1 ORDER BY msku`;

type StoredSeries = { msku: string; start: string; units: string; stock: string | null };

/** The account's packed series as hex, by msku. */
export async function storedSeries(client: pg.Pool | pg.PoolClient, accountId: string) {
  return (await client.query<StoredSeries>(SERIES_SQL, [accountId])).rows;
}

/** The account's series as the daily rows give them (rebuilt in a transaction rolled back). */
export async function seriesRebuiltFromDailyRows(pool: pg.Pool, accountId: string) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('DELETE FROM history_series WHERE account_id = $1', [accountId]);
    await rebuildSeries(client, accountId);
    return await storedSeries(client, accountId);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** The helpers above bound to a suite's app, which is started in its `beforeAll`. */
export function historyHelpers(app: () => HistoryTestApp) {
  return {
    ownerWith: (...mskus: string[]) => ownerWith(app(), ...mskus),
    lastDays: (count: number, daysAgo = 1) => lastDays(app(), count, daysAgo),
    storedSales: (accountId: string) => storedSales(app().pool, accountId),
    storedCount: (table: string, accountId: string) => storedCount(app().pool, table, accountId),
    storedSeries: (accountId: string) => storedSeries(app().pool, accountId),
    seriesRebuilt: (accountId: string) => seriesRebuiltFromDailyRows(app().pool, accountId),
  };
}
