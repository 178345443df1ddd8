import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ROW } from '../../core/forecast/series';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { dailyRowsCopy, plainDecimal } from './daily-rows-copy';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ACCOUNT = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
const REVENUES = [
  '0',
  '19.99',
  '0.005',
  '0.015',
  '1234567.891',
  '1e-7',
  '2.5e+3',
  '100000000',
  '0.30',
  '10000.0001',
];

describe('plainDecimal', () => {
  it('moves an exponent into the digits', () => {
    expect(plainDecimal('1e-7')).toEqual({ negative: false, whole: '', fraction: '0000001' });
    expect(plainDecimal('1.5e+3')).toEqual({ negative: false, whole: '1500', fraction: '' });
    expect(plainDecimal('-12.5')).toEqual({ negative: true, whole: '12', fraction: '5' });
  });
});

describe('dailyRowsCopy', () => {
  it('writes rows PostgreSQL reads as it reads the same values in text, numerics included', async () => {
    const days = REVENUES.map((_, i) => 20_000 + i);
    const products = new Map([
      ['A\tB ü', { days, values: days.map((_, i) => i), revenue: REVENUES }],
      ['C', { days: [20_000, 20_001], values: [7, 8], revenue: [null, '2.5'] }],
    ]);
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(
        'CREATE TEMP TABLE got (account_id uuid, msku text, day date, value int, revenue numeric(14, 2)) ON COMMIT DROP',
      );
      await pipeline(
        Readable.from(dailyRowsCopy(ACCOUNT, 'sales', ['A\tB ü', 'C'], products, new Map(), 'all')),
        client.query(copyFrom('COPY got FROM STDIN (FORMAT binary)')),
      );
      const got = await client.query(
        'SELECT account_id, msku, day::text, value, revenue::text FROM got ORDER BY msku, day',
      );
      const expected = await client.query(
        `SELECT $1::uuid AS account_id, m AS msku, (DATE '1970-01-01' + d)::text AS day, v AS value,
           r::numeric(14, 2)::text AS revenue
         FROM unnest($2::text[], $3::int[], $4::int[], $5::text[]) AS x(m, d, v, r) ORDER BY msku, day`,
        [
          ACCOUNT,
          [...REVENUES.map(() => 'A\tB ü'), 'C', 'C'],
          [...days, 20_000, 20_001],
          [...days.map((_, i) => i), 7, 8],
          [...REVENUES, null, '2.5'],
        ],
      );
      expect(got.rows).toEqual(expected.rows);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });

  it("splits a product's days by whether its stored series holds them", () => {
    const products = new Map([['A', { days: [10, 11, 12], values: [1, 2, 3], revenue: null }]]);
    const stored = new Map([
      ['A', { start: 9, units: new Int32Array(0), stock: Int32Array.of(5, NO_ROW, 4) }],
    ]);
    const rows = (taken: 'new' | 'stored' | 'all') =>
      Buffer.concat([...dailyRowsCopy(ACCOUNT, 'stock', ['A'], products, stored, taken)]);
    // Header (19 bytes), rows of 2 + 4 + 16 + 4 + 1 + 16 bytes, trailer (2 bytes).
    const count = (taken: 'new' | 'stored' | 'all') => (rows(taken).length - 21) / 43;
    expect([count('new'), count('stored'), count('all')]).toEqual([2, 1, 3]);
    // Day 11 is stored (offset 2 from day 9): the stored ones are day 11 only.
    expect(rows('stored').readInt32BE(19 + 2 + 4 + 16 + 4 + 1 + 4)).toBe(11 - 10_957);
  });
});
