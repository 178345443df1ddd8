import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { isoDay } from '../../core/forecast/days';
import { type PackedSeries, type SeriesKind, withDays } from '../../core/forecast/series';
import type {
  HistoryImportResult,
  HistoryKind,
  HistoryLines,
  HistoryRow,
  UploadPart,
} from '../../core/sales-history/rows';
import { MAX_DAILY_REVENUE, MAX_DAILY_UNITS, MAX_UPLOAD_PARTS } from '../../core/sales-history/rows';
import { copyValue } from '../db/copy-text';
import { allowLongStatements, type Db } from '../db/pool';
import { type DaysTaken, dailyRowsCopy } from './daily-rows-copy';
import { mergeLines, type PartLines, type ProductDays, partLines } from './file-lines';
import {
  type ForecastLines,
  forecastCopyLines,
  forecastWindow,
  replaceForecasts,
  windowEnding,
} from './forecasts';
import { phase, phaseClock } from './phases';
import { readSeries, writeSeries } from './series';

const UNKNOWN_EXAMPLES = 5;
/** Parts of an upload that never got its last part are deleted after this long. */
const ABANDONED_UPLOAD_HOURS = 24;
/**
 * Parts an account may keep at once, all its uploads together: two files of the most parts one
 * upload takes. Parts go as soon as a file is read, so a seller who closes tabs mid-file leaves
 * some for a day; nobody may fill the disk with them. At the limit, uploads that have had no part
 * for an hour make room first.
 */
export const MAX_STAGED_PARTS = 2 * MAX_UPLOAD_PARTS;
const IDLE_UPLOAD_MINUTES = 60;
export const TOO_MANY_STAGED_PARTS_MESSAGE =
  'Too many files are being uploaded at once: import or cancel one, then send this one again';

export const pool = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/** A request that cannot be applied as sent (400), e.g. a day whose lines add up past the limit. */
export class HistoryInputError extends Error {}
/** A part of an upload that does not follow the parts received so far (409). */
export class UploadOrderError extends Error {}
/** A product of the file deleted while the file was written (409): nothing was written. */
export class ProductsChangedError extends Error {}

const FOREIGN_KEY_VIOLATION = '23503';

async function copyInto(
  client: pg.PoolClient,
  target: string,
  data: Iterable<string> | Iterable<Buffer>,
  format: 'text' | 'binary' = 'text',
) {
  const options = format === 'binary' ? ' (FORMAT binary)' : '';
  await pipeline(Readable.from(data), client.query(copyFrom(`COPY ${target} FROM STDIN${options}`)));
}

const lockAccount = (client: pg.PoolClient, accountId: string) =>
  client.query("SELECT pg_advisory_xact_lock(hashtextextended('replen.history:' || $1, 0))", [accountId]);

async function inTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool(db).connect();
  let failed = false;
  let restoreTimeouts = () => {};
  try {
    await client.query('BEGIN');
    // A history import is long work: the import's statement limits (decision 008).
    restoreTimeouts = await allowLongStatements(client);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    restoreTimeouts();
    // A connection whose COPY broke off is not reused.
    client.release(failed);
  }
}

/**
 * Parts already received of an upload. The account's abandoned uploads are dropped when a new one
 * starts (part 0).
 */
async function receivedParts(
  client: pg.PoolClient,
  accountId: string,
  kind: HistoryKind,
  upload: UploadPart,
) {
  if (upload.part === 0) {
    await client.query(
      `DELETE FROM history_upload_parts WHERE account_id = $1 AND created_at < now() - interval '${ABANDONED_UPLOAD_HOURS} hours'`,
      [accountId],
    );
  }
  // Parts are only ever kept in order (checkPartOrder), so the last one counts them.
  const result = await client.query<{ kind: string; part: number }>(
    `SELECT kind, part FROM history_upload_parts WHERE account_id = $1 AND upload_id = $2
     ORDER BY part DESC LIMIT 1`,
    [accountId, upload.id],
  );
  const row = result.rows[0];
  if (row && row.kind !== kind) throw new UploadOrderError(`This upload holds ${row.kind}, not ${kind}`);
  return row ? row.part + 1 : 0;
}

function checkPartOrder(received: number, upload: UploadPart) {
  if (upload.part !== received) {
    throw new UploadOrderError(
      `Part ${upload.part} of the upload arrived, but ${received === 0 ? 'no part' : `parts 0 to ${received - 1}`} came before it: send the parts in order`,
    );
  }
}

const keptParts = async (client: pg.PoolClient, accountId: string) =>
  (
    await client.query<{ parts: number }>(
      'SELECT count(*)::int AS parts FROM history_upload_parts WHERE account_id = $1',
      [accountId],
    )
  ).rows[0]!.parts;

/**
 * Keeps one part of a chunked file until its last part arrives; nothing reaches the history yet.
 * The part is one row: its lines in columns, as JSON.
 */
export async function stageUploadPart(
  db: Db,
  accountId: string,
  kind: HistoryKind,
  upload: UploadPart,
  lines: HistoryLines,
): Promise<{ staged: number }> {
  try {
    return await inTransaction(db, async (client) => {
      await lockAccount(client, accountId);
      checkPartOrder(await receivedParts(client, accountId, kind, upload), upload);
      if ((await keptParts(client, accountId)) >= MAX_STAGED_PARTS) {
        await client.query(
          `DELETE FROM history_upload_parts WHERE account_id = $1 AND upload_id IN (
             SELECT upload_id FROM history_upload_parts WHERE account_id = $1 AND upload_id <> $2
             GROUP BY upload_id HAVING max(created_at) < now() - interval '${IDLE_UPLOAD_MINUTES} minutes')`,
          [accountId, upload.id],
        );
        if ((await keptParts(client, accountId)) >= MAX_STAGED_PARTS) {
          throw new UploadOrderError(TOO_MANY_STAGED_PARTS_MESSAGE);
        }
      }
      await phase('stage part', () =>
        client.query(
          'INSERT INTO history_upload_parts (account_id, upload_id, kind, part, lines) VALUES ($1, $2, $3, $4, $5)',
          [accountId, upload.id, kind, upload.part, JSON.stringify(lines)],
        ),
      );
      return { staged: lines.msku.length };
    });
  } catch (error) {
    // The account was deleted while the part was on its way: nothing of the upload is left.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
      throw new UploadOrderError('The account changed while the part was sent: nothing was kept');
    }
    throw error;
  }
}

/**
 * Drops the staged parts of an upload the seller gave up (the dialog closed, another file chosen,
 * the file failed after its first parts were sent); answers how many there were.
 */
export async function discardUpload(db: Db, accountId: string, uploadId: string): Promise<number> {
  const result = await pool(db).query(
    'DELETE FROM history_upload_parts WHERE account_id = $1 AND upload_id = $2',
    [accountId, uploadId],
  );
  return result.rowCount ?? 0;
}

/** The staged parts of an upload, in order, taken out of the staging table. */
async function takeStagedParts(client: pg.PoolClient, accountId: string, uploadId: string) {
  const staged = await client.query<{ lines: string }>(
    'SELECT lines FROM history_upload_parts WHERE account_id = $1 AND upload_id = $2 ORDER BY part',
    [accountId, uploadId],
  );
  await client.query('DELETE FROM history_upload_parts WHERE account_id = $1 AND upload_id = $2', [
    accountId,
    uploadId,
  ]);
  return staged.rows.map((row) => JSON.parse(row.lines) as PartLines);
}

/**
 * A day whose lines add up past the limit of units or of revenue refuses the file, naming the
 * first such product and day (a revenue past the column's 12 digits would fail the write).
 */
function checkDailyLimit(products: ReadonlyMap<string, ProductDays>) {
  let found: { msku: string; day: number; what: 'units' | 'revenue' } | null = null;
  for (const [msku, { days, values, revenue }] of products) {
    for (let i = 0; i < days.length; i++) {
      const money = revenue?.[i] ?? null;
      // Past the limit, a revenue's text (plain digits) has 10 digits before its point: only such
      // a text is read as a number.
      let pastRevenue = false;
      if (money !== null && money.length >= 10) {
        const point = money.indexOf('.');
        pastRevenue = (point < 0 ? money.length : point) >= 10 && Number(money) > MAX_DAILY_REVENUE;
      }
      if (values[i]! <= MAX_DAILY_UNITS && !pastRevenue) continue;
      if (!found || msku < found.msku || (msku === found.msku && days[i]! < found.day)) {
        found = { msku, day: days[i]!, what: values[i]! > MAX_DAILY_UNITS ? 'units' : 'revenue' };
      }
    }
  }
  if (found?.what === 'units') {
    throw new HistoryInputError(
      `The lines of ${found.msku.slice(0, 60)} on ${isoDay(found.day)} add up to more than ${MAX_DAILY_UNITS.toLocaleString('en-US')} units`,
    );
  }
  if (found) {
    throw new HistoryInputError(
      `The revenue of ${found.msku.slice(0, 60)} on ${isoDay(found.day)} adds up to more than ${MAX_DAILY_REVENUE.toLocaleString('en-US')}`,
    );
  }
}

/** The file's products that the account does not have, in the database's order: one query per file. */
async function unknownProducts(client: pg.PoolClient, accountId: string, mskus: readonly string[]) {
  const result = await client.query<{ msku: string }>(
    `SELECT f.msku FROM unnest($2::text[]) AS f(msku)
     WHERE NOT EXISTS (SELECT 1 FROM products AS p WHERE p.account_id = $1 AND p.msku = f.msku)
     ORDER BY f.msku`,
    [accountId, mskus],
  );
  return result.rows.map((row) => row.msku);
}

const TARGET: Record<HistoryKind, { table: string; columns: string; column: string; range: string }> = {
  sales: {
    table: 'daily_sales',
    columns: 'account_id, msku, day, units, revenue',
    column: 'units',
    range: 'sales_last_day',
  },
  stock: {
    table: 'daily_stock',
    columns: 'account_id, msku, day, available',
    column: 'available',
    range: 'stock_last_day',
  },
};

/** Daily rows that may replace stored ones: COPY into a temporary table, then one upsert. */
async function upsertDailyRows(client: pg.PoolClient, kind: HistoryKind, data: Iterator<Buffer>) {
  const first = data.next();
  if (first.done) return;
  const target = TARGET[kind];
  const sales = kind === 'sales';
  await client.query('DROP TABLE IF EXISTS history_days');
  await client.query(
    `CREATE TEMP TABLE history_days (account_id uuid, msku text, day date, value int${sales ? ', revenue numeric' : ''})
     ON COMMIT DROP`,
  );
  await copyInto(
    client,
    'history_days',
    {
      *[Symbol.iterator]() {
        yield first.value;
        for (let next = data.next(); !next.done; next = data.next()) yield next.value;
      },
    },
    'binary',
  );
  // A day imported again with the same figures is left as it is: a report re-imported over the
  // days it shares with the last one rewrites only the days that changed.
  const changed = sales
    ? `(${target.table}.units, ${target.table}.revenue) IS DISTINCT FROM (EXCLUDED.units, EXCLUDED.revenue)`
    : `${target.table}.available IS DISTINCT FROM EXCLUDED.available`;
  await client.query(
    `INSERT INTO ${target.table} (${target.columns}) SELECT * FROM history_days
     ON CONFLICT (account_id, msku, day) DO UPDATE SET ${target.column} = EXCLUDED.${target.column}
     ${sales ? ', revenue = EXCLUDED.revenue' : ''}
     WHERE ${changed}`,
  );
  await client.query('DROP TABLE history_days');
}

const UNIQUE_VIOLATION = '23505';
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * DESIGN 10: writes a file of daily sales or stock in one transaction. Each product and day of the
 * file replaces the stored one (re-importing a day is idempotent); products the account does not
 * have are counted and left out, never created. The forecasts of every product touched are then
 * recomputed in the same transaction, so restock reads never see history without its forecast.
 */
export async function importHistory(
  db: Db,
  accountId: string,
  kind: HistoryKind,
  lines: HistoryLines,
  upload: UploadPart | null,
): Promise<HistoryImportResult> {
  try {
    return await inTransaction(db, (client) => writeHistory(client, accountId, kind, lines, upload));
  } catch (error) {
    // The products were read at the start; one deleted since (an inventory import's revert)
    // fails its forecast's key. The file can be sent again.
    if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
      throw new ProductsChangedError(
        'Products changed while the file was imported: nothing was written, send it again',
      );
    }
    throw error;
  }
}

/**
 * importHistory's work inside a transaction the caller holds (the marketplace sync writes its
 * daily units through it within its own step transaction).
 *
 * Decision 012: the lines are merged in JS; the stored series of the file's products are read
 * first, then the new daily rows go to PostgreSQL by COPY while Node merges the series and
 * computes the forecasts (the same connection runs one statement at a time, so nothing else is
 * sent meanwhile); series and forecasts are written once the daily rows are in.
 */
export async function writeHistory(
  client: pg.PoolClient,
  accountId: string,
  kind: HistoryKind,
  rows: readonly HistoryRow[] | HistoryLines,
  upload: UploadPart | null,
): Promise<HistoryImportResult> {
  const target = TARGET[kind];
  const seriesKind: SeriesKind = kind === 'sales' ? 'units' : 'stock';
  const lap = phaseClock();
  await lockAccount(client, accountId);
  const parts: PartLines[] = [];
  if (upload) {
    checkPartOrder(await receivedParts(client, accountId, kind, upload), upload);
    parts.push(...(await takeStagedParts(client, accountId, upload.id)));
  }
  parts.push(Array.isArray(rows) ? partLines(rows) : (rows as HistoryLines));
  lap('commit: gather parts');

  const { products, duplicates } = mergeLines(kind, parts);
  parts.length = 0;
  // The file's products are looked up once each, not once per line.
  const unknown = await unknownProducts(client, accountId, [...products.keys()]);
  for (const msku of unknown) products.delete(msku);
  // Only the days that are written must fit: a product left out is counted, never a reason to
  // refuse the file.
  checkDailyLimit(products);
  lap('commit: merge lines, unknown products');
  const answer = (days: number, forecasts: number): HistoryImportResult => ({
    days,
    products: products.size,
    unknownProducts: unknown.length,
    unknownExamples: unknown.slice(0, UNKNOWN_EXAMPLES),
    duplicates,
    forecasts,
  });
  if (products.size === 0) return answer(0, 0);

  // In the daily tables' key order, so that the writes walk their index in order.
  const mskus = [...products.keys()].sort();
  const distinctDays = new Set<number>();
  let lastDay = Number.NEGATIVE_INFINITY;
  for (const { days } of products.values()) {
    for (const day of days) distinctDays.add(day);
    // Merged days are ascending.
    lastDay = Math.max(lastDay, days[days.length - 1]!);
  }
  await client.query('DROP TABLE IF EXISTS history_products');
  await client.query('CREATE TEMP TABLE history_products (msku text PRIMARY KEY) ON COMMIT DROP');
  await copyInto(client, 'history_products', [mskus.map((msku) => `${copyValue(msku)}\n`).join('')]);
  await client.query('ANALYZE history_products');
  const stored = await readSeries(client, accountId, 'history_products');
  const stockedNow = await client.query<{ msku: string; fba_quantity: number | null }>(
    'SELECT p.msku, p.fba_quantity FROM products AS p JOIN history_products USING (msku) WHERE p.account_id = $1',
    [accountId],
  );
  const currentStock = new Map(stockedNow.rows.map((row) => [row.msku, row.fba_quantity]));
  // The forecasts' last day, as history_ranges will hold it once this file is in.
  const storedWindow = await forecastWindow(client, accountId);
  const window =
    kind === 'sales' ? windowEnding(Math.max(storedWindow?.last ?? lastDay, lastDay)) : storedWindow;
  lap('commit: read stored series and products');
  const rowsOf = (taken: DaysTaken) => dailyRowsCopy(accountId, kind, mskus, products, stored, taken);

  await client.query('SAVEPOINT history_new_days');
  const writing = copyInto(client, `${target.table} (${target.columns})`, rowsOf('new'), 'binary').then(
    () => null,
    (error: unknown) => error,
  );
  // Beside the COPY: the series and forecasts in JS, handing the event loop back now and then so
  // that the COPY's data keeps flowing.
  const merged = new Map<string, PackedSeries>();
  const forecastLines: ForecastLines[] = [];
  try {
    for (let i = 0; i < mskus.length; i++) {
      const msku = mskus[i]!;
      const { days, values } = products.get(msku)!;
      const series = withDays(stored.get(msku) ?? null, seriesKind, days, values);
      merged.set(msku, series);
      if (window && currentStock.has(msku)) {
        const line = forecastCopyLines(accountId, msku, series, currentStock.get(msku) ?? null, window);
        if (line) forecastLines.push(line);
      }
      if (i % 50 === 49) await yieldToIo();
    }
  } catch (error) {
    // The connection is the caller's to roll back: not while the COPY still runs on it.
    await writing;
    throw error;
  }
  lap('commit: new daily rows by COPY, beside: COPY data, merge series, compute forecasts');
  const failed = await writing;
  if (failed) {
    if ((failed as { code?: string }).code !== UNIQUE_VIOLATION) throw failed;
    // The series missed a stored day: every row goes through the upsert.
    await client.query('ROLLBACK TO SAVEPOINT history_new_days');
    await upsertDailyRows(client, kind, rowsOf('all'));
  } else {
    await client.query('RELEASE SAVEPOINT history_new_days');
    // A re-import: the days the series holds replace stored rows.
    await upsertDailyRows(client, kind, rowsOf('stored'));
  }
  lap('commit: new daily rows (the rest of the wait), replaced ones');
  await writeSeries(client, accountId, merged);
  lap('commit: write series');
  await client.query(
    `INSERT INTO history_ranges (account_id, ${target.range}, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (account_id) DO UPDATE SET
       ${target.range} = GREATEST(history_ranges.${target.range}, EXCLUDED.${target.range}), updated_at = now()`,
    [accountId, isoDay(lastDay)],
  );
  if (window) await replaceForecasts(client, accountId, 'history_products', forecastLines);
  lap('commit: ranges, write forecasts');
  return answer(distinctDays.size, window ? forecastLines.length : 0);
}
