import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { HistoryImportResult, HistoryKind, HistoryRow, UploadPart } from '../../core/sales-history/rows';
import { MAX_DAILY_UNITS } from '../../core/sales-history/rows';
import { copyValue } from '../db/copy-text';
import { allowLongStatements, type Db } from '../db/pool';
import { recomputeForecasts } from './forecasts';
import { phase, phaseClock } from './phases';
import { mergeIntoSeries } from './series';

const UNKNOWN_EXAMPLES = 5;
/** Chunks of an upload that never got its last part are deleted after this long. */
const ABANDONED_UPLOAD_HOURS = 24;

export const pool = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/** A request that cannot be applied as sent (400), e.g. a day whose lines add up past the limit. */
export class HistoryInputError extends Error {}
/** A part of an upload that does not follow the parts received so far (409). */
export class UploadOrderError extends Error {}

function* copyText(rows: readonly HistoryRow[], part: number, prefix = ''): Generator<string> {
  const chunkRows = 5000;
  for (let start = 0; start < rows.length; start += chunkRows) {
    let chunk = '';
    const end = Math.min(rows.length, start + chunkRows);
    for (let line = start; line < end; line++) {
      const row = rows[line]!;
      chunk += `${prefix}${part}\t${line}\t${copyValue(row.msku)}\t${row.day}\t${row.value}\t${copyValue(row.revenue)}\n`;
    }
    yield chunk;
  }
}

async function copyInto(client: pg.PoolClient, target: string, text: Iterable<string>) {
  await pipeline(Readable.from(text), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
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
 * starts (part 0): at every part, finding them read every row staged so far.
 */
async function receivedParts(
  client: pg.PoolClient,
  accountId: string,
  kind: HistoryKind,
  upload: UploadPart,
) {
  const uploadId = upload.id;
  if (upload.part === 0) {
    await client.query(
      `DELETE FROM history_upload_rows WHERE account_id = $1 AND created_at < now() - interval '${ABANDONED_UPLOAD_HOURS} hours'`,
      [accountId],
    );
  }
  // Parts are only ever kept in order (checkPartOrder), so the last one counts them: one probe of
  // the upload's index instead of counting every row staged so far at each part.
  const result = await client.query<{ kind: string; part: number }>(
    `SELECT kind, part FROM history_upload_rows WHERE account_id = $1 AND upload_id = $2
     ORDER BY part DESC LIMIT 1`,
    [accountId, uploadId],
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

/** Keeps one part of a chunked file until its last part arrives; nothing reaches the history yet. */
export async function stageUploadPart(
  db: Db,
  accountId: string,
  kind: HistoryKind,
  upload: UploadPart,
  rows: readonly HistoryRow[],
): Promise<{ staged: number }> {
  return inTransaction(db, async (client) => {
    await lockAccount(client, accountId);
    checkPartOrder(await receivedParts(client, accountId, kind, upload), upload);
    await phase('stage part', () =>
      copyInto(
        client,
        'history_upload_rows (account_id, upload_id, kind, part, line, msku, day, value, revenue)',
        copyText(rows, upload.part, `${accountId}\t${upload.id}\t${kind}\t`),
      ),
    );
    return { staged: rows.length };
  });
}

/**
 * Lines of one product and day merged: order lines add up, the last stock snapshot wins. In the
 * daily tables' key order, so that the upsert walks their index in order instead of at random.
 */
function mergeSql(kind: HistoryKind): string {
  return kind === 'sales'
    ? `SELECT msku, day, sum(value) AS value, sum(revenue) AS revenue FROM history_in GROUP BY msku, day
       ORDER BY msku, day`
    : `SELECT DISTINCT ON (msku, day) msku, day, value, NULL::numeric AS revenue FROM history_in
       ORDER BY msku, day, part DESC, line DESC`;
}

const TARGET: Record<HistoryKind, { table: string; column: string; range: string }> = {
  sales: { table: 'daily_sales', column: 'units', range: 'sales_last_day' },
  stock: { table: 'daily_stock', column: 'available', range: 'stock_last_day' },
};

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
  rows: readonly HistoryRow[],
  upload: UploadPart | null,
): Promise<HistoryImportResult> {
  return inTransaction(db, (client) => writeHistory(client, accountId, kind, rows, upload));
}

/**
 * importHistory's work inside a transaction the caller holds (the marketplace sync writes its
 * daily units through it within its own step transaction).
 */
export async function writeHistory(
  client: pg.PoolClient,
  accountId: string,
  kind: HistoryKind,
  rows: readonly HistoryRow[],
  upload: UploadPart | null,
): Promise<HistoryImportResult> {
  const target = TARGET[kind];
  const lap = phaseClock();
  await lockAccount(client, accountId);
  await client.query(
    `CREATE TEMP TABLE history_in (part int, line int, msku text, day date, value int, revenue numeric)
     ON COMMIT DROP`,
  );
  if (upload) {
    checkPartOrder(await receivedParts(client, accountId, kind, upload), upload);
    await client.query(
      `INSERT INTO history_in SELECT part, line, msku, day, value, revenue FROM history_upload_rows
       WHERE account_id = $1 AND upload_id = $2`,
      [accountId, upload.id],
    );
    await client.query('DELETE FROM history_upload_rows WHERE account_id = $1 AND upload_id = $2', [
      accountId,
      upload.id,
    ]);
  }
  await copyInto(client, 'history_in', copyText(rows, upload?.part ?? 0));
  lap('commit: gather parts');

  await client.query(`CREATE TEMP TABLE history_days ON COMMIT DROP AS ${mergeSql(kind)}`);
  const counts = await client.query<{ lines: number; merged: number }>(
    'SELECT (SELECT count(*)::int FROM history_in) AS lines, (SELECT count(*)::int FROM history_days) AS merged',
  );
  const { lines, merged } = counts.rows[0]!;
  const tooMany = await client.query<{ msku: string; day: string }>(
    'SELECT msku, day::text FROM history_days WHERE value > $1 ORDER BY msku, day LIMIT 1',
    [MAX_DAILY_UNITS],
  );
  if (tooMany.rows[0]) {
    const { msku, day } = tooMany.rows[0];
    throw new HistoryInputError(
      `The lines of ${msku.slice(0, 60)} on ${day} add up to more than ${MAX_DAILY_UNITS.toLocaleString('en-US')} units`,
    );
  }
  // The file's products are looked up once each, not once per line; a file without unknown
  // products (the usual one) then deletes nothing.
  await client.query(
    `CREATE TEMP TABLE history_unknown ON COMMIT DROP AS
     SELECT msku FROM (SELECT DISTINCT msku FROM history_days) AS h
     WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.account_id = $1 AND p.msku = h.msku)`,
    [accountId],
  );
  const unknown = await client.query<{ count: number; examples: string[] | null }>(
    `SELECT count(*)::int AS count, (array_agg(msku ORDER BY msku))[1:${UNKNOWN_EXAMPLES}] AS examples
     FROM history_unknown`,
  );
  if (unknown.rows[0]!.count > 0) {
    await client.query('DELETE FROM history_days WHERE msku IN (SELECT msku FROM history_unknown)');
  }
  lap('commit: merge lines, unknown products');
  const revenue = kind === 'sales' ? ', revenue' : '';
  await client.query(
    `INSERT INTO ${target.table} (account_id, msku, day, ${target.column}${revenue})
     SELECT $1, msku, day, value${revenue} FROM history_days
     ON CONFLICT (account_id, msku, day) DO UPDATE SET ${target.column} = EXCLUDED.${target.column}
     ${kind === 'sales' ? ', revenue = EXCLUDED.revenue' : ''}`,
    [accountId],
  );
  lap('commit: upsert daily rows');
  const { series, days, last } = await mergeIntoSeries(
    client,
    accountId,
    kind === 'sales' ? 'units' : 'stock',
  );
  const products = series.size;
  lap('commit: merge into series');
  if (last) {
    await client.query(
      `INSERT INTO history_ranges (account_id, ${target.range}, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (account_id) DO UPDATE SET
         ${target.range} = GREATEST(history_ranges.${target.range}, EXCLUDED.${target.range}), updated_at = now()`,
      [accountId, last],
    );
  }
  lap('commit: ranges');
  // The products the file touched are those whose series it wrote.
  const forecasts = await recomputeForecasts(client, accountId, [...series.keys()], series);
  return {
    days,
    products,
    unknownProducts: unknown.rows[0]!.count,
    unknownExamples: unknown.rows[0]!.examples ?? [],
    duplicates: lines - merged,
    forecasts,
  };
}
