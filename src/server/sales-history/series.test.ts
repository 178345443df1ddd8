import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  const timers = () => process.getActiveResourcesInfo().filter((name) => name === 'Timeout').length;

  it("returns the copy's output and leaves none of the client's query timers behind", async () => {
    const pool = createPool(database.url, 1, { queryTimeoutMs: 60_000 });
    const client = await pool.connect();
    try {
      const before = timers();
      const output = await copyOut(client, `COPY (SELECT 'a' UNION ALL SELECT 'b') TO STDOUT`);
      expect(output.toString()).toBe('a\nb\n');
      expect(timers()).toBe(before);
    } finally {
      client.release();
      await pool.end();
    }
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
