import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, TOO_MANY_ROWS_MESSAGE } from '../../core/csv-import/import-schema';
import { NO_DATA_MESSAGE } from '../../core/csv-import/mapping';
import { demoProducts } from '../../core/restock/demo-products';
import type { Product } from '../../core/restock/product';
import { addMemberAndLogIn, createClient, signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { IMPORT_BODY_LIMIT, IMPORT_TOO_LARGE_MESSAGE } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const IMPORT = '/api/dynamic/import-inventory';
type Counts = { inserted: number; updated: number };
type Row = Product & { version: number };

/** The account's stored products by msku, read straight from the table. */
async function rowsOf(owner: { email: string }) {
  const accountId = await accountIdOf(t.pool, owner.email);
  const result = await t.pool.query<Row>('SELECT * FROM products WHERE account_id = $1', [accountId]);
  return new Map(result.rows.map((row) => [row.msku, row]));
}

async function productCount(email: string): Promise<number> {
  const accountId = await accountIdOf(t.pool, email);
  const result = await t.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM products WHERE account_id = $1',
    [accountId],
  );
  return result.rows[0]!.count;
}

describe('POST /api/dynamic/import-inventory', () => {
  it('inserts new products, then updates them on a re-import instead of duplicating', async () => {
    const owner = await signUp(t.baseUrl);
    const data = [
      { msku: '00123', asin: 'B000000001', cost: 12.5, replen: true, supplier: 'Acme' },
      { msku: 'SKU-2', asin: 'B000000002', cost: 3, replen: false, supplier: null },
    ];
    const first = await owner.client.post<Counts>(IMPORT, { data }, owner.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ inserted: 2, updated: 0 });

    const again = await owner.client.post<Counts>(
      IMPORT,
      { data: [{ ...data[0], cost: 13 }, data[1], { msku: 'SKU-3', cost: 1 }] },
      owner.token,
    );
    expect(again.body).toEqual({ inserted: 1, updated: 2 });

    const rows = await rowsOf(owner);
    expect(rows.size).toBe(3);
    // SKUs stay text: the leading zeros are kept.
    expect(rows.get('00123')).toMatchObject({ asin: 'B000000001', cost: 13, replen: true, supplier: 'Acme' });
    expect(rows.get('00123')!.version).toBe(2);
    expect(rows.get('SKU-3')).toMatchObject({ cost: 1, replen: false, asin: null });
    expect(rows.get('SKU-3')!.version).toBe(1);
    // SKU-2 came again unchanged: counted as updated, but its version (the ETag) stays.
    expect(rows.get('SKU-2')!.version).toBe(1);
  });

  it('changes only the mapped fields and keeps every other stored field', async () => {
    const owner = await signUp(t.baseUrl);
    const [stored] = demoProducts(1, 3) as [Product];
    const product: Product = { ...stored, msku: 'KEEP-1', replen: true, title: 'Kept title', cost: 9.99 };
    await insertProducts(t.pool, await accountIdOf(t.pool, owner.email), [product]);

    const response = await owner.client.post<Counts>(
      IMPORT,
      { data: [{ msku: 'KEEP-1', cost: 4.25, quantity_already_ordered: 7 }] },
      owner.token,
    );
    expect(response.body).toEqual({ inserted: 0, updated: 1 });
    const row = (await rowsOf(owner)).get('KEEP-1')!;
    expect(row).toMatchObject({ ...product, cost: 4.25, quantity_already_ordered: 7 });
    expect(row.version).toBe(2);
  });

  it('keeps the stored replen flag for a blank replen, and starts new products unflagged', async () => {
    const owner = await signUp(t.baseUrl);
    await owner.client.post(IMPORT, { data: [{ msku: 'FLAGGED', replen: true }] }, owner.token);
    const response = await owner.client.post<Counts>(
      IMPORT,
      {
        data: [
          { msku: 'FLAGGED', replen: null },
          { msku: 'NEW', replen: null },
        ],
      },
      owner.token,
    );
    expect(response.body).toEqual({ inserted: 1, updated: 1 });
    const rows = await rowsOf(owner);
    expect(rows.get('FLAGGED')!.replen).toBe(true);
    expect(rows.get('NEW')!.replen).toBe(false);
  });

  it('stores text with tabs, newlines and backslashes exactly, trimmed', async () => {
    const owner = await signUp(t.baseUrl);
    const title = 'Tab\there, line\nbreak, back\\slash and "quotes"';
    await owner.client.post(IMPORT, { data: [{ msku: '  ODD-1 ', title: ` ${title} ` }] }, owner.token);
    expect((await rowsOf(owner)).get('ODD-1')!.title).toBe(title);
  });

  it('writes nothing when one row in the middle is bad, and names that row and field', async () => {
    const owner = await signUp(t.baseUrl);
    await owner.client.post(IMPORT, { data: [{ msku: 'A', cost: 1 }] }, owner.token);
    const data = [
      { msku: 'A', cost: 2 },
      { msku: 'B', cost: 'twelve' },
      { msku: 'C', cost: 3 },
    ];
    const response = await owner.client.post(IMPORT, { data }, owner.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Row 2: cost must be a number' });
    expect(await productCount(owner.email)).toBe(1);
    expect((await rowsOf(owner)).get('A')).toMatchObject({ cost: 1, version: 1 });
  });

  it('writes nothing when the database refuses a row, and answers 400 for a NUL character', async () => {
    const owner = await signUp(t.baseUrl);
    const data = [{ msku: 'A' }, { msku: 'B', title: 'bad\u0000title' }, { msku: 'C' }];
    const response = await owner.client.post(IMPORT, { data }, owner.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'Row 2: title must not contain NUL characters' });
    expect(await productCount(owner.email)).toBe(0);
  });

  it("leaves another account's products with the same msku untouched", async () => {
    const victim = await signUp(t.baseUrl);
    const attacker = await signUp(t.baseUrl);
    await victim.client.post(
      IMPORT,
      { data: [{ msku: 'SHARED', cost: 10, supplier: 'Mine' }] },
      victim.token,
    );
    const response = await attacker.client.post<Counts>(
      IMPORT,
      { data: [{ msku: 'SHARED', cost: 99, supplier: 'Theirs' }] },
      attacker.token,
    );
    expect(response.body).toEqual({ inserted: 1, updated: 0 });
    expect((await rowsOf(victim)).get('SHARED')).toMatchObject({ cost: 10, supplier: 'Mine', version: 1 });
    expect((await rowsOf(attacker)).get('SHARED')).toMatchObject({ cost: 99, supplier: 'Theirs' });
  });

  it('refuses anonymous callers with 401 and view-only members with 403', async () => {
    const anonymous = createClient(t.baseUrl);
    expect((await anonymous.post(IMPORT, { data: [{ msku: 'A' }] })).status).toBe(401);
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const refused = await member.client.post(IMPORT, { data: [{ msku: 'A' }] }, member.token);
    expect(refused.status).toBe(403);
    expect(await productCount(owner.email)).toBe(0);

    await owner.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { restock: 2, 'restock.import': 2 } },
      owner.token,
    );
    const allowed = await member.client.post<Counts>(IMPORT, { data: [{ msku: 'A' }] }, member.token);
    expect(allowed.body).toEqual({ inserted: 1, updated: 0 });
  });

  it("answers 400 'No data to save' for an empty import and a message for a bad body", async () => {
    const owner = await signUp(t.baseUrl);
    const empty = await owner.client.post(IMPORT, { data: [] }, owner.token);
    expect(empty).toMatchObject({ status: 400, body: { message: NO_DATA_MESSAGE } });
    const missing = await owner.client.post(IMPORT, {}, owner.token);
    expect(missing).toMatchObject({ status: 400, body: { message: 'data is required' } });
    const unknown = await owner.client.post(IMPORT, { data: [{ msku: 'A', colour: 'red' }] }, owner.token);
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Row 1: Unknown field "colour"' } });
    const duplicate = await owner.client.post(IMPORT, { data: [{ msku: 'A' }, { msku: 'A' }] }, owner.token);
    expect(duplicate).toMatchObject({
      status: 400,
      body: { message: 'Row 2: msku "A" is already on row 1' },
    });
  });

  it('refuses more rows than the limit with 400 and the limit in the message', async () => {
    const owner = await signUp(t.baseUrl);
    const data = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => ({ msku: `S${index}` }));
    const response = await owner.client.post(IMPORT, { data }, owner.token);
    expect(response).toMatchObject({ status: 400, body: { message: TOO_MANY_ROWS_MESSAGE } });
    expect(await productCount(owner.email)).toBe(0);
  });

  it('imports the full row limit with every field in one request', async () => {
    const owner = await signUp(t.baseUrl);
    const data = demoProducts(MAX_IMPORT_ROWS, 11);
    const response = await owner.client.post<Counts>(IMPORT, { data }, owner.token);
    expect(response.body).toEqual({ inserted: MAX_IMPORT_ROWS, updated: 0 });
  }, 60_000);

  it('answers 413 with a message for a body over the limit, before reading it', async () => {
    const owner = await signUp(t.baseUrl);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${t.baseUrl}${IMPORT}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'application/json',
          'content-length': String(IMPORT_BODY_LIMIT + 1),
        },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      request.write('{"data":[');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ message: IMPORT_TOO_LARGE_MESSAGE });
  });
});

describe('saved column mapping', () => {
  const MAPPING = '/api/dynamic/saved-mapping';
  const GET_MAPPING = '/api/dynamic/get-saved-mapping';

  it('answers {} until the account saves a mapping, then the saved mapping, per account', async () => {
    const owner = await signUp(t.baseUrl);
    const other = await signUp(t.baseUrl);
    expect((await owner.client.get(GET_MAPPING, owner.token)).body).toEqual({});
    const mapping = { msku: 'SKU', cost: 'Unit Cost', replen: null };
    const saved = await owner.client.put(MAPPING, { mapping }, owner.token);
    expect(saved).toMatchObject({ status: 200, body: { mapping } });
    expect((await owner.client.get(GET_MAPPING, owner.token)).body).toEqual(mapping);
    expect((await other.client.get(GET_MAPPING, other.token)).body).toEqual({});

    await owner.client.put(MAPPING, { mapping: { msku: 'Seller SKU' } }, owner.token);
    expect((await owner.client.get(GET_MAPPING, owner.token)).body).toEqual({ msku: 'Seller SKU' });
  });

  it('refuses an unknown target, a column used twice and a missing mapping with 400', async () => {
    const owner = await signUp(t.baseUrl);
    const unknown = await owner.client.put(MAPPING, { mapping: { colour: 'Colour' } }, owner.token);
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown target "colour"' } });
    const twice = await owner.client.put(MAPPING, { mapping: { msku: 'SKU', asin: 'SKU' } }, owner.token);
    expect(twice).toMatchObject({
      status: 400,
      body: { message: 'Column "SKU" is mapped to more than one target' },
    });
    expect((await owner.client.put(MAPPING, {}, owner.token)).status).toBe(400);
    expect((await owner.client.get(GET_MAPPING, owner.token)).body).toEqual({});
  });

  it('needs a session, and Can Edit on Import CSV to save', async () => {
    const anonymous = createClient(t.baseUrl);
    expect((await anonymous.get(GET_MAPPING)).status).toBe(401);
    expect((await anonymous.put(MAPPING, { mapping: {} })).status).toBe(401);
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    expect((await member.client.get(GET_MAPPING, member.token)).status).toBe(200);
    expect((await member.client.put(MAPPING, { mapping: { msku: 'SKU' } }, member.token)).status).toBe(403);
  });
});
