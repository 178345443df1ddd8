import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { type Forecast, forecastDemand } from '../../core/forecast/forecast';
import { denseHistory } from '../../core/forecast/history';
import { copyValue } from '../db/copy-text';

/** The forecast reads two years and a quarter back: seasonality looks 2 × 52 weeks + 8 weeks back. */
const HISTORY_DAYS_READ = 800;

type Columns = { days: number[]; values: number[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** COPY text escapes in a value (rare in an msku: a backslash, tab or newline). */
const unescapeCopy = (text: string) =>
  text.includes('\\')
    ? text.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c)
    : text;

/**
 * Every day of the products' history, streamed out of PostgreSQL by COPY and grouped here.
 * Measured on 7.3 million rows: array_agg in SQL spent most of its time building arrays, and
 * pg's row parsing is slower still; COPY text is a plain scan and a split. COPY takes no
 * parameters, so the values are checked to be a UUID and a date before they go into the text.
 */
async function historyColumns(
  client: pg.PoolClient,
  table: 'daily_sales' | 'daily_stock',
  column: 'units' | 'available',
  accountId: string,
  touched: string | null,
  lastDay: string,
): Promise<Map<string, Columns>> {
  if (!UUID.test(accountId) || !ISO_DAY.test(lastDay)) throw new Error('Invalid account or day');
  const sql = `COPY (SELECT s.msku, s.day - DATE '1970-01-01', s.${column} FROM ${table} AS s
    WHERE s.account_id = '${accountId}' AND s.day > DATE '${lastDay}' - ${HISTORY_DAYS_READ} AND s.day <= DATE '${lastDay}'
    ${touched ? `AND s.msku IN (SELECT msku FROM ${touched})` : ''}) TO STDOUT`;
  const byMsku = new Map<string, Columns>();
  let rest = '';
  let last: Columns | null = null;
  let lastMsku = '';
  const take = (line: string) => {
    const tab1 = line.indexOf('\t');
    const tab2 = line.indexOf('\t', tab1 + 1);
    const msku = line.slice(0, tab1);
    if (msku !== lastMsku || last === null) {
      lastMsku = msku;
      const key = unescapeCopy(msku);
      last = byMsku.get(key) ?? null;
      if (!last) {
        last = { days: [], values: [] };
        byMsku.set(key, last);
      }
    }
    last.days.push(Number(line.slice(tab1 + 1, tab2)));
    last.values.push(Number(line.slice(tab2 + 1)));
  };
  const stream = client.query(copyTo(sql));
  stream.setEncoding('utf8');
  for await (const chunk of stream as AsyncIterable<string>) {
    const text = rest + chunk;
    let start = 0;
    let newline = text.indexOf('\n', start);
    while (newline >= 0) {
      take(text.slice(start, newline));
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    rest = text.slice(start);
  }
  if (rest !== '') take(rest);
  return byMsku;
}

function copyLine(accountId: string, msku: string, forecast: Forecast): string {
  return `${accountId}\t${copyValue(msku)}\t${forecast.dailyRate}\t${copyValue(forecast.trend)}\t${copyValue(
    forecast.seasonalitySuggestion,
  )}\t${forecast.method}\t${copyValue(JSON.stringify(forecast.steps))}\t${copyValue(forecast.accuracy)}\t${forecast.lastDay}\n`;
}

/**
 * Recomputes and stores the forecasts of `mskus` (products of the account) from their history up
 * to the account's last day of sales; a product whose history holds no in-stock day loses its
 * forecast (the restock engine then uses the 30-day fields). Runs inside the caller's transaction.
 * Answers how many forecasts were written.
 */
export async function recomputeForecasts(
  client: pg.PoolClient,
  accountId: string,
  mskus: readonly string[],
): Promise<number> {
  if (mskus.length === 0) return 0;
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
  const total = await client.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM products WHERE account_id = $1',
    [accountId],
  );
  // An ingest that touched every product reads the whole history without a join.
  const filter = mskus.length >= total.rows[0]!.count ? null : 'forecast_touched';
  // One connection (the caller's transaction): one query at a time.
  const sales = await historyColumns(client, 'daily_sales', 'units', accountId, filter, lastDay);
  const stock = await historyColumns(client, 'daily_stock', 'available', accountId, filter, lastDay);
  const current = await client.query<{ msku: string; fba_quantity: number | null }>(
    'SELECT p.msku, p.fba_quantity FROM products AS p JOIN forecast_touched USING (msku) WHERE p.account_id = $1',
    [accountId],
  );
  await client.query(
    'DELETE FROM forecasts AS f USING forecast_touched AS t WHERE f.account_id = $1 AND f.msku = t.msku',
    [accountId],
  );
  const last = Math.round(Date.parse(`${lastDay}T00:00:00Z`) / 86_400_000);
  let written = 0;
  const lines: string[] = [];
  for (const { msku, fba_quantity } of current.rows) {
    const salesOf = sales.get(msku);
    if (!salesOf) continue;
    const stockOf = stock.get(msku);
    const history = denseHistory(salesOf, stockOf, last);
    const forecast = history && forecastDemand(history, { currentStock: fba_quantity });
    if (!forecast) continue;
    lines.push(copyLine(accountId, msku, forecast));
    written++;
  }
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
  return written;
}

function* chunks(lines: readonly string[], size = 2000): Generator<string> {
  for (let i = 0; i < lines.length; i += size) yield lines.slice(i, i + size).join('');
}
