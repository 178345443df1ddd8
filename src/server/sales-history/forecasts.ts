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

/** A forecast as COPY lines: its figures for `forecasts`, its "why" steps for `forecast_steps`. */
export type ForecastLines = { figures: string; steps: string };

function copyLines(accountId: string, msku: string, forecast: Forecast): ForecastLines {
  const key = `${accountId}\t${copyValue(msku)}`;
  return {
    figures: `${key}\t${forecast.dailyRate}\t${copyValue(forecast.trend)}\t${copyValue(
      forecast.seasonalitySuggestion,
    )}\t${forecast.method}\t${copyValue(forecast.accuracy)}\t${forecast.lastDay}\n`,
    steps: `${key}\t${copyValue(JSON.stringify(forecast.steps))}\n`,
  };
}

/** The first and last day (day numbers) of the history the forecasts of the account read. */
export async function forecastWindow(
  client: pg.PoolClient,
  accountId: string,
): Promise<{ from: number; last: number } | null> {
  const range = await client.query<{ last: string | null }>(
    'SELECT sales_last_day::text AS last FROM history_ranges WHERE account_id = $1',
    [accountId],
  );
  const lastDay = range.rows[0]?.last;
  return lastDay ? windowEnding(Math.round(Date.parse(`${lastDay}T00:00:00Z`) / 86_400_000)) : null;
}

export const windowEnding = (last: number) => ({ from: last - HISTORY_DAYS_READ + 1, last });

/** A product's forecast as COPY lines, or null when its history gives none. */
export function forecastCopyLines(
  accountId: string,
  msku: string,
  series: PackedSeries | undefined,
  currentStock: number | null,
  window: { from: number; last: number },
): ForecastLines | null {
  const history = series && seriesHistory(series, window.from, window.last);
  const forecast = history && forecastDemand(history, { currentStock });
  return forecast ? copyLines(accountId, msku, forecast) : null;
}

/**
 * Replaces the forecasts of the products in the temporary table `touched` (msku) by `lines`
 * (forecastCopyLines'): a touched product without lines loses its forecast. Deleting a forecast
 * deletes its steps (a trigger on `forecasts`). The account's forecast generation is raised first,
 * which tells restock reads that their kept forecast keys are out of date; its row lock, taken
 * before any forecast's, also makes two writers of one account's forecasts take turns.
 */
export async function replaceForecasts(
  client: pg.PoolClient,
  accountId: string,
  touched: string,
  lines: readonly ForecastLines[],
): Promise<void> {
  await client.query(
    `INSERT INTO forecast_generations AS g (account_id, generation) VALUES ($1, 1)
     ON CONFLICT (account_id) DO UPDATE SET generation = g.generation + 1`,
    [accountId],
  );
  await client.query(
    `DELETE FROM forecasts AS f USING ${touched} AS t WHERE f.account_id = $1 AND f.msku = t.msku`,
    [accountId],
  );
  // The trigger on forecasts took their steps; steps it could not see (a forecast truncated or
  // deleted with triggers off) must not block the write.
  await client.query(
    `DELETE FROM forecast_steps AS s USING ${touched} AS t WHERE s.account_id = $1 AND s.msku = t.msku`,
    [accountId],
  );
  if (lines.length === 0) return;
  await copyInto(
    client,
    'forecasts (account_id, msku, daily_rate, trend, seasonality_suggestion, method, accuracy, last_day)',
    lines.map((line) => line.figures),
  );
  await copyInto(
    client,
    'forecast_steps (account_id, msku, steps)',
    lines.map((line) => line.steps),
  );
}

async function copyInto(client: pg.PoolClient, target: string, lines: readonly string[]) {
  await pipeline(Readable.from(chunks(lines)), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
}

/**
 * Recomputes and stores the forecasts of `mskus` (products of the account) from their history up
 * to the account's last day of sales; a product whose history holds no in-stock day loses its
 * forecast (the restock engine then uses the 30-day fields). Runs inside the caller's transaction.
 * Answers how many forecasts were written. (An ingest computes its forecasts from the series it
 * has just merged, with the same pieces: see writeHistory.)
 */
export async function recomputeForecasts(
  client: pg.PoolClient,
  accountId: string,
  mskus: readonly string[],
): Promise<number> {
  if (mskus.length === 0) return 0;
  const lap = phaseClock();
  await client.query('DROP TABLE IF EXISTS forecast_touched');
  const window = await forecastWindow(client, accountId);
  if (!window) return 0;
  await client.query('CREATE TEMP TABLE forecast_touched (msku text PRIMARY KEY) ON COMMIT DROP');
  await client.query('INSERT INTO forecast_touched SELECT DISTINCT unnest($1::text[])', [mskus]);
  await client.query('ANALYZE forecast_touched');
  // All of the account's series when it is all of its products.
  const total = await client.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM products WHERE account_id = $1',
    [accountId],
  );
  const read = await readSeries(
    client,
    accountId,
    mskus.length >= total.rows[0]!.count ? null : 'forecast_touched',
  );
  lap('forecasts: read history');
  const current = await client.query<{ msku: string; fba_quantity: number | null }>(
    'SELECT p.msku, p.fba_quantity FROM products AS p JOIN forecast_touched USING (msku) WHERE p.account_id = $1',
    [accountId],
  );
  lap('forecasts: read products');
  const lines: ForecastLines[] = [];
  for (const { msku, fba_quantity } of current.rows) {
    const line = forecastCopyLines(accountId, msku, read.get(msku), fba_quantity, window);
    if (line) lines.push(line);
  }
  lap('forecasts: compute');
  await replaceForecasts(client, accountId, 'forecast_touched', lines);
  lap('forecasts: write');
  return lines.length;
}

function* chunks(lines: readonly string[], size = 2000): Generator<string> {
  for (let i = 0; i < lines.length; i += size) yield lines.slice(i, i + size).join('');
}
