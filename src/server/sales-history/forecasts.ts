import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Forecast, forecastDemand } from '../../core/forecast/forecast';
import { type PackedSeries, seriesHistory } from '../../core/forecast/series';
import { copyValue } from '../db/copy-text';
import { phaseClock } from './phases';
import { readSeries } from './series';

/** The forecast reads two years and a quarter back: seasonality looks 2 × 52 weeks + 8 weeks back. */
const HISTORY_DAYS_READ = 800;

function copyLine(accountId: string, msku: string, forecast: Forecast): string {
  return `${accountId}\t${copyValue(msku)}\t${forecast.dailyRate}\t${copyValue(forecast.trend)}\t${copyValue(
    forecast.seasonalitySuggestion,
  )}\t${forecast.method}\t${copyValue(JSON.stringify(forecast.steps))}\t${copyValue(forecast.accuracy)}\t${forecast.lastDay}\n`;
}

/**
 * Recomputes and stores the forecasts of `mskus` (products of the account) from their history up
 * to the account's last day of sales; a product whose history holds no in-stock day loses its
 * forecast (the restock engine then uses the 30-day fields). Runs inside the caller's transaction.
 * `known` holds series the caller has just written (an ingest), which are then not read again.
 * Answers how many forecasts were written.
 */
export async function recomputeForecasts(
  client: pg.PoolClient,
  accountId: string,
  mskus: readonly string[],
  known: ReadonlyMap<string, PackedSeries> = new Map(),
): Promise<number> {
  if (mskus.length === 0) return 0;
  const lap = phaseClock();
  await client.query('DROP TABLE IF EXISTS forecast_touched');
  const range = await client.query<{ last: string | null }>(
    'SELECT sales_last_day::text AS last FROM history_ranges WHERE account_id = $1',
    [accountId],
  );
  const lastDay = range.rows[0]?.last;
  if (!lastDay) return 0;
  await client.query('CREATE TEMP TABLE forecast_touched (msku text PRIMARY KEY) ON COMMIT DROP');
  await client.query('INSERT INTO forecast_touched SELECT DISTINCT unnest($1::text[])', [mskus]);
  await client.query('ANALYZE forecast_touched');
  // The series of every touched product not passed in; all of the account's when it is all of them.
  const missing = mskus.filter((msku) => !known.has(msku));
  let read: Map<string, PackedSeries> = new Map();
  if (missing.length > 0) {
    const total = await client.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM products WHERE account_id = $1',
      [accountId],
    );
    read = await readSeries(
      client,
      accountId,
      missing.length >= total.rows[0]!.count ? null : 'forecast_touched',
    );
  }
  lap('forecasts: read history');
  const current = await client.query<{ msku: string; fba_quantity: number | null }>(
    'SELECT p.msku, p.fba_quantity FROM products AS p JOIN forecast_touched USING (msku) WHERE p.account_id = $1',
    [accountId],
  );
  await client.query(
    'DELETE FROM forecasts AS f USING forecast_touched AS t WHERE f.account_id = $1 AND f.msku = t.msku',
    [accountId],
  );
  lap('forecasts: read products, delete old');
  const last = Math.round(Date.parse(`${lastDay}T00:00:00Z`) / 86_400_000);
  const from = last - HISTORY_DAYS_READ + 1;
  let written = 0;
  const lines: string[] = [];
  for (const { msku, fba_quantity } of current.rows) {
    const series = known.get(msku) ?? read.get(msku);
    const history = series && seriesHistory(series, from, last);
    const forecast = history && forecastDemand(history, { currentStock: fba_quantity });
    if (!forecast) continue;
    lines.push(copyLine(accountId, msku, forecast));
    written++;
  }
  lap('forecasts: compute');
  if (lines.length > 0) {
    await pipeline(
      Readable.from(chunks(lines)),
      client.query(
        copyFrom(
          'COPY forecasts (account_id, msku, daily_rate, trend, seasonality_suggestion, method, steps, accuracy, last_day) FROM STDIN',
        ),
      ),
    );
  }
  lap('forecasts: write');
  return written;
}

function* chunks(lines: readonly string[], size = 2000): Generator<string> {
  for (let i = 0; i < lines.length; i += size) yield lines.slice(i, i + size).join('');
}
