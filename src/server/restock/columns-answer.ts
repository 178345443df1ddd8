import { setImmediate as nextTurn } from 'node:timers/promises';
import { COMPACT_ANSWER_END, compactAnswerHead } from '../../core/restock/compact-rows';
import { calculationDefaultsFrom } from '../db/calculation-defaults';
import type { Db } from '../db/pool';
import { forEachProductValues, listKeyedProductValues, listProductRowKeys } from './queries';
import { type KeptRow, keptRow, type RowCache } from './row-cache';
import { compactRowFromValues, MSKU_INDEX, READ_KEY_COUNT, TABLE_ROW_KEYS } from './table-rows';

/** What stops a read whose client went away: an AbortSignal. */
type Cancellation = Pick<AbortSignal, 'throwIfAborted'>;

/** Rows serialised between two turns of the event loop. */
const SLICE = 500;

/**
 * The whole table in the compact shape, handed to `write` in pieces as it is made:
 * `{"keys":[…],"rows":[…]}`, the JSON of `{keys, rows}` over `compactRowFromValues` framed by a
 * line break before each slice of rows and before the end (`compactAnswerHead`), so that the page
 * decodes each slice as it arrives. Rows whose stored product and forecast are
 * those a kept row was made from (same key, same defaults and day) are sent as kept; the others
 * are read, derived and serialised, and kept for the next read.
 *
 * With kept rows, a first statement reads only each product's key, and a second the values of the
 * products whose key changed (or every product's, when most did). A product written between the
 * two is answered as the second saw it; one deleted between them is left out. While the account's
 * forecast generation (read by the caller before any of this) is the one the kept rows were read
 * under, no forecast was written since, and only the products' part of each key is read and
 * compared: a product's forecast goes only with the product itself.
 */
export async function columnsAnswer(
  db: Db,
  cache: RowCache,
  accountId: string,
  table: { defaults: Record<string, unknown> | null; forecastGeneration: number; server: string },
  day: string,
  write: (piece: string) => void,
  cancel?: Cancellation,
): Promise<void> {
  // Gone while it waited for its turn.
  cancel?.throwIfAborted();
  const defaults = calculationDefaultsFrom(table.defaults);
  const context = `${table.server}\n${day}\n${JSON.stringify(table.defaults)}`;
  const keptRows = cache.rowsOf(accountId, context);
  const kept = keptRows?.rows;
  const productKeysOnly = keptRows?.forecastGeneration === table.forecastGeneration;
  const isKept = (hit: KeptRow | undefined, key: string): hit is KeptRow =>
    hit !== undefined &&
    (hit.key === key || (productKeysOnly && hit.key.length > key.length && hit.key.startsWith(`${key} `)));

  // The rows to keep for the next read, until they pass the cache's budget: an account too large
  // to keep is not worth a kept row's bookkeeping for each of its products.
  let next: Map<string, KeptRow> | undefined = new Map();
  let nextBytes = 0;
  const keep = (msku: string, row: KeptRow) => {
    if (!next) return;
    next.set(msku, row);
    nextBytes += row.bytes;
    if (nextBytes > cache.maxBytes) next = undefined;
  };
  // The head goes out with the first rows, once the reads have worked (see sendAsBuilt).
  let head: string | null = compactAnswerHead(TABLE_ROW_KEYS);
  const send = (part: string[]) => {
    if (part.length === 0) return;
    write(`${head ?? ''}\n${head === null ? ',' : ''}${part.join(',')}`);
    head = null;
  };
  // Derives and serialises one product's values (its row key last) as read.
  const rowJson = (values: unknown[], msku: string) => {
    const rowKey = values[READ_KEY_COUNT] as string;
    // The key off the end (the row is this read's own): what is left is what the table reads.
    values.length = READ_KEY_COUNT;
    const json = JSON.stringify(compactRowFromValues(values, defaults, day));
    if (next) keep(msku, keptRow(msku, rowKey, json));
    return json;
  };

  // With kept rows, every product's key first, and only the changed products' values (unless most
  // changed).
  if (kept) {
    const keys = await listProductRowKeys(db, accountId, !productKeysOnly);
    const changed = keys.filter(([msku, key]) => !isKept(kept.get(msku), key)).map(([msku]) => msku);
    if (changed.length <= keys.length / 2) {
      const values = changed.length > 0 ? await listKeyedProductValues(db, accountId, changed) : [];
      const fetched = new Map(values.map((row) => [row[MSKU_INDEX] as string, row]));
      await inSlices(
        cancel,
        keys.length,
        (i) => {
          const [msku, key] = keys[i]!;
          const hit = kept.get(msku);
          if (isKept(hit, key)) {
            keep(msku, hit);
            return hit.json;
          }
          const row = fetched.get(msku);
          // Deleted since its key was read.
          return row ? rowJson(row, msku) : undefined;
        },
        send,
      );
      return finish();
    }
  }
  await forEachProductValues(db, accountId, true, (rows) =>
    inSlices(
      cancel,
      rows.length,
      (i) => {
        const row = rows[i]!;
        const msku = row[MSKU_INDEX] as string;
        const hit = kept?.get(msku);
        if (isKept(hit, row[READ_KEY_COUNT] as string)) {
          keep(msku, hit);
          return hit.json;
        }
        return rowJson(row, msku);
      },
      send,
    ),
  );
  return finish();

  function finish() {
    write(`${head ?? ''}\n${COMPACT_ANSWER_END}`);
    if (next) cache.replace(accountId, context, next, table.forecastGeneration);
    else cache.forget(accountId);
  }
}

/**
 * The JSON of rows 0 to `count` − 1, sent `SLICE` at a time with a turn of the event loop between,
 * stopped (by its error) before any slice once `cancel` is.
 */
async function inSlices(
  cancel: Cancellation | undefined,
  count: number,
  jsonOf: (index: number) => string | undefined,
  send: (part: string[]) => void,
): Promise<void> {
  for (let start = 0; start < count; start += SLICE) {
    if (start > 0) await nextTurn();
    cancel?.throwIfAborted();
    const part: string[] = [];
    for (let i = start; i < Math.min(count, start + SLICE); i++) {
      const json = jsonOf(i);
      if (json !== undefined) part.push(json);
    }
    send(part);
  }
}
