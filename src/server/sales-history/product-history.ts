import type pg from 'pg';
import { dayNumber, isoDay } from '../../core/forecast/days';
import type { ProductHistory, StoredForecast } from '../../core/sales-history/product-history';
import type { Db } from '../db/pool';

export const MAX_HISTORY_DAYS = 730;
/** Days of forecast the drawer draws after the history. */
export const PROJECTION_DAYS = 60;

const client = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/** Null when the account has no such product. */
export async function findProductHistory(
  db: Db,
  accountId: string,
  msku: string,
  days: number,
): Promise<ProductHistory | null> {
  const pool = client(db);
  const product = await pool.query<{ last: string | null }>(
    `SELECT (SELECT sales_last_day::text FROM history_ranges WHERE account_id = $1) AS last
     FROM products WHERE account_id = $1 AND msku = $2`,
    [accountId, msku],
  );
  if (product.rows.length === 0) return null;
  const lastDay = product.rows[0]!.last;
  if (!lastDay) return { msku, lastDay: null, sales: [], stock: [], forecast: null, projection: [] };
  const window = [accountId, msku, lastDay, days];
  const [sales, stock, forecast] = await Promise.all([
    pool.query<{ day: string; units: number }>(
      `SELECT day::text, units FROM daily_sales
       WHERE account_id = $1 AND msku = $2 AND day > $3::date - $4::int AND day <= $3::date ORDER BY day`,
      window,
    ),
    pool.query<{ day: string; available: number }>(
      `SELECT day::text, available FROM daily_stock
       WHERE account_id = $1 AND msku = $2 AND day > $3::date - $4::int AND day <= $3::date ORDER BY day`,
      window,
    ),
    pool.query<StoredForecast>(
      `SELECT f.daily_rate AS "dailyRate", f.trend, f.seasonality_suggestion AS "seasonalitySuggestion",
              f.accuracy, f.method, s.steps, f.computed_at AS "computedAt", f.last_day::text AS "lastDay"
       FROM forecasts AS f JOIN forecast_steps AS s USING (account_id, msku)
       WHERE f.account_id = $1 AND f.msku = $2`,
      [accountId, msku],
    ),
  ]);
  const stored = forecast.rows[0] ?? null;
  const last = dayNumber(lastDay)!;
  const projection = stored
    ? Array.from({ length: PROJECTION_DAYS }, (_, i) => ({
        day: isoDay(last + 1 + i),
        units: stored.dailyRate,
      }))
    : [];
  return { msku, lastDay, sales: sales.rows, stock: stock.rows, forecast: stored, projection };
}
