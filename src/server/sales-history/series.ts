import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PackedSeries } from '../../core/forecast/series';

// Decision 012: each product's history packed into one row of `history_series`, kept beside the
// daily rows by every ingest. Series travel in PostgreSQL's binary formats: a series of 730 days
// is 2,920 bytes, where text would be twice that in hex and need parsing.

// Series are stored big-endian (as PostgreSQL's int4send writes them); this machine's arrays are
// little-endian on every platform Node runs on here, so a copy and swap32 (native) convert them.
const LITTLE_ENDIAN = os.endianness() === 'LE';

/** 4-byte big-endian integers into an Int32Array. */
export function unpackDays(bytes: Buffer): Int32Array {
  const days = new Int32Array(bytes.length >> 2);
  const view = Buffer.from(days.buffer, 0, days.length << 2);
  bytes.copy(view, 0, 0, view.length);
  if (LITTLE_ENDIAN) view.swap32();
  return days;
}

/** An Int32Array as 4-byte big-endian integers. */
export function packDays(days: Int32Array): Buffer {
  const bytes = Buffer.from(days.buffer.slice(days.byteOffset, days.byteOffset + days.byteLength));
  if (LITTLE_ENDIAN) bytes.swap32();
  return bytes;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** COPY's binary format: a signature, flags and an extension length, then the tuples. */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * The whole output of a `COPY … TO STDOUT`. pg arms its query timeout (the pool's, or an import's
 * five minutes) around every query and clears it in the query's callback, which pg-copy-streams'
 * COPY TO never calls: the timer outlived each read, fired long after on a client by then doing
 * other work, and kept a finished process alive. Calling the callback once the copy has ended
 * or failed clears it; a copy that hangs still times out.
 */
export async function copyOut(client: pg.PoolClient, sql: string): Promise<Buffer> {
  const stream = client.query(copyTo(sql));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  } finally {
    (stream as { callback?: (error: Error | null) => void }).callback?.(null);
  }
  return Buffer.concat(chunks);
}

/**
 * The packed series of the account's products: every product's, or those whose msku is in the
 * table `only` (a temporary table of the caller's, with an msku column). Read by COPY in binary
 * format: pg's binary results decode every value as UTF-8 text, which breaks bytea. COPY takes
 * no parameters, so the account is checked to be a UUID before it goes into the text.
 */
export async function readSeries(
  client: pg.PoolClient,
  accountId: string,
  only: string | null,
): Promise<Map<string, PackedSeries>> {
  if (!UUID.test(accountId)) throw new Error('Invalid account');
  const bytes = await copyOut(
    client,
    `COPY (SELECT msku, start_day - DATE '1970-01-01', units, stock FROM history_series
      WHERE account_id = '${accountId}' ${only ? `AND msku IN (SELECT msku FROM ${only})` : ''}) TO STDOUT (FORMAT binary)`,
  );
  const series = new Map<string, PackedSeries>();
  let at = COPY_SIGNATURE.length + 4;
  at += 4 + bytes.readInt32BE(at);
  const field = () => {
    const length = bytes.readInt32BE(at);
    at += 4;
    if (length < 0) return null;
    at += length;
    return bytes.subarray(at - length, at);
  };
  while (at < bytes.length) {
    const fields = bytes.readInt16BE(at);
    at += 2;
    if (fields < 0) break;
    const msku = field()!.toString('utf8');
    const start = field()!.readInt32BE(0);
    const units = unpackDays(field()!);
    const stock = field();
    series.set(msku, { start, units, stock: stock && unpackDays(stock) });
  }
  return series;
}

/** Rows of (msku text, start int4, units bytea, stock bytea) in COPY's binary format. */
function* binaryCopy(series: Map<string, PackedSeries>): Generator<Buffer> {
  const header = Buffer.alloc(COPY_SIGNATURE.length + 8);
  COPY_SIGNATURE.copy(header);
  yield header;
  let parts: Buffer[] = [];
  let size = 0;
  for (const [msku, { start, units, stock }] of series) {
    const name = Buffer.from(msku, 'utf8');
    const head = Buffer.allocUnsafe(2 + 4 + name.length + 8 + 4);
    let at = head.writeInt16BE(4, 0);
    at = head.writeInt32BE(name.length, at);
    at += name.copy(head, at);
    at = head.writeInt32BE(4, at);
    at = head.writeInt32BE(start, at);
    head.writeInt32BE(units.length << 2, at);
    const stockHead = Buffer.allocUnsafe(4);
    stockHead.writeInt32BE(stock ? stock.length << 2 : -1, 0);
    parts.push(head, packDays(units), stockHead);
    if (stock) parts.push(packDays(stock));
    size += head.length + (units.length << 2) + 4 + (stock ? stock.length << 2 : 0);
    if (size > 1 << 20) {
      yield Buffer.concat(parts);
      parts = [];
      size = 0;
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  yield Buffer.concat(parts);
}

/**
 * Stores the products' packed series (each replacing the stored one), in the caller's transaction:
 * COPY in binary format into a temporary table, then one upsert.
 */
export async function writeSeries(
  client: pg.PoolClient,
  accountId: string,
  series: Map<string, PackedSeries>,
): Promise<void> {
  if (series.size === 0) return;
  await client.query('DROP TABLE IF EXISTS series_in');
  await client.query(
    'CREATE TEMP TABLE series_in (msku text, start int, units bytea, stock bytea) ON COMMIT DROP',
  );
  await pipeline(
    Readable.from(binaryCopy(series)),
    client.query(copyFrom('COPY series_in FROM STDIN (FORMAT binary)')),
  );
  await client.query(
    `INSERT INTO history_series (account_id, msku, start_day, units, stock)
     SELECT $1, msku, DATE '1970-01-01' + start, units, stock FROM series_in
     ON CONFLICT (account_id, msku) DO UPDATE SET
       start_day = EXCLUDED.start_day, units = EXCLUDED.units, stock = EXCLUDED.stock`,
    [accountId],
  );
  await client.query('DROP TABLE series_in');
}

/**
 * The packed series of every product with history, built from the daily rows: a run of days
 * without a row becomes that many -1s (`gap`), and units or stock that start after the series
 * are led by -1s. The history_series migration fills the table with this statement (for every
 * account); `npm run bench:history` uses it after seeding daily rows in SQL.
 */
export const rebuildSeriesSql = (accountFilter: string) => `
WITH sales AS (
  SELECT account_id, msku, day, units AS value, day - lag(day) OVER w - 1 AS gap FROM daily_sales
  ${accountFilter} WINDOW w AS (PARTITION BY account_id, msku ORDER BY day)
), stock AS (
  SELECT account_id, msku, day, available AS value, day - lag(day) OVER w - 1 AS gap FROM daily_stock
  ${accountFilter} WINDOW w AS (PARTITION BY account_id, msku ORDER BY day)
), sales_packed AS (
  SELECT account_id, msku, min(day) AS first,
    string_agg(decode(repeat('ffffffff', coalesce(gap, 0)), 'hex') || int4send(value), ''::bytea ORDER BY day) AS packed
  FROM sales GROUP BY account_id, msku
), stock_packed AS (
  SELECT account_id, msku, min(day) AS first,
    string_agg(decode(repeat('ffffffff', coalesce(gap, 0)), 'hex') || int4send(value), ''::bytea ORDER BY day) AS packed
  FROM stock GROUP BY account_id, msku
)
INSERT INTO history_series (account_id, msku, start_day, units, stock)
SELECT coalesce(u.account_id, k.account_id), coalesce(u.msku, k.msku), least(u.first, k.first),
  coalesce(decode(repeat('ffffffff', u.first - least(u.first, k.first)), 'hex') || u.packed, ''::bytea),
  decode(repeat('ffffffff', k.first - least(u.first, k.first)), 'hex') || k.packed
FROM sales_packed AS u FULL JOIN stock_packed AS k ON k.account_id = u.account_id AND k.msku = u.msku
ON CONFLICT (account_id, msku) DO UPDATE SET
  start_day = EXCLUDED.start_day, units = EXCLUDED.units, stock = EXCLUDED.stock`;

/** Rebuilds the account's packed series from its daily rows (see rebuildSeriesSql). */
export async function rebuildSeries(client: pg.PoolClient, accountId: string): Promise<void> {
  await client.query(rebuildSeriesSql('WHERE account_id = $1'), [accountId]);
}
