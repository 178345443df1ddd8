import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPACT_ANSWER_END,
  CompactAnswerReader,
  type CompactRows,
  compactAnswerHead,
  plainRow,
  rowsFromCompact,
} from '../../core/restock/compact-rows';
import { demoProducts } from '../../core/restock/demo-products';
import { ClientGoneError } from '../http/errors';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { columnsAnswer } from './columns-answer';
import { findTableStamp, forEachProductValues, STORED_PRODUCT_KEYS } from './queries';
import { createRowCache } from './row-cache';
import { MSKU_INDEX, TABLE_ROW_KEYS } from './table-rows';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function accountWith(count: number): Promise<string> {
  const owner = await signUp(t.baseUrl);
  const accountId = await accountIdOf(t.pool, owner.email);
  await insertProducts(t.pool, accountId, demoProducts(count, 11));
  return accountId;
}

const COST_INDEX = STORED_PRODUCT_KEYS.indexOf('cost');

describe('forEachProductValues', () => {
  it('hands every product over in msku order, a chunk at a time, from one snapshot', async () => {
    const accountId = await accountWith(7);
    const chunks: string[][] = [];
    const costs: unknown[] = [];
    await forEachProductValues(
      t.db,
      accountId,
      false,
      async (rows) => {
        // A write made while the read is under way is not seen by the chunks fetched after it (the
        // second may be on its way already; the third is fetched after this write committed).
        if (chunks.length === 0) {
          await t.pool.query('UPDATE products SET cost = 999, version = version + 1 WHERE account_id = $1', [
            accountId,
          ]);
        }
        chunks.push(rows.map((row) => row[MSKU_INDEX] as string));
        costs.push(...rows.map((row) => row[COST_INDEX]));
      },
      3,
    );
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 3, 1]);
    const mskus = chunks.flat();
    expect(mskus).toEqual([...mskus].sort());
    expect(new Set(mskus).size).toBe(7);
    expect(costs).not.toContain(999);
  });

  it('gives its connection back, its transaction rolled back, when the caller fails', async () => {
    const accountId = await accountWith(5);
    const failure = new Error('stop');
    await expect(
      forEachProductValues(
        t.db,
        accountId,
        false,
        async () => {
          throw failure;
        },
        2,
      ),
    ).rejects.toBe(failure);
    // Every connection is idle again: none is left in a transaction or holding its cursor.
    expect(t.pool.totalCount - t.pool.idleCount).toBe(0);
    const open = await t.pool.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(open.rows[0].n).toBe(0);
  });
});

describe('columnsAnswer', () => {
  const read = async (accountId: string, cache = createRowCache(64 * 1024 * 1024), cancel?: AbortSignal) => {
    const table = await findTableStamp(t.db, accountId, 0);
    const pieces: string[] = [];
    await columnsAnswer(t.db, cache, accountId, table, '2026-11-29', (piece) => pieces.push(piece), cancel);
    return pieces;
  };
  const rowsOf = (pieces: string[]) => (JSON.parse(pieces.join('')) as { rows: unknown[][] }).rows;

  it('is framed a line per slice, so that the page decodes each as it arrives to the rows of the whole', async () => {
    const accountId = await accountWith(1200);
    const cache = createRowCache(64 * 1024 * 1024);
    // Twice with one cache: rows derived, then rows sent as kept.
    for (const pieces of [await read(accountId, cache), await read(accountId, cache)]) {
      const text = pieces.join('');
      const lines = text.split('\n');
      expect(lines[0]).toBe(compactAnswerHead(TABLE_ROW_KEYS));
      expect(lines.slice(1, -1).map((line) => line.startsWith(','))).toEqual([false, true, true]);
      expect(lines.at(-1)).toBe(COMPACT_ANSWER_END);
      const reader = new CompactAnswerReader();
      for (const piece of pieces)
        for (let at = 0; at < piece.length; at += 4096) reader.push(piece.slice(at, at + 4096));
      // Compared as plain rows: decoded rows hold only their place.
      const whole = rowsFromCompact(JSON.parse(text) as CompactRows);
      const streamed = reader.finish();
      expect(streamed.rows.map(plainRow)).toEqual(whole.rows.map(plainRow));
      expect(streamed.columns).toEqual(whole.columns);
    }
  });

  it('stops at the next slice when its client is gone, and keeps nothing', async () => {
    const accountId = await accountWith(1200);
    const cache = createRowCache(64 * 1024 * 1024);
    let checks = 0;
    const goneAfterOneSlice = {
      throwIfAborted() {
        checks++;
        if (checks > 2) throw new ClientGoneError();
      },
    } as AbortSignal;
    await expect(read(accountId, cache, goneAfterOneSlice)).rejects.toBeInstanceOf(ClientGoneError);
    expect(checks).toBe(3);
    const table = await findTableStamp(t.db, accountId, 0);
    expect(cache.rowsOf(accountId, `${table.server}\n2026-11-29\n${JSON.stringify(table.defaults)}`)).toBe(
      undefined,
    );
    expect(rowsOf(await read(accountId, cache))).toHaveLength(1200);
  });

  it('writes nothing when it stops before its first rows, so that the error can still be answered', async () => {
    const accountId = await accountWith(3);
    const gone = new AbortController();
    gone.abort(new ClientGoneError());
    const table = await findTableStamp(t.db, accountId, 0);
    const pieces: string[] = [];
    await expect(
      columnsAnswer(
        t.db,
        createRowCache(1024 * 1024),
        accountId,
        table,
        '2026-11-29',
        (piece) => pieces.push(piece),
        gone.signal,
      ),
    ).rejects.toBeInstanceOf(ClientGoneError);
    expect(pieces).toEqual([]);
  });

  it('keeps no rows of an account beyond the budget, and forgets the ones it kept', async () => {
    const accountId = await accountWith(20);
    const table = await findTableStamp(t.db, accountId, 0);
    const context = `${table.server}\n2026-11-29\n${JSON.stringify(table.defaults)}`;
    const roomy = createRowCache(1024 * 1024);
    const first = rowsOf(await read(accountId, roomy));
    expect(roomy.rowsOf(accountId, context)?.rows.size).toBe(20);

    const more = demoProducts(60, 12).slice(20);
    await insertProducts(t.pool, accountId, more);
    // Room for the twenty rows kept, not for sixty.
    let keptBytes = 0;
    for (const row of roomy.rowsOf(accountId, context)!.rows.values()) keptBytes += row.bytes;
    const tight = { ...roomy, maxBytes: keptBytes * 2 };
    const grown = rowsOf(await read(accountId, tight));
    expect(grown).toHaveLength(60);
    expect(grown).toEqual(expect.arrayContaining(first));
    expect(roomy.rowsOf(accountId, context)).toBeUndefined();
  });
});
