import { setImmediate as nextTurn } from 'node:timers/promises';
import { calculationDefaultsFrom } from '../db/calculation-defaults';
import type { Db } from '../db/pool';
import { listKeyedProductValues, listProductRowKeys } from './queries';
import { type KeptRow, keptRow, type RowCache } from './row-cache';
import { compactRowFromValues, MSKU_INDEX, READ_KEY_COUNT, TABLE_ROW_KEYS } from './table-rows';

/** Rows serialised between two turns of the event loop (as `jsonArrayInTurns`). */
const SLICE = 500;

/**
 * The whole table in the compact shape, as pieces to send: `{"keys":[…],"rows":[…]}` with exactly
 * the bytes of `JSON.stringify({keys, rows})` over `compactRowFromValues`. Rows whose stored product and forecast are
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
): Promise<string[]> {
  const defaults = calculationDefaultsFrom(table.defaults);
  const context = `${table.server}\n${day}\n${JSON.stringify(table.defaults)}`;
  const keptRows = cache.rowsOf(accountId, context);
  const kept = keptRows?.rows;
  const productKeysOnly = keptRows?.forecastGeneration === table.forecastGeneration;
  const isKept = (hit: KeptRow | undefined, key: string): hit is KeptRow =>
    hit !== undefined &&
    (hit.key === key || (productKeysOnly && hit.key.length > key.length && hit.key.startsWith(`${key} `)));
  // Either [msku, key] per product with the changed ones' values in `fetched`, or every product's
  // values with its key last.
  let listed: unknown[][];
  let fetched: Map<string, unknown[]> | undefined;
  if (kept) {
    const keys = await listProductRowKeys(db, accountId, !productKeysOnly);
    const changed = keys.filter(([msku, key]) => !isKept(kept.get(msku), key)).map(([msku]) => msku);
    if (changed.length > keys.length / 2) {
      listed = await listKeyedProductValues(db, accountId);
    } else {
      listed = keys;
      const values = changed.length > 0 ? await listKeyedProductValues(db, accountId, changed) : [];
      fetched = new Map(values.map((row) => [row[MSKU_INDEX] as string, row]));
    }
  } else {
    listed = await listKeyedProductValues(db, accountId);
  }

  const next = new Map<string, KeptRow>();
  const pieces = [`{"keys":${JSON.stringify(TABLE_ROW_KEYS)},"rows":[`];
  let first = true;
  for (let start = 0; start < listed.length; start += SLICE) {
    if (start > 0) await nextTurn();
    const part: string[] = [];
    for (let i = start; i < Math.min(listed.length, start + SLICE); i++) {
      const row = listed[i]!;
      const msku = (fetched ? row[0] : row[MSKU_INDEX]) as string;
      const key = (fetched ? row[1] : row[READ_KEY_COUNT]) as string;
      const hit = kept?.get(msku);
      if (isKept(hit, key)) {
        next.set(msku, hit);
        part.push(hit.json);
        continue;
      }
      const values = fetched ? fetched.get(msku) : row;
      // Deleted since its key was read.
      if (!values) continue;
      const rowKey = values[READ_KEY_COUNT] as string;
      // The key off the end (the row is this read's own): what is left is what the table reads.
      values.length = READ_KEY_COUNT;
      const json = JSON.stringify(compactRowFromValues(values, defaults, day));
      next.set(msku, keptRow(msku, rowKey, json));
      part.push(json);
    }
    if (part.length > 0) {
      pieces.push((first ? '' : ',') + part.join(','));
      first = false;
    }
  }
  pieces.push(']}');
  cache.replace(accountId, context, next, table.forecastGeneration);
  return pieces;
}
