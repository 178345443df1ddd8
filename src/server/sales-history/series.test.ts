import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NO_ROW } from '../../core/forecast/series';
import { createPool } from '../db/pool';
import { createTestDatabase } from '../test-support/test-app';
import { copyOut, packDays, unpackDays } from './series';

describe('packDays and unpackDays', () => {
  it('write 4-byte big-endian integers, as int4send does, and read them back', () => {
    const days = Int32Array.from([0, 1, NO_ROW, 258, 2_000_000_000]);
    const bytes = packDays(days);
    expect(bytes.toString('hex')).toBe('0000000000000001ffffffff0000010277359400');
    expect(Array.from(unpackDays(bytes))).toEqual(Array.from(days));
  });

  it('reads a slice of a larger buffer at any offset', () => {
    const bytes = Buffer.from('ff0000000500000007', 'hex').subarray(1);
    expect(Array.from(unpackDays(bytes))).toEqual([5, 7]);
  });
});

describe('copyOut', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());
  afterEach(() => vi.restoreAllMocks());

  // The pool's query timeout, a delay nothing else here uses: pg arms it around each query.
  const QUERY_TIMEOUT_MS = 61_234;

  /** Runs `copy` and says whether pg's query timers armed meanwhile were all cleared. */
  async function queryTimersCleared(copy: (client: pg.PoolClient) => Promise<unknown>) {
    const pool = createPool(database.url, 1, { queryTimeoutMs: QUERY_TIMEOUT_MS });
    const client = await pool.connect();
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const cleared = vi.spyOn(globalThis, 'clearTimeout');
    try {
      await copy(client);
    } finally {
      client.release();
      await pool.end();
    }
    const timers = armed.mock.calls.flatMap((call, index) =>
      call[1] === QUERY_TIMEOUT_MS ? [armed.mock.results[index]!.value] : [],
    );
    expect(timers).toHaveLength(1);
    return timers.every((timer) => cleared.mock.calls.some(([handle]) => handle === timer));
  }

  it("returns the copy's output and clears pg's query timer", async () => {
    let output = '';
    const isCleared = await queryTimersCleared(async (client) => {
      output = (await copyOut(client, `COPY (SELECT 'a' UNION ALL SELECT 'b') TO STDOUT`)).toString();
    });
    expect(output).toBe('a\nb\n');
    expect(isCleared).toBe(true);
  });

  it('clears it after a copy that fails too', async () => {
    const isCleared = await queryTimersCleared((client) =>
      expect(copyOut(client, 'COPY (SELECT 1 / 0) TO STDOUT')).rejects.toThrow(/division by zero/),
    );
    expect(isCleared).toBe(true);
  });

  it('still gives up on a copy that outlasts the query timeout', async () => {
    const pool = createPool(database.url, 1, { queryTimeoutMs: 200 });
    const client = await pool.connect();
    try {
      await expect(copyOut(client, 'COPY (SELECT pg_sleep(2)) TO STDOUT')).rejects.toThrow(/timeout/i);
    } finally {
      client.release(true);
      await pool.end();
    }
  });
});
