/**
 * Serialised compact rows kept per account and product, for the whole-table read of accounts too
 * large for a stored answer (answer-cache.ts): a read sends the kept JSON of every product whose
 * stored row is the one the JSON was made from, and derives and serialises only the others.
 *
 * A row's JSON depends on the product's stored values, its forecast's, the account's calculation
 * defaults and the day. The first two are named by each row's `key` (read with the row: the
 * product's tuple xmin and version and the forecast's tuple xmin, so that any write to either, by
 * any path, gives another key); the last two, with the database server's identity (transaction
 * ids start again on another server), by the account's `context`, which drops every kept row of
 * the account when it changes. The account's forecast generation the rows were read under is kept
 * with them: while it stays the same, no forecast was written, and a read need not read the
 * forecasts' keys again.
 */

/** The budget of one process (about 30 MB holds 100,000 rows). */
export const ROW_CACHE_BYTES = 96 * 1024 * 1024;

/** What an entry is counted for besides its strings (the map's slot and the entry object). */
const ENTRY_OVERHEAD = 80;

export type KeptRow = { key: string; json: string; bytes: number };

export type KeptRows = { rows: ReadonlyMap<string, KeptRow>; forecastGeneration: number };

type AccountRows = KeptRows & { context: string; bytes: number };

export type RowCache = {
  /** The most bytes it keeps: an account's rows beyond it are never kept. */
  maxBytes: number;
  /** The account's kept rows when they were made under `context`, or undefined. */
  rowsOf: (account: string, context: string) => KeptRows | undefined;
  /** Stores the rows of one read as the account's (those of products no longer read go). */
  replace: (
    account: string,
    context: string,
    rows: ReadonlyMap<string, KeptRow>,
    forecastGeneration: number,
  ) => void;
  /** Drops the account's rows (a read found them too many to keep). */
  forget: (account: string) => void;
};

// V8 keeps a string of Latin-1 characters in one byte each and any other in two (JSON escapes
// control characters, so none of those is counted as wide here).
const WIDE = /[^\x20-\xff]/;
const stringBytes = (text: string) => (WIDE.test(text) ? 2 : 1) * text.length;

/** A row to keep, with what it holds in memory counted once, as it is made. */
export const keptRow = (msku: string, key: string, json: string): KeptRow => ({
  key,
  json,
  bytes: stringBytes(msku) + key.length + stringBytes(json) + ENTRY_OVERHEAD,
});

/** Rows up to `maxBytes` in all; the least recently used account's go first. */
export function createRowCache(maxBytes: number): RowCache {
  // Map order is the recency order: an account is deleted and set again when used.
  const accounts = new Map<string, AccountRows>();
  let total = 0;

  function forget(account: string) {
    const previous = accounts.get(account);
    if (!previous) return;
    total -= previous.bytes;
    accounts.delete(account);
  }

  return {
    maxBytes,
    rowsOf(account, context) {
      const kept = accounts.get(account);
      if (!kept || kept.context !== context) return undefined;
      accounts.delete(account);
      accounts.set(account, kept);
      return kept;
    },
    replace(account, context, rows, forecastGeneration) {
      forget(account);
      let bytes = 0;
      for (const entry of rows.values()) bytes += entry.bytes;
      if (bytes > maxBytes) return;
      accounts.set(account, { context, rows, forecastGeneration, bytes });
      total += bytes;
      for (const [oldest, entry] of accounts) {
        if (total <= maxBytes) break;
        accounts.delete(oldest);
        total -= entry.bytes;
      }
    },
    forget,
  };
}
