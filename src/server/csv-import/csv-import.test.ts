import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_ROWS, TOO_MANY_ROWS_MESSAGE } from '../../core/csv-import/import-rows';
import { NO_DATA_MESSAGE } from '../../core/csv-import/mapping';
import { TARGET_KEYS } from '../../core/csv-import/targets';
import { fieldSpec, type Product } from '../../core/product-fields/fields';
import { demoProducts } from '../../core/restock/demo-products';
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
type Counts = { importId: string; inserted: number; updated: number; unchanged: number };
const counts = (inserted: number, updated: number, unchanged: number) => ({
  importId: expect.any(String),
  inserted,
  updated,
  unchanged,
});
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

describe('one set of rules for a product field, in an import and in a grid edit', () => {
  it.each([
    ['cost', -1],
    ['cost', 1_000_000_001],
    ['order_lead_time', 3651],
    ['desired_days_of_inventory', 3651],
    ['supplier', 's'.repeat(201)],
    ['seasonality_multiplier', 0],
    ['case_pack', 0],
  ])('refuses %s = %j in both, with the same message', async (field, value) => {
    const owner = await signUp(t.baseUrl);
    const created = await owner.client.post(IMPORT, { data: [{ msku: 'SAME-1' }] }, owner.token);
    expect(created.status).toBe(200);
    const imported = await owner.client.post(
      IMPORT,
      { data: [{ msku: 'SAME-1', [field]: value }] },
      owner.token,
    );
    const edited = await owner.client.patch(
      '/api/tables/restock/data/SAME-1',
      { [field]: value },
      owner.token,
    );
    expect(imported.status).toBe(400);
    expect(edited.status).toBe(400);
    expect(imported.body.message).toBe(`Row 1: ${edited.body.message}`);
  });

  it.each([
    ['cost', 0],
    ['order_lead_time', 3650],
    ['supplier', 's'.repeat(200)],
  ])('accepts %s = %j in both', async (field, value) => {
    const owner = await signUp(t.baseUrl);
    const imported = await owner.client.post(
      IMPORT,
      { data: [{ msku: 'SAME-2', [field]: value }] },
      owner.token,
    );
    const edited = await owner.client.patch(
      '/api/tables/restock/data/SAME-2',
      { [field]: value },
      owner.token,
    );
    expect([imported.status, edited.status]).toEqual([200, 200]);
  });
});

describe('POST /api/dynamic/import-inventory', () => {
  it('inserts new products, then updates them on a re-import instead of duplicating', async () => {
    const owner = await signUp(t.baseUrl);
    const data = [
      { msku: '00123', asin: 'B000000001', cost: 12.5, replen: true, supplier: 'Acme' },
      { msku: 'SKU-2', asin: 'B000000002', cost: 3, replen: false, supplier: null },
    ];
    const first = await owner.client.post<Counts>(IMPORT, { data }, owner.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual(counts(2, 0, 0));

    const again = await owner.client.post<Counts>(
      IMPORT,
      { data: [{ ...data[0], cost: 13 }, data[1], { msku: 'SKU-3', cost: 1 }] },
      owner.token,
    );
    expect(again.body).toEqual(counts(1, 1, 1));

    const rows = await rowsOf(owner);
    expect(rows.size).toBe(3);
    // SKUs stay text: the leading zeros are kept.
    expect(rows.get('00123')).toMatchObject({ asin: 'B000000001', cost: 13, replen: true, supplier: 'Acme' });
    expect(rows.get('00123')!.version).toBe(2);
    expect(rows.get('SKU-3')).toMatchObject({ cost: 1, replen: false, asin: null });
    expect(rows.get('SKU-3')!.version).toBe(1);
    // SKU-2 came again unchanged: its version (the ETag) stays.
    expect(rows.get('SKU-2')!.version).toBe(1);
  });

  it("writes a re-imported row's next version on the row's own page", async () => {
    const owner = await signUp(t.baseUrl);
    const data = demoProducts(400, 5).map(({ msku, cost, supplier }) => ({ msku, cost, supplier }));
    expect((await owner.client.post<Counts>(IMPORT, { data }, owner.token)).body).toEqual(counts(400, 0, 0));
    const accountId = await accountIdOf(t.pool, owner.email);
    // The page each row is on: the block of its physical address.
    const pages = async () => {
      const result = await t.pool.query<{ msku: string; page: string }>(
        `SELECT msku, split_part(trim(both '()' from ctid::text), ',', 1) AS page
         FROM products WHERE account_id = $1`,
        [accountId],
      );
      return new Map(result.rows.map((row) => [row.msku, row.page]));
    };
    const before = await pages();
    // New values no wider than the old (a row grown much wider could move for want of room alone).
    const changed = data.map((row) => ({ ...row, cost: (row.cost ?? 0) + 1, supplier: 'Other supplier' }));
    expect((await owner.client.post<Counts>(IMPORT, { data: changed }, owner.token)).body).toEqual(
      counts(0, 400, 0),
    );
    const after = await pages();
    const kept = [...before].filter(([msku, page]) => after.get(msku) === page).length;
    // Full pages (no room kept) moved every row; a page another test wrote to may move a few.
    expect(kept).toBeGreaterThan(360);
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
    expect(response.body).toEqual(counts(0, 1, 0));
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
    expect(response.body).toEqual(counts(1, 0, 1));
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
    expect(response.body).toEqual({ message: 'Row 2: Your Cost must be an amount from 0 to 1,000,000,000' });
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
    expect(response.body).toEqual(counts(1, 0, 0));
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
    expect(allowed.body).toEqual(counts(1, 0, 0));
  });

  it("answers 400 'No data to save' for an empty import and a message for a bad body", async () => {
    const owner = await signUp(t.baseUrl);
    const empty = await owner.client.post(IMPORT, { data: [] }, owner.token);
    expect(empty).toMatchObject({ status: 400, body: { message: NO_DATA_MESSAGE } });
    const missing = await owner.client.post(IMPORT, {}, owner.token);
    expect(missing).toMatchObject({ status: 400, body: { message: 'data or columns is required' } });
    const unknown = await owner.client.post(IMPORT, { data: [{ msku: 'A', colour: 'red' }] }, owner.token);
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Row 1: Unknown field "colour"' } });
    const duplicate = await owner.client.post(IMPORT, { data: [{ msku: 'A' }, { msku: 'A' }] }, owner.token);
    expect(duplicate).toMatchObject({
      status: 400,
      body: { message: 'Row 2: MSKU "A" is already on row 1' },
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
    expect(response.body).toEqual(counts(MAX_IMPORT_ROWS, 0, 0));
    // A hang guard, not a speed check (bench:import measures speed): on a loaded 2-core machine
    // the full limit took 72-82 s.
  }, 180_000);

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

const KEYSTONE: Product = {
  ...(demoProducts(1, 5)[0] as Product),
  msku: 'KS-1',
  supplier: 'Keystone Goods',
  quantity_already_ordered: 40,
  cost: 7.5,
  title: 'Kettle',
};

/** An owner whose account holds the Keystone product, typed in by hand. */
async function ownerWithKeystone() {
  const owner = await signUp(t.baseUrl);
  await insertProducts(t.pool, await accountIdOf(t.pool, owner.email), [KEYSTONE]);
  return owner;
}

// A Restock Inventory report's row: Supplier and On Order are blank, as they usually are.
const REPORT_ROW = { msku: 'KS-1', supplier: null, quantity_already_ordered: null, fba_quantity: 12 };

describe('blank cells', () => {
  it('keep the stored value when the client does not say what blanks do', async () => {
    const owner = await ownerWithKeystone();
    const response = await owner.client.post<Counts>(IMPORT, { data: [REPORT_ROW] }, owner.token);
    expect(response.body).toEqual(counts(0, 1, 0));
    expect((await rowsOf(owner)).get('KS-1')).toMatchObject({
      supplier: 'Keystone Goods',
      quantity_already_ordered: 40,
      fba_quantity: 12,
    });
  });

  it("keep the stored value with blanks: 'keep', and a row of only blanks changes nothing", async () => {
    const owner = await ownerWithKeystone();
    const blanks = { msku: 'KS-1', supplier: null, cost: null, title: null };
    const response = await owner.client.post(IMPORT, { data: [blanks], blanks: 'keep' }, owner.token);
    expect(response).toMatchObject({ status: 400, body: { message: NO_DATA_MESSAGE } });
    expect((await rowsOf(owner)).get('KS-1')).toMatchObject({
      supplier: 'Keystone Goods',
      cost: 7.5,
      version: 1,
    });
  });

  it("clear the stored value with blanks: 'clear', except replen, which has no empty value", async () => {
    const owner = await ownerWithKeystone();
    const data = [{ ...REPORT_ROW, replen: null }];
    const response = await owner.client.post<Counts>(IMPORT, { data, blanks: 'clear' }, owner.token);
    expect(response.body).toEqual(counts(0, 1, 0));
    expect((await rowsOf(owner)).get('KS-1')).toMatchObject({
      supplier: null,
      quantity_already_ordered: null,
      fba_quantity: 12,
      replen: KEYSTONE.replen,
      cost: 7.5,
    });
  });

  it('never clear a field a row leaves out, even when blanks clear', async () => {
    const owner = await ownerWithKeystone();
    // The second row's cost did not parse in the browser, so the row leaves it out.
    const data = [
      { msku: 'KS-1', supplier: 'Acme' },
      { msku: 'NEW-1', supplier: null, cost: 2 },
    ];
    await owner.client.post(IMPORT, { data, blanks: 'clear' }, owner.token);
    const rows = await rowsOf(owner);
    expect(rows.get('KS-1')).toMatchObject({ supplier: 'Acme', cost: 7.5 });
    expect(rows.get('NEW-1')).toMatchObject({ supplier: null, cost: 2 });
  });

  it('are read the same from rows sent as columns, a field left out keeping its value', async () => {
    const owner = await ownerWithKeystone();
    // As the page sends them: KS-1's cost did not parse, so it is left out; its supplier is blank.
    const body = {
      columns: { msku: ['KS-1', 'NEW-1'], supplier: [null, 'Acme'], cost: [null, 2] },
      leftOut: { cost: [0] },
      blanks: 'clear',
    };
    const response = await owner.client.post<Counts>(IMPORT, body, owner.token);
    expect(response.body).toEqual(counts(1, 1, 0));
    const rows = await rowsOf(owner);
    expect(rows.get('KS-1')).toMatchObject({ supplier: null, cost: 7.5 });
    expect(rows.get('NEW-1')).toMatchObject({ supplier: 'Acme', cost: 2 });
  });

  it('answer 400 for columns that do not line up, writing nothing', async () => {
    const owner = await ownerWithKeystone();
    const uneven = { columns: { msku: ['KS-1', 'NEW-1'], cost: [1] } };
    expect(await owner.client.post(IMPORT, uneven, owner.token)).toMatchObject({
      status: 400,
      body: { message: 'columns.cost has 1 values where columns.msku has 2' },
    });
    const wrongLeftOut = { columns: { msku: ['KS-1'], cost: [1] }, leftOut: { cost: [0] } };
    expect(await owner.client.post(IMPORT, wrongLeftOut, owner.token)).toMatchObject({
      status: 400,
      body: { message: 'Row 1: a field left out must be null in columns.cost' },
    });
    expect((await rowsOf(owner)).get('KS-1')).toMatchObject({ cost: 7.5, version: 1 });
    expect(await productCount(owner.email)).toBe(1);
  });

  it('answer 400 for a 1 MiB value in every text column, naming the row without echoing the value', async () => {
    const owner = await ownerWithKeystone();
    const huge = 'x'.repeat(1024 * 1024);
    const textFields = TARGET_KEYS.filter(
      (field) => field !== 'msku' && ['text', 'url'].includes(fieldSpec(field).type),
    );
    const columns = Object.fromEntries([['msku', ['KS-1']], ...textFields.map((field) => [field, [huge]])]);
    const response = await owner.client.post<{ message: string }>(IMPORT, { columns }, owner.token);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^Row 1: /);
    expect(response.body.message.length).toBeLessThan(300);
    expect((await rowsOf(owner)).get('KS-1')).toMatchObject({ version: 1 });
  });

  it('answers 400 naming blanks for anything but keep or clear', async () => {
    const owner = await ownerWithKeystone();
    const response = await owner.client.post(IMPORT, { data: [REPORT_ROW], blanks: 'wipe' }, owner.token);
    expect(response).toMatchObject({ status: 400, body: { message: 'blanks must be "keep" or "clear"' } });
    expect((await rowsOf(owner)).get('KS-1')).toMatchObject({
      fba_quantity: KEYSTONE.fba_quantity,
      version: 1,
    });
  });
});

type Preview = {
  inserted: number;
  updated: number;
  unchanged: number;
  fields: {
    field: string;
    changed: number;
    cleared: number;
    examples: { msku: string; before: unknown; after: unknown }[];
  }[];
};

describe('the dry run', () => {
  const seed: Product[] = [
    { ...KEYSTONE, msku: 'A', cost: 1, supplier: 'One' },
    { ...KEYSTONE, msku: 'B', cost: 2, supplier: 'Two' },
    { ...KEYSTONE, msku: 'C', cost: 3, supplier: 'Three' },
  ];
  const data = [
    { msku: 'A', cost: 1.5, supplier: null },
    { msku: 'B', cost: 2, supplier: 'Two' },
    { msku: 'C', cost: 4, supplier: null },
    { msku: 'D', cost: 9, supplier: 'Four' },
  ];

  async function seeded() {
    const owner = await signUp(t.baseUrl);
    await insertProducts(t.pool, await accountIdOf(t.pool, owner.email), seed);
    return owner;
  }

  it('answers what the import would do, per field with the first changes, and writes nothing', async () => {
    const owner = await seeded();
    const before = await rowsOf(owner);
    const dry = await owner.client.post<Preview>(
      `${IMPORT}?dryRun=true`,
      { data, blanks: 'clear' },
      owner.token,
    );
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({
      importId: null,
      inserted: 1,
      updated: 2,
      unchanged: 1,
      fields: [
        {
          field: 'supplier',
          changed: 2,
          cleared: 2,
          examples: [
            { msku: 'A', before: 'One', after: null },
            { msku: 'C', before: 'Three', after: null },
          ],
        },
        {
          field: 'cost',
          changed: 2,
          cleared: 0,
          examples: [
            { msku: 'A', before: 1, after: 1.5 },
            { msku: 'C', before: 3, after: 4 },
          ],
        },
      ],
    });
    expect(await rowsOf(owner)).toEqual(before);
    expect((await owner.client.get<unknown[]>('/api/imports', owner.token)).body).toEqual([]);
  });

  it('answers exactly what the real import then does, with blanks kept or cleared', async () => {
    for (const blanks of ['keep', 'clear'] as const) {
      const owner = await seeded();
      const dry = await owner.client.post<Preview>(`${IMPORT}?dryRun=true`, { data, blanks }, owner.token);
      const real = await owner.client.post<Counts>(IMPORT, { data, blanks }, owner.token);
      expect(real.status).toBe(200);
      const { inserted, updated, unchanged } = dry.body;
      expect(real.body).toEqual({ importId: expect.any(String), inserted, updated, unchanged });
      // The stored values are the ones the preview promised.
      const rows = await rowsOf(owner);
      for (const change of dry.body.fields) {
        for (const example of change.examples) {
          expect(rows.get(example.msku)?.[change.field as keyof Row]).toEqual(example.after);
        }
      }
      const history = await owner.client.get<{ fields: unknown[] }[]>('/api/imports', owner.token);
      expect(history.body[0]?.fields).toEqual(
        dry.body.fields.map(({ field, changed, cleared }) => ({ field, changed, cleared })),
      );
    }
  });

  it('is refused like the real import for a bad row or a bad flag, writing nothing', async () => {
    const owner = await seeded();
    const bad = await owner.client.post(
      `${IMPORT}?dryRun=true`,
      { data: [{ msku: 'A', cost: 'x' }] },
      owner.token,
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'Row 1: Your Cost must be an amount from 0 to 1,000,000,000' },
    });
    const flag = await owner.client.post(`${IMPORT}?dryRun=yes`, { data }, owner.token);
    expect(flag).toMatchObject({ status: 400, body: { message: 'dryRun must be true or false' } });
    expect((await rowsOf(owner)).get('A')).toMatchObject({ cost: 1, version: 1 });
  });

  it("previews an account's first import as every row new, and writes nothing", async () => {
    const owner = await signUp(t.baseUrl);
    const dry = await owner.client.post<Preview>(`${IMPORT}?dryRun=true`, { data }, owner.token);
    expect(dry.body).toEqual({ importId: null, inserted: 4, updated: 0, unchanged: 0, fields: [] });
    expect(await productCount(owner.email)).toBe(0);
  });

  it("refuses a NUL character in an account's first import as the import would, naming its row", async () => {
    const owner = await signUp(t.baseUrl);
    const nul = [{ msku: 'A' }, { msku: 'B', supplier: 'Acme\u0000' }, { msku: 'C', title: 'x\u0000' }];
    for (const url of [`${IMPORT}?dryRun=true`, IMPORT]) {
      const response = await owner.client.post(url, { data: nul }, owner.token);
      expect(response, url).toMatchObject({
        status: 400,
        body: { message: 'Row 2: supplier must not contain NUL characters' },
      });
    }
    expect(await productCount(owner.email)).toBe(0);
  });
});

describe('marketplace and currency', () => {
  it('are stored with the products, in capitals, and refused when unknown', async () => {
    const owner = await signUp(t.baseUrl);
    const data = [
      { msku: 'UK-1', your_price: 12.99, marketplace: 'uk' },
      { msku: 'IN-1', cost: 499, currency: 'inr' },
    ];
    expect((await owner.client.post(IMPORT, { data }, owner.token)).status).toBe(200);
    const rows = await rowsOf(owner);
    expect(rows.get('UK-1')).toMatchObject({ marketplace: 'GB', currency: null, your_price: 12.99 });
    expect(rows.get('IN-1')).toMatchObject({ marketplace: null, currency: 'INR', cost: 499 });
    const bad = await owner.client.post(IMPORT, { data: [{ msku: 'X', marketplace: 'ZZ' }] }, owner.token);
    expect(bad).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Row 1: Marketplace must be/) },
    });
    expect(await productCount(owner.email)).toBe(2);
  });
});

describe('an import that changes nothing', () => {
  it("answers 400 'No data to save' and is not recorded", async () => {
    const owner = await ownerWithKeystone();
    const same = { msku: 'KS-1', supplier: 'Keystone Goods', cost: 7.5 };
    const response = await owner.client.post(IMPORT, { data: [same], fileName: 'same.csv' }, owner.token);
    expect(response).toMatchObject({ status: 400, body: { message: NO_DATA_MESSAGE } });
    expect((await owner.client.get<unknown[]>('/api/imports', owner.token)).body).toEqual([]);
    expect((await rowsOf(owner)).get('KS-1')!.version).toBe(1);
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
