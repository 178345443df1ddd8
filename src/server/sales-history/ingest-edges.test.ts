import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDay, utcDayOf } from '../../core/forecast/days';
import { aProduct } from '../../core/restock/test-products';
import type { HistoryImportResult } from '../../core/sales-history/rows';
import { addMemberAndLogIn } from '../test-support/http-client';
import { insertProducts } from '../test-support/products';
import { historyHelpers } from '../test-support/sales-history';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { MAX_STAGED_PARTS, TOO_MANY_STAGED_PARTS_MESSAGE, writeHistory } from './queries';

// The sales-history ingest attacked from outside: concurrent uploads, hostile bodies, failures
// between its writes, and the packed series against the daily rows after each of them.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const SALES = '/api/dynamic/import-sales';
const STOCK = '/api/dynamic/import-stock';
type Result = HistoryImportResult & { staged?: number; message?: string };

const helpers = historyHelpers(() => t);
const { lastDays, storedSales, storedCount, storedSeries, seriesRebuilt } = helpers;

async function ownerWith(...mskus: string[]) {
  const owner = await helpers.ownerWith(...mskus);
  const post = (path: string, body: unknown) => owner.client.post<Result>(path, body, owner.token);
  return { ...owner, post };
}

/** The stored series are those the daily rows give. */
async function expectSeriesMatchDailyRows(accountId: string) {
  expect(await storedSeries(accountId)).toEqual(await seriesRebuilt(accountId));
}

describe('concurrent uploads of one account', () => {
  it('keeps two interleaved uploads apart and writes each whole', async () => {
    const owner = await ownerWith('I-1', 'I-2');
    const days = lastDays(6);
    const a = randomUUID();
    const b = randomUUID();
    const part = (id: string, msku: string, n: number, last: boolean, slice: string[]) =>
      owner.post(SALES, {
        rows: slice.map((day) => ({ msku, day, units: 1 + n })),
        upload: { id, part: n, last },
      });
    const sent = await Promise.all([
      part(a, 'I-1', 0, false, days.slice(0, 3)),
      part(b, 'I-2', 0, false, days.slice(0, 3)),
    ]);
    expect(sent.map((r) => r.status)).toEqual([200, 200]);
    const done = await Promise.all([
      part(b, 'I-2', 1, true, days.slice(3)),
      part(a, 'I-1', 1, true, days.slice(3)),
    ]);
    expect(done.map((r) => r.body.products)).toEqual([1, 1]);
    const stored = await storedSales(owner.accountId);
    expect(stored).toHaveLength(12);
    expect(stored.filter((row) => row.units === 1)).toHaveLength(6);
    expect(await storedCount('history_upload_parts', owner.accountId)).toBe(0);
    await expectSeriesMatchDailyRows(owner.accountId);
  });

  it('takes a part sent twice at once only once (409 for the other), and the file is not doubled', async () => {
    const owner = await ownerWith('R-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    const rows = [{ msku: 'R-1', day, units: 2 }];
    const racing = await Promise.all([
      owner.post(SALES, { rows, upload: { id, part: 0, last: false } }),
      owner.post(SALES, { rows, upload: { id, part: 0, last: false } }),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409]);
    const lasts = await Promise.all([
      owner.post(SALES, { rows, upload: { id, part: 1, last: true } }),
      owner.post(SALES, { rows, upload: { id, part: 1, last: true } }),
    ]);
    expect(lasts.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await storedSales(owner.accountId)).toEqual([{ msku: 'R-1', day, units: 4, revenue: null }]);
  });

  it('writes two whole files sent at once one after the other: the series stay equal to the daily rows', async () => {
    const owner = await ownerWith('W-1', 'W-2');
    const days = lastDays(40);
    const file = (units: number) =>
      days.flatMap((day, i) =>
        i % (units + 1) === 0 ? [] : ['W-1', 'W-2'].map((msku) => ({ msku, day, units })),
      );
    const results = await Promise.all([1, 2, 3].map((units) => owner.post(SALES, { rows: file(units) })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await expectSeriesMatchDailyRows(owner.accountId);
  });

  it('keeps the same upload id of two accounts apart', async () => {
    const one = await ownerWith('T-1');
    const two = await ownerWith('T-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    const send = (owner: typeof one, units: number, part: number, last: boolean) =>
      owner.post(SALES, { rows: [{ msku: 'T-1', day, units }], upload: { id, part, last } });
    expect(
      (await Promise.all([send(one, 1, 0, false), send(two, 5, 0, false)])).map((r) => r.status),
    ).toEqual([200, 200]);
    expect((await Promise.all([send(one, 1, 1, true), send(two, 5, 1, true)])).map((r) => r.status)).toEqual([
      200, 200,
    ]);
    expect((await storedSales(one.accountId)).map((row) => row.units)).toEqual([2]);
    expect((await storedSales(two.accountId)).map((row) => row.units)).toEqual([10]);
  });
});

describe('an upload given up before its last part', () => {
  const uploads = (id: string) => `/api/dynamic/history-uploads/${id}`;

  it('drops its staged parts at once: its last part is then refused and nothing is written', async () => {
    const owner = await ownerWith('G-1');
    const days = lastDays(3);
    const id = randomUUID();
    const part = (n: number, last: boolean) =>
      owner.post(SALES, { rows: [{ msku: 'G-1', day: days[n], units: 4 }], upload: { id, part: n, last } });
    expect((await part(0, false)).status).toBe(200);
    expect((await part(1, false)).status).toBe(200);
    // Upper case is the same id, as for the parts.
    const discarded = await owner.client.del(uploads(id.toUpperCase()), owner.token);
    expect(discarded).toMatchObject({ status: 200, body: { discarded: 2 } });
    expect(await storedCount('history_upload_parts', owner.accountId)).toBe(0);
    const last = await part(2, true);
    expect(last.status).toBe(409);
    expect(last.body.message).toMatch(/^Part 2 of the upload arrived, but no part came before it/);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    // Discarding again finds nothing.
    expect(await owner.client.del(uploads(id), owner.token)).toMatchObject({
      status: 404,
      body: { message: 'Upload not found' },
    });
  });

  it("never drops another account's parts, refuses a bad id and a view-only member", async () => {
    const owner = await ownerWith('H-1');
    const stranger = await ownerWith('H-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    const rows = [{ msku: 'H-1', day, units: 6 }];
    expect((await owner.post(SALES, { rows, upload: { id, part: 0, last: false } })).status).toBe(200);
    // Another account's upload is answered as one that does not exist.
    expect(await stranger.client.del(uploads(id), stranger.token)).toMatchObject({
      status: 404,
      body: { message: 'Upload not found' },
    });
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    expect((await member.client.del(uploads(id), member.token)).status).toBe(403);
    expect((await owner.client.del(uploads(id), null)).status).toBe(401);
    expect(await owner.client.del(uploads('not-a-uuid'), owner.token)).toMatchObject({
      status: 400,
      body: { message: 'upload id must be a UUID' },
    });
    const last = await owner.post(SALES, { rows, upload: { id, part: 1, last: true } });
    expect(last.status).toBe(200);
    expect((await storedSales(owner.accountId)).map((row) => row.units)).toEqual([12]);
  });
});

describe('parts kept at once', () => {
  /** Parts of an unfinished upload, as a tab closed mid-file leaves them, last sent `minutesAgo`. */
  const keep = (accountId: string, upload: string, parts: number, minutesAgo: number) =>
    t.pool.query(
      `INSERT INTO history_upload_parts (account_id, upload_id, kind, part, lines, created_at)
       SELECT $1, $2, 'sales', g, '{"msku":[],"day":[],"value":[],"revenue":[]}', now() - make_interval(mins => $4)
       FROM generate_series(0, $3 - 1) AS g`,
      [accountId, upload, parts, minutesAgo],
    );

  it('are at most two full uploads per account: the next part is refused until one is done', async () => {
    const owner = await ownerWith('K-1');
    const other = await ownerWith('K-1');
    const [day] = lastDays(1);
    const held = randomUUID();
    await keep(owner.accountId, held, MAX_STAGED_PARTS, 5);
    const rows = [{ msku: 'K-1', day, units: 1 }];
    const refused = await owner.post(SALES, { rows, upload: { id: randomUUID(), part: 0, last: false } });
    expect(refused).toMatchObject({ status: 409, body: { message: TOO_MANY_STAGED_PARTS_MESSAGE } });
    // Another account is not held back, and a file of one request needs no parts.
    expect(
      (await other.post(SALES, { rows, upload: { id: randomUUID(), part: 0, last: false } })).status,
    ).toBe(200);
    expect((await owner.post(SALES, { rows })).status).toBe(200);
    // Once the seller gives the old upload up, parts go again.
    expect((await owner.client.del(`/api/dynamic/history-uploads/${held}`, owner.token)).status).toBe(200);
    expect(
      (await owner.post(SALES, { rows, upload: { id: randomUUID(), part: 0, last: false } })).status,
    ).toBe(200);
  });

  it('make room at the limit by dropping uploads that had no part for an hour, never one under way', async () => {
    const owner = await ownerWith('L-1');
    const [day] = lastDays(1);
    const idle = randomUUID();
    const busy = randomUUID();
    await keep(owner.accountId, idle, MAX_STAGED_PARTS - 2, 61);
    await keep(owner.accountId, busy, 2, 61);
    // The upload under way sends its next part: only the other idle upload goes.
    const next = await owner.post(SALES, {
      rows: [{ msku: 'L-1', day, units: 1 }],
      upload: { id: busy, part: 2, last: false },
    });
    expect(next.status).toBe(200);
    const left = await t.pool.query<{ upload_id: string; parts: number }>(
      'SELECT upload_id, count(*)::int AS parts FROM history_upload_parts WHERE account_id = $1 GROUP BY upload_id',
      [owner.accountId],
    );
    expect(left.rows).toEqual([{ upload_id: busy, parts: 3 }]);
  });
});

describe('an upload racing the marketplace sync', () => {
  it('waits for the sync transaction that writes the same days, then replaces them; the series match', async () => {
    const owner = await ownerWith('M-1');
    const days = lastDays(5);
    const client = await t.pool.connect();
    let upload: Promise<{ status: number }>;
    try {
      await client.query('BEGIN');
      await writeHistory(
        client,
        owner.accountId,
        'sales',
        days.map((day) => ({ msku: 'M-1', day, value: 9, revenue: 1 })),
        null,
      );
      upload = owner.post(SALES, { rows: days.slice(2).map((day) => ({ msku: 'M-1', day, units: 1 })) });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await upload).status).toBe(200);
    const stored = await storedSales(owner.accountId);
    expect(stored).toHaveLength(5);
    // Either order leaves one of the two values on the days both wrote, and the series as the rows.
    await expectSeriesMatchDailyRows(owner.accountId);
  });
});

/**
 * Sends `send()` while `deletion` runs in a transaction still open, waits until the request is
 * blocked on a lock inside the statement starting with `blockedAt` (or has answered), then
 * commits the deletion; answers the request's answer.
 */
async function racingDeletion(
  deletion: string,
  params: unknown[],
  blockedAt: string,
  send: () => Promise<{ status: number; body: Result }>,
) {
  const deleting = await t.pool.connect();
  try {
    await deleting.query('BEGIN');
    await deleting.query(deletion, params);
    const upload = send();
    let settled = false;
    void upload.finally(() => {
      settled = true;
    });
    while (!settled) {
      const waiting = await t.pool.query(
        "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1",
        [`${blockedAt}%`],
      );
      if (waiting.rowCount) break;
    }
    await deleting.query('COMMIT');
    return await upload;
  } finally {
    deleting.release();
  }
}

describe('an upload racing the deletion of one of its products', () => {
  it('answers 409 and writes nothing when the product goes while the file is written', async () => {
    const owner = await ownerWith('G-1', 'G-2');
    const days = lastDays(30);
    // As an inventory import's revert does: the product deleted in a transaction still open; the
    // ingest saw the product and waits for the deletion at its forecasts' write.
    const answer = await racingDeletion(
      "DELETE FROM products WHERE account_id = $1 AND msku = 'G-2'",
      [owner.accountId],
      'COPY forecasts',
      () =>
        owner.post(SALES, {
          rows: days.flatMap((day) => ['G-1', 'G-2'].map((msku) => ({ msku, day, units: 2 }))),
        }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'Products changed while the file was imported: nothing was written, send it again',
    );
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    const again = await owner.post(SALES, {
      rows: days.flatMap((day) => ['G-1', 'G-2'].map((msku) => ({ msku, day, units: 2 }))),
    });
    expect(again.body).toMatchObject({ products: 1, unknownProducts: 1, forecasts: 1 });
    await expectSeriesMatchDailyRows(owner.accountId);
  });
});

describe('an upload racing the deletion of its account', () => {
  it('is refused with 409 and leaves no daily row of the deleted account behind', async () => {
    const owner = await ownerWith('E-1');
    const days = lastDays(10);
    // The ingest wrote its daily rows and waits for the deletion at the series' write.
    const answer = await racingDeletion(
      'DELETE FROM accounts WHERE id = $1',
      [owner.accountId],
      'INSERT INTO history_series',
      () => owner.post(SALES, { rows: days.map((day) => ({ msku: 'E-1', day, units: 2 })) }),
    );
    expect(answer.status).toBe(409);
    for (const table of ['daily_sales', 'history_series', 'forecasts', 'forecast_steps', 'history_ranges']) {
      expect(await storedCount(table, owner.accountId), table).toBe(0);
    }
  });
});

describe('hostile and wrong bodies', () => {
  const [day] = [isoDay(utcDayOf(Date.now()) - 1)];
  it.each([
    ['invalid JSON', '{"rows":['],
    ['a JSON string', '"rows"'],
    ['null', 'null'],
    ['a list', '[]'],
    ['a prototype key', `{"rows":[{"msku":"A-1","day":"${day}","units":1}],"__proto__":{"x":1}}`],
    [
      'a prototype key in a row',
      `{"rows":[{"msku":"A-1","day":"${day}","units":1,"__proto__":{"units":5}}]}`,
    ],
    [
      'a constructor prototype',
      `{"rows":[{"msku":"A-1","day":"${day}","units":1}],"constructor":{"prototype":{"x":1}}}`,
    ],
    ['rows of null', '{"rows":[null]}'],
    ['rows as an object', '{"rows":{"0":{}}}'],
    ['an upload list', `{"rows":[{"msku":"A-1","day":"${day}","units":1}],"upload":[]}`],
    [
      'an upload part that is not whole',
      `{"rows":[{"msku":"A-1","day":"${day}","units":1}],"upload":{"id":"${randomUUID()}","part":0.5,"last":true}}`,
    ],
    [
      'an upload id that is not a UUID',
      `{"rows":[{"msku":"A-1","day":"${day}","units":1}],"upload":{"id":"../x","part":0,"last":true}}`,
    ],
    ['a huge number', `{"rows":[{"msku":"A-1","day":"${day}","units":1e400}]}`],
    ['revenue as text', `{"rows":[{"msku":"A-1","day":"${day}","units":1,"revenue":"0.1"}]}`],
    ['a day as a number', '{"rows":[{"msku":"A-1","day":20240101,"units":1}]}'],
    ['an msku as an object', `{"rows":[{"msku":{"a":1},"day":"${day}","units":1}]}`],
    [
      'rows and columns both',
      `{"rows":[{"msku":"A-1","day":"${day}","units":1}],"columns":{"msku":["A-1"],"day":["${day}"],"units":[1],"available":[1]}}`,
    ],
    ['columns as a list', '{"columns":[["A-1"]]}'],
    ['columns of null', '{"columns":null}'],
    [
      'a column as an object',
      `{"columns":{"msku":{"0":"A-1"},"day":["${day}"],"units":[1],"available":[1]}}`,
    ],
    [
      'columns of unequal lengths',
      `{"columns":{"msku":["A-1","A-1"],"day":["${day}"],"units":[1,1],"available":[1,1]}}`,
    ],
    ['a missing column', `{"columns":{"msku":["A-1"],"day":["${day}"]}}`],
    [
      'a prototype key in columns',
      `{"columns":{"msku":["A-1"],"day":["${day}"],"units":[1],"available":[1],"__proto__":{"x":1}}}`,
    ],
    ['a null cell', `{"columns":{"msku":[null],"day":["${day}"],"units":[1],"available":[1]}}`],
    [
      'a huge number in a column',
      `{"columns":{"msku":["A-1"],"day":["${day}"],"units":[1e400],"available":[1e400]}}`,
    ],
    ['empty columns', '{"columns":{"msku":[],"day":[],"units":[],"available":[]}}'],
  ])('refuses %s with a 4xx message and writes nothing', async (_, rawBody) => {
    const owner = await ownerWith('A-1');
    for (const path of [SALES, STOCK]) {
      const response = await owner.client.request<{ message: string }>('POST', path, {
        rawBody,
        token: owner.token,
      });
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(typeof response.body.message).toBe('string');
    }
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    expect(await storedCount('daily_stock', owner.accountId)).toBe(0);
  });

  it('names the row and field of a bad cell sent as columns, as for rows', async () => {
    const owner = await ownerWith('A-1');
    const days = lastDays(3);
    const bad = await owner.post(SALES, {
      columns: { msku: ['A-1', 'A-1', 'A-1'], day: days, units: [1, 2, -3], revenue: [null, 1.5, 2] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Row 3: units must not be negative');
    const unknown = await owner.post(STOCK, { columns: { msku: ['A-1'], day: [days[0]], units: [1] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('columns: unknown field "units"');
    const long = await owner.post(SALES, {
      columns: { msku: ['A-1', 'A-1'], day: days.slice(0, 2), units: [1, 2], revenue: [1] },
    });
    expect(long.body.message).toBe('columns.revenue must have as many cells as columns.msku');
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
  });

  it('writes a file sent as columns in parts exactly as the same file sent as rows', async () => {
    const byRows = await ownerWith('C-1', 'C-2');
    const byColumns = await ownerWith('C-1', 'C-2');
    const days = lastDays(4);
    const lines = days.flatMap((day, i) => [
      { msku: 'C-1', day, units: i + 1, revenue: i === 0 ? null : 0.1 * i },
      { msku: ' C-2 ', day, units: 2 },
      { msku: 'C-1', day, units: 1, revenue: 0.2 },
    ]);
    const halves = [lines.slice(0, 5), lines.slice(5)];
    const rowsId = randomUUID();
    const columnsId = randomUUID();
    for (const [part, half] of halves.entries()) {
      const upload = (id: string) => ({ id, part, last: part === 1 });
      const viaRows = await byRows.post(SALES, { rows: half, upload: upload(rowsId) });
      const viaColumns = await byColumns.post(SALES, {
        columns: {
          msku: half.map((line) => line.msku),
          day: half.map((line) => line.day),
          units: half.map((line) => line.units),
          revenue: half.map((line) => line.revenue ?? null),
        },
        upload: upload(columnsId),
      });
      expect(viaColumns.status).toBe(200);
      expect(viaColumns.body).toEqual(viaRows.body);
    }
    expect(await storedSales(byColumns.accountId)).toEqual(await storedSales(byRows.accountId));
    await expectSeriesMatchDailyRows(byColumns.accountId);
    const stock = await byColumns.post(STOCK, { columns: { msku: ['C-1'], day: [days[0]], available: [7] } });
    expect(stock.body).toMatchObject({ days: 1, products: 1 });
  });

  it('refuses a stock part in a sales upload, and a part after the last, with 409', async () => {
    const owner = await ownerWith('K-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    expect(
      (
        await owner.post(SALES, {
          rows: [{ msku: 'K-1', day, units: 1 }],
          upload: { id, part: 0, last: false },
        })
      ).status,
    ).toBe(200);
    const wrong = await owner.post(STOCK, {
      rows: [{ msku: 'K-1', day, available: 1 }],
      upload: { id, part: 1, last: true },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('This upload holds sales, not stock');
    expect(
      (
        await owner.post(SALES, {
          rows: [{ msku: 'K-1', day, units: 1 }],
          upload: { id, part: 1, last: true },
        })
      ).status,
    ).toBe(200);
    const after = await owner.post(SALES, {
      rows: [{ msku: 'K-1', day, units: 50 }],
      upload: { id, part: 2, last: true },
    });
    expect(after.status).toBe(409);
    expect(await storedSales(owner.accountId)).toEqual([{ msku: 'K-1', day, units: 2, revenue: null }]);
  });

  it('refuses a day whose revenues add up past the limit with 400 naming it, and writes nothing', async () => {
    const owner = await ownerWith('V-1');
    const [day] = lastDays(1);
    const rows = Array.from({ length: 1001 }, () => ({ msku: 'V-1', day, units: 1, revenue: 1_000_000_000 }));
    const response = await owner.post(SALES, { rows });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`The revenue of V-1 on ${day} adds up to more than 1,000,000,000`);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    // Just past the limit, in two parts of an upload; at the limit is fine.
    const id = randomUUID();
    const line = (revenue: number) => ({ msku: 'V-1', day, units: 1, revenue });
    await owner.post(SALES, { rows: [line(999_999_999)], upload: { id, part: 0, last: false } });
    const past = await owner.post(SALES, { rows: [line(2)], upload: { id, part: 1, last: true } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(`The revenue of V-1 on ${day} adds up to more than 1,000,000,000`);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    const at = await owner.post(SALES, { rows: [line(999_999_999), line(1)] });
    expect(at.status).toBe(200);
    expect((await storedSales(owner.accountId))[0]!.revenue).toBe(1_000_000_000);
    // A product the account does not have is left out and counted, whatever its lines add up to.
    const unknown = Array.from({ length: 1001 }, () => ({ msku: 'NOT-MINE', day, units: 1, revenue: 1e9 }));
    const skipped = await owner.post(SALES, { rows: [line(5), ...unknown] });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ products: 1, unknownProducts: 1, unknownExamples: ['NOT-MINE'] });
  });
});

describe('revenue', () => {
  it('adds up decimal revenues exactly before the cents are rounded', async () => {
    const owner = await ownerWith('D-1', 'D-2', 'D-3');
    const [day] = lastDays(1);
    const response = await owner.post(SALES, {
      rows: [
        { msku: 'D-1', day, units: 1, revenue: 0.1 },
        { msku: 'D-1', day, units: 1, revenue: 0.2 },
        { msku: 'D-2', day, units: 1, revenue: 0.005 },
        { msku: 'D-2', day, units: 1, revenue: 0.005 },
        { msku: 'D-2', day, units: 1, revenue: null },
        { msku: 'D-3', day, units: 1, revenue: 1e-7 },
        { msku: 'D-3', day, units: 1, revenue: 5e-324 },
        { msku: 'D-3', day, units: 1, revenue: 0.004999 },
      ],
    });
    expect(response.status).toBe(200);
    expect((await storedSales(owner.accountId)).map((row) => row.revenue)).toEqual([0.3, 0.01, 0]);
  });
});

describe('a failure between the daily rows and the series', () => {
  it('rolls the whole file back and leaves the pooled connections usable', async () => {
    const owner = await ownerWith('OK-1', 'BOOM-1');
    const days = lastDays(3);
    await t.pool.query(`
      CREATE OR REPLACE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.msku = 'BOOM-1' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$`);
    await t.pool.query(
      'CREATE TRIGGER refuse_boom BEFORE INSERT ON history_series FOR EACH ROW EXECUTE FUNCTION refuse_boom()',
    );
    try {
      const rows = days.flatMap((day) => ['OK-1', 'BOOM-1'].map((msku) => ({ msku, day, units: 3 })));
      const failed = await owner.post(SALES, { rows });
      expect(failed.status).toBe(500);
      expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
      expect(await storedCount('history_series', owner.accountId)).toBe(0);
      expect(await storedCount('history_ranges', owner.accountId)).toBe(0);
    } finally {
      await t.pool.query('DROP TRIGGER refuse_boom ON history_series');
    }
    // More requests than the pool has connections: each would meet a broken one.
    for (let i = 0; i < 6; i++) {
      const ok = await owner.post(SALES, { rows: [{ msku: 'OK-1', day: days[i % 3]!, units: i }] });
      expect(ok.status).toBe(200);
    }
    expect(await storedCount('daily_sales', owner.accountId)).toBe(3);
    await expectSeriesMatchDailyRows(owner.accountId);
  });

  it('leaves no COPY under way nor temporary table on a connection the caller rolls back and keeps', async () => {
    const owner = await ownerWith('OK-1');
    const days = lastDays(3);
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      // A stored row the series does not know of: the savepoint fallback runs, then the series write fails.
      await client.query(
        "INSERT INTO daily_sales (account_id, msku, day, units) VALUES ($1, 'OK-1', $2, 9)",
        [owner.accountId, days[1]],
      );
      await client.query(
        "CREATE OR REPLACE FUNCTION pg_temp.fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$",
      );
      await client.query(
        'CREATE TRIGGER fail_history_ranges BEFORE INSERT ON history_ranges FOR EACH ROW EXECUTE FUNCTION pg_temp.fail()',
      );
      await expect(
        writeHistory(
          client,
          owner.accountId,
          'sales',
          days.map((day) => ({ msku: 'OK-1', day, value: 1, revenue: null })),
          null,
        ),
      ).rejects.toThrow('injected');
      await client.query('ROLLBACK');
      const temp = await client.query<{ relname: string }>(
        "SELECT relname FROM pg_class WHERE relpersistence = 't' AND relnamespace = pg_my_temp_schema() AND relkind = 'r'",
      );
      expect(temp.rows).toEqual([]);
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
  });
});

describe('daily rows the series does not know of, in a COPY of several chunks', () => {
  it.each([
    ['first', 0],
    ['last', -1],
  ])('fall back to the upsert when the %s row conflicts, and the connection goes on', async (_, at) => {
    const mskus = Array.from({ length: 10 }, (_, i) => `BIG-${i}`);
    const owner = await ownerWith(...mskus);
    // 30,000 rows with revenue: about 2 MB of COPY data, sent in chunks of a megabyte.
    const days = lastDays(3000);
    const conflicting = { msku: mskus.at(at)!, day: days.at(at)! };
    await t.pool.query('INSERT INTO daily_sales (account_id, msku, day, units) VALUES ($1, $2, $3, 99)', [
      owner.accountId,
      conflicting.msku,
      conflicting.day,
    ]);
    const rows = mskus.flatMap((msku) => days.map((day) => ({ msku, day, units: 1, revenue: 12.34 })));
    const response = await owner.post(SALES, { rows });
    expect(response.status).toBe(200);
    const stored = await t.pool.query<{ count: number; units: number; revenue: string }>(
      'SELECT count(*)::int AS count, sum(units)::int AS units, sum(revenue)::text AS revenue FROM daily_sales WHERE account_id = $1',
      [owner.accountId],
    );
    expect(stored.rows[0]).toEqual({ count: 30_000, units: 30_000, revenue: '370200.00' });
    await expectSeriesMatchDailyRows(owner.accountId);
    for (let i = 0; i < 6; i++) {
      expect((await owner.post(SALES, { rows: [{ msku: mskus[0], day: days[i], units: 2 }] })).status).toBe(
        200,
      );
    }
  });
});

describe('a stock row the series does not know of', () => {
  it('is replaced through the upsert, the days around it kept, inside a caller transaction too', async () => {
    const owner = await ownerWith('Q-1');
    const days = lastDays(4);
    await t.pool.query(
      "INSERT INTO daily_stock (account_id, msku, day, available) VALUES ($1, 'Q-1', $2, 77)",
      [owner.accountId, days[2]],
    );
    const client = await t.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await writeHistory(
        client,
        owner.accountId,
        'stock',
        days.map((day, i) => ({ msku: 'Q-1', day, value: i, revenue: null })),
        null,
      );
      expect(result).toMatchObject({ days: 4, products: 1 });
      // The caller's transaction goes on after the savepoint's fallback.
      await client.query(
        "INSERT INTO daily_stock (account_id, msku, day, available) VALUES ($1, 'Q-2', $2, 1)",
        [owner.accountId, days[0]],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const stored = await t.pool.query(
      "SELECT day::text, available FROM daily_stock WHERE account_id = $1 AND msku = 'Q-1' ORDER BY day",
      [owner.accountId],
    );
    expect(stored.rows).toEqual(days.map((day, i) => ({ day, available: i })));
    await t.pool.query("DELETE FROM daily_stock WHERE account_id = $1 AND msku = 'Q-2'", [owner.accountId]);
    await expectSeriesMatchDailyRows(owner.accountId);
  });
});

describe('re-imports', () => {
  it('replaces a day stored for some products of the file and adds it for the others', async () => {
    const owner = await ownerWith('A-1', 'B-1', 'C-1');
    const days = lastDays(4);
    await owner.post(SALES, {
      rows: days.slice(0, 2).map((day) => ({ msku: 'A-1', day, units: 1, revenue: 2 })),
    });
    await owner.post(STOCK, { rows: [{ msku: 'B-1', day: days[1], available: 4 }] });
    const again = await owner.post(SALES, {
      rows: ['A-1', 'B-1', 'C-1'].flatMap((msku) => days.slice(1).map((day) => ({ msku, day, units: 5 }))),
    });
    expect(again.status).toBe(200);
    const stored = await storedSales(owner.accountId);
    expect(stored).toHaveLength(10);
    expect(stored.find((row) => row.msku === 'A-1' && row.day === days[0])).toMatchObject({
      units: 1,
      revenue: 2,
    });
    expect(stored.filter((row) => row.units === 5)).toHaveLength(9);
    await expectSeriesMatchDailyRows(owner.accountId);
  });

  it('keeps a product deleted and created again with the same msku consistent between series and rows', async () => {
    const owner = await ownerWith('Z-1');
    const days = lastDays(5);
    await owner.post(SALES, { rows: days.slice(0, 3).map((day) => ({ msku: 'Z-1', day, units: 2 })) });
    await t.pool.query("DELETE FROM products WHERE account_id = $1 AND msku = 'Z-1'", [owner.accountId]);
    const meanwhile = await owner.post(SALES, { rows: days.map((day) => ({ msku: 'Z-1', day, units: 8 })) });
    expect(meanwhile.body).toMatchObject({ products: 0, unknownProducts: 1 });
    await insertProducts(t.pool, owner.accountId, [aProduct({ msku: 'Z-1', fba_quantity: 3 })]);
    const after = await owner.post(SALES, {
      rows: days.slice(2).map((day) => ({ msku: 'Z-1', day, units: 4 })),
    });
    expect(after.body).toMatchObject({ products: 1, forecasts: 1 });
    expect((await storedSales(owner.accountId)).map((row) => row.units)).toEqual([2, 2, 4, 4, 4]);
    await expectSeriesMatchDailyRows(owner.accountId);
  });

  it('keeps the last stock line of a day across parts, with the day stored before', async () => {
    const owner = await ownerWith('S-1');
    const days = lastDays(2);
    await owner.post(STOCK, { rows: [{ msku: 'S-1', day: days[0], available: 100 }] });
    const id = randomUUID();
    await owner.post(STOCK, {
      rows: [
        { msku: 'S-1', day: days[0], available: 1 },
        { msku: 'S-1', day: days[1], available: 2 },
      ],
      upload: { id, part: 0, last: false },
    });
    await owner.post(STOCK, {
      rows: [{ msku: 'S-1', day: days[0], available: 3 }],
      upload: { id, part: 1, last: false },
    });
    const done = await owner.post(STOCK, {
      rows: [{ msku: 'S-1', day: days[1], available: 0 }],
      upload: { id, part: 2, last: true },
    });
    expect(done.body).toMatchObject({ days: 2, products: 1, duplicates: 2 });
    const stored = await t.pool.query(
      'SELECT day::text, available FROM daily_stock WHERE account_id = $1 ORDER BY day',
      [owner.accountId],
    );
    expect(stored.rows).toEqual([
      { day: days[0], available: 3 },
      { day: days[1], available: 0 },
    ]);
    await expectSeriesMatchDailyRows(owner.accountId);
  });
});

describe('files that write nothing', () => {
  it('answers a file of unknown products only, in parts too, and leaves no part behind', async () => {
    const owner = await ownerWith('A-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    await owner.post(SALES, {
      rows: [{ msku: 'NOPE-1', day, units: 1 }],
      upload: { id, part: 0, last: false },
    });
    const done = await owner.post(SALES, {
      rows: [{ msku: 'NOPE-2', day, units: 1 }],
      upload: { id, part: 1, last: true },
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      days: 0,
      products: 0,
      unknownProducts: 2,
      unknownExamples: ['NOPE-1', 'NOPE-2'],
      duplicates: 0,
      forecasts: 0,
    });
    expect(await storedCount('history_upload_parts', owner.accountId)).toBe(0);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
    expect(await storedCount('history_ranges', owner.accountId)).toBe(0);
  });
});

describe('mskus', () => {
  it('stores long mskus of many-byte characters and COPY-special characters as sent', async () => {
    const long = '😀'.repeat(100);
    const special = 'T\\A\tB\nC\r"\'\u00e9';
    const owner = await ownerWith(long, special);
    const [day] = lastDays(1);
    const response = await owner.post(SALES, {
      rows: [
        { msku: long, day, units: 2 },
        { msku: special, day, units: 3 },
      ],
    });
    expect(response.body).toMatchObject({ products: 2, unknownProducts: 0 });
    expect((await storedSales(owner.accountId)).map((row) => [row.msku, row.units]).sort()).toEqual(
      [
        [long, 2],
        [special, 3],
      ].sort(),
    );
    await expectSeriesMatchDailyRows(owner.accountId);
    const tooLong = await owner.post(SALES, { rows: [{ msku: 'x'.repeat(201), day, units: 1 }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Row 1: msku must be at most 200 characters');
    // Two codes with different lone surrogates would both be stored as U+FFFD: one product.
    const broken = await owner.post(SALES, {
      rows: [
        { msku: 'LONE-\ud800', day, units: 1 },
        { msku: 'LONE-\udc00', day, units: 1 },
      ],
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Row 1: msku must not contain a broken character (a lone surrogate)');
    expect(await storedCount('daily_sales', owner.accountId)).toBe(2);
  });
});

describe('deleting an account', () => {
  it('drops its staged parts, and its next part is refused without a 500', async () => {
    const owner = await ownerWith('A-1');
    const [day] = lastDays(1);
    const id = randomUUID();
    await owner.post(SALES, { rows: [{ msku: 'A-1', day, units: 1 }], upload: { id, part: 0, last: false } });
    await t.pool.query('DELETE FROM accounts WHERE id = $1', [owner.accountId]);
    expect(await storedCount('history_upload_parts', owner.accountId)).toBe(0);
    const next = await owner.post(SALES, {
      rows: [{ msku: 'A-1', day, units: 1 }],
      upload: { id, part: 1, last: true },
    });
    expect(next.status).toBeGreaterThanOrEqual(400);
    expect(next.status).toBeLessThan(500);
    expect(await storedCount('daily_sales', owner.accountId)).toBe(0);
  });

  it('refuses a part staged while the account is being deleted with 409, keeping nothing', async () => {
    const owner = await ownerWith('A-2');
    const [day] = lastDays(1);
    const answer = await racingDeletion(
      'DELETE FROM accounts WHERE id = $1',
      [owner.accountId],
      'INSERT INTO history_upload_parts',
      () =>
        owner.post(SALES, {
          rows: [{ msku: 'A-2', day, units: 1 }],
          upload: { id: randomUUID(), part: 0, last: false },
        }),
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The account changed while the part was sent: nothing was kept');
    expect(await storedCount('history_upload_parts', owner.accountId)).toBe(0);
  });
});

describe("a forecast's steps left behind", () => {
  it('never block a later write of the forecast (a truncate skips the trigger that deletes them)', async () => {
    const owner = await ownerWith('L-1');
    const days = lastDays(30);
    const send = (units: number) =>
      owner.post(SALES, { rows: days.map((day) => ({ msku: 'L-1', day, units })) });
    expect((await send(2)).body.forecasts).toBe(1);
    // As a restore with triggers off would leave it: the forecast gone, its steps still there.
    const restoring = await t.pool.connect();
    try {
      await restoring.query("SET session_replication_role = 'replica'");
      await restoring.query('DELETE FROM forecasts WHERE account_id = $1', [owner.accountId]);
      await restoring.query('RESET session_replication_role');
    } finally {
      restoring.release();
    }
    expect(await storedCount('forecast_steps', owner.accountId)).toBe(1);
    const again = await send(3);
    expect(again.status).toBe(200);
    expect(again.body.forecasts).toBe(1);
    expect(await storedCount('forecast_steps', owner.accountId)).toBe(1);
  });
});
