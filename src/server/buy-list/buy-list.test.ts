import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyList, BuyListLine, PurchaseOrder, PurchaseOrderSummary } from '../../core/buy-list/schemas';
import { CSV_BOM } from '../../core/csv';
import type { Product } from '../../core/product-fields/fields';
import { aProduct } from '../../core/restock/test-products';
import { addMemberAndLogIn, signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
/** Moves the test clock a few seconds on (never back: access tokens are checked against it). */
const tick = () => {
  t.clock.advance(5000);
  return new Date(t.clock.now);
};
const today = () => new Date(t.clock.now).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// Each sells 1 a day with 20 in stock: 1 × (7 + 3 + 10 + 30) − 20 = 30 to buy (DESIGN 5).
const sellsOneADay = (msku: string, overrides: Partial<Product> = {}): Product =>
  aProduct({
    msku,
    asin: `B0${msku.replace(/\W/g, '').padStart(8, '0')}`,
    title: `Product ${msku}`,
    replen: true,
    supplier: 'Acme',
    cost: 10,
    sales_last_30_days: 30,
    days_in_stock_of_last_30: 30,
    fba_quantity: 20,
    quantity_already_ordered: 0,
    local_inventory_quantity: 0,
    ...overrides,
  });

const CATALOGUE = [
  sellsOneADay('A-1'),
  // 30 rounded up to cases of 12 = 36.
  sellsOneADay('A-2', { cost: 2.5, case_pack: 12 }),
  sellsOneADay('G-1', { supplier: 'Globex', cost: 4 }),
  sellsOneADay('N-1', { supplier: null, cost: null }),
  sellsOneADay('OFF-1', { replen: false }),
];

async function owner(products: Product[] = CATALOGUE) {
  const account = await signUp(t.baseUrl);
  await insertProducts(t.pool, await accountIdOf(t.pool, account.email), products);
  return account;
}

type Owner = Awaited<ReturnType<typeof owner>>;

type StockRow = {
  id: string;
  quantity_already_ordered: number;
  local_inventory_quantity: number;
  recommended_buy_quantity: number;
  replen: boolean;
};

async function restockRow(account: Owner, msku: string) {
  const response = await account.client.get<StockRow>(`/api/tables/restock/data/${msku}`, account.token);
  return response.body;
}

const buyList = async (account: Owner) =>
  (await account.client.get<BuyList>('/api/buy-list', account.token)).body;

const createOrder = (account: Owner, supplier: string | null) =>
  account.client.post<PurchaseOrder>('/api/purchase-orders', { supplier }, account.token);

const setStatus = (account: Owner, id: string, status: string) =>
  account.client.patch<PurchaseOrder & { message?: string }>(
    `/api/purchase-orders/${id}`,
    { status },
    account.token,
  );

describe('GET /api/buy-list', () => {
  it('lists the flagged products grouped by supplier, "No supplier" last, with totals', async () => {
    const account = await owner();
    const list = await buyList(account);
    expect(list.groups.map((group) => [group.name, group.lines.map((line) => line.msku)])).toEqual([
      ['Acme', ['A-1', 'A-2']],
      ['Globex', ['G-1']],
      ['No supplier', ['N-1']],
    ]);
    const acme = list.groups[0]!;
    expect(acme.lines[1]).toMatchObject({
      msku: 'A-2',
      asin: 'B0000000A2',
      title: 'Product A-2',
      cost: 2.5,
      casePack: 12,
      recommendedQuantity: 36,
      orderQuantity: 36,
      isCustomQuantity: false,
      lineTotal: 90,
    });
    expect(acme).toMatchObject({ units: 66, spend: 390, unpricedLines: 0, draft: null });
    expect(list).toMatchObject({ lineCount: 4, units: 126, spend: 510, unpricedLines: 1 });
  });

  it('answers an empty list to a new account and 401 to a visitor', async () => {
    const account = await signUp(t.baseUrl);
    expect(await buyList(account)).toEqual({
      groups: [],
      lineCount: 0,
      units: 0,
      spend: 0,
      unpricedLines: 0,
    });
    expect((await account.client.get('/api/buy-list')).status).toBe(401);
  });
});

describe('PATCH /api/buy-list/:msku', () => {
  it('sets an order quantity that the list keeps, and null goes back to the recommendation', async () => {
    const account = await owner();
    const changed = await account.client.patch<BuyListLine>(
      '/api/buy-list/A-2',
      { orderQuantity: 24 },
      account.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      orderQuantity: 24,
      recommendedQuantity: 36,
      isCustomQuantity: true,
      lineTotal: 60,
    });
    expect((await buyList(account)).groups[0]).toMatchObject({ units: 54, spend: 360 });

    const reset = await account.client.patch<BuyListLine>(
      '/api/buy-list/A-2',
      { orderQuantity: null },
      account.token,
    );
    expect(reset.body).toMatchObject({ orderQuantity: 36, isCustomQuantity: false });
  });

  it.each([
    [{}, 'orderQuantity must be a whole number of 0 or more, or null for the recommendation'],
    [
      { orderQuantity: -1 },
      'orderQuantity must be a whole number of 0 or more, or null for the recommendation',
    ],
    [
      { orderQuantity: 2.5 },
      'orderQuantity must be a whole number of 0 or more, or null for the recommendation',
    ],
    [
      { orderQuantity: '5' },
      'orderQuantity must be a whole number of 0 or more, or null for the recommendation',
    ],
    [[5], 'The request body must be a JSON object'],
  ])('refuses %j with 400', async (body, message) => {
    const account = await owner([sellsOneADay('A-1')]);
    const response = await account.client.patch('/api/buy-list/A-1', body, account.token);
    expect(response).toMatchObject({ status: 400, body: { message } });
  });

  it("answers 404 for an unflagged product, an unknown one and another account's", async () => {
    const victim = await owner([sellsOneADay('SECRET-1')]);
    const account = await owner();
    for (const msku of ['OFF-1', 'NOPE', 'SECRET-1']) {
      const response = await account.client.patch(
        `/api/buy-list/${msku}`,
        { orderQuantity: 1 },
        account.token,
      );
      expect(response).toMatchObject({ status: 404, body: { message: 'Product is not on the buy list' } });
    }
    expect((await buyList(victim)).groups[0]!.lines[0]!.isCustomQuantity).toBe(false);
  });

  it('refuses a member without buy-list edit with 403 and lets one with Can Edit change it', async () => {
    const account = await owner([sellsOneADay('A-1')]);
    const member = await addMemberAndLogIn(t.baseUrl, account.token);
    expect((await member.client.get('/api/buy-list', member.token)).status).toBe(200);
    const refused = await member.client.patch('/api/buy-list/A-1', { orderQuantity: 3 }, member.token);
    expect(refused).toMatchObject({ status: 403 });
    expect((await member.client.request('DELETE', '/api/buy-list/A-1', { token: member.token })).status).toBe(
      403,
    );
    expect((await createOrder({ ...account, ...member }, 'Acme')).status).toBe(403);

    await account.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { 'buy-list': 2, 'buy-list.edit': 2 } },
      account.token,
    );
    expect((await member.client.patch('/api/buy-list/A-1', { orderQuantity: 3 }, member.token)).status).toBe(
      200,
    );
    // Purchase orders stay out of reach: the schema left them Restricted.
    expect((await member.client.get('/api/purchase-orders', member.token)).status).toBe(403);
  });
});

describe('DELETE /api/buy-list/:msku', () => {
  it('unflags the product and forgets its order quantity', async () => {
    const account = await owner([sellsOneADay('A-1')]);
    await account.client.patch('/api/buy-list/A-1', { orderQuantity: 3 }, account.token);
    const removed = await account.client.request('DELETE', '/api/buy-list/A-1', { token: account.token });
    expect(removed.status).toBe(204);
    expect((await buyList(account)).groups).toEqual([]);
    expect((await restockRow(account, 'A-1')).replen).toBe(false);

    await account.client.patch('/api/tables/restock/data/A-1', { replen: true }, account.token);
    expect((await buyList(account)).groups[0]!.lines[0]).toMatchObject({
      orderQuantity: 30,
      isCustomQuantity: false,
    });
    const again = await account.client.request('DELETE', '/api/buy-list/NOPE', { token: account.token });
    expect(again.status).toBe(404);
  });
});

describe('POST /api/purchase-orders', () => {
  it("saves a draft from the supplier's lines with their quantities, unit costs and totals", async () => {
    const account = await owner();
    await account.client.patch('/api/buy-list/A-1', { orderQuantity: 5 }, account.token);
    const when = tick();
    const created = await createOrder(account, 'Acme');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      number: 1,
      supplier: 'Acme',
      supplierName: 'Acme',
      status: 'draft',
      createdAt: when.toISOString(),
      orderedAt: null,
      receivedAt: null,
      lineCount: 2,
      units: 41,
      total: 140,
      lines: [
        { msku: 'A-1', asin: 'B0000000A1', title: 'Product A-1', quantity: 5, unitCost: 10, lineTotal: 50 },
        { msku: 'A-2', asin: 'B0000000A2', title: 'Product A-2', quantity: 36, unitCost: 2.5, lineTotal: 90 },
      ],
    });
    // Still on the buy list, with the draft beside the supplier, until it is ordered.
    const acme = (await buyList(account)).groups[0]!;
    expect(acme.draft).toEqual({ id: created.body.id, number: 1, supplier: 'Acme' });
    expect(acme.lines).toHaveLength(2);
  });

  it('numbers orders per account and makes one for the products without a supplier', async () => {
    const account = await owner();
    const other = await owner();
    expect((await createOrder(account, 'Acme')).body.number).toBe(1);
    const unnamed = await createOrder(account, null);
    expect(unnamed.body).toMatchObject({
      number: 2,
      supplier: null,
      supplierName: 'No supplier',
      units: 30,
      total: 0,
      unpricedLines: 1,
    });
    expect((await createOrder(other, 'Globex')).body.number).toBe(1);
  });

  it('leaves out lines with a quantity of 0 and refuses an order with nothing to buy (409)', async () => {
    const account = await owner();
    await account.client.patch('/api/buy-list/A-1', { orderQuantity: 0 }, account.token);
    expect((await createOrder(account, 'Acme')).body.lines.map((line) => line.msku)).toEqual(['A-2']);

    await account.client.patch('/api/buy-list/G-1', { orderQuantity: 0 }, account.token);
    const empty = await createOrder(account, 'Globex');
    expect(empty).toMatchObject({
      status: 409,
      body: {
        message: 'Nothing to order from Globex: the buy list has no quantity above 0 for this supplier',
      },
    });
    expect((await createOrder(account, 'Initech')).status).toBe(409);
  });

  it("rebuilds the supplier's open draft instead of making a second one, also when sent at once", async () => {
    const account = await owner();
    const [first, second] = await Promise.all([createOrder(account, 'Acme'), createOrder(account, 'Acme')]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.id).toBe(second.body.id);

    await account.client.patch('/api/buy-list/A-1', { orderQuantity: 7 }, account.token);
    const rebuilt = await createOrder(account, 'Acme');
    expect(rebuilt).toMatchObject({ status: 200, body: { id: first.body.id, number: 1, units: 43 } });
    expect(rebuilt.body.lines.map((line) => [line.msku, line.quantity])).toEqual([
      ['A-1', 7],
      ['A-2', 36],
    ]);
    const list = await account.client.get<{ purchaseOrders: PurchaseOrderSummary[] }>(
      '/api/purchase-orders',
      account.token,
    );
    expect(list.body.purchaseOrders).toHaveLength(1);
  });

  it('makes a new draft once the previous one is ordered', async () => {
    const account = await owner([sellsOneADay('A-1')]);
    const first = (await createOrder(account, 'Acme')).body;
    await setStatus(account, first.id, 'ordered');
    await account.client.patch('/api/tables/restock/data/A-1', { replen: true }, account.token);
    await account.client.patch('/api/buy-list/A-1', { orderQuantity: 6 }, account.token);
    const second = await createOrder(account, 'Acme');
    expect(second).toMatchObject({ status: 201, body: { number: 2, units: 6 } });
  });

  it.each([
    [{}, 'supplier must be a supplier name, or null for the products without a supplier'],
    [{ supplier: 7 }, 'supplier must be a supplier name, or null for the products without a supplier'],
    [{ supplier: 'x'.repeat(201) }, 'supplier must be at most 200 characters'],
  ])('refuses %j with 400', async (body, message) => {
    const account = await owner([sellsOneADay('A-1')]);
    expect(await account.client.post('/api/purchase-orders', body, account.token)).toMatchObject({
      status: 400,
      body: { message },
    });
  });
});

describe('PATCH /api/purchase-orders/:id', () => {
  it('ordered adds the quantities to Ordered once, drops To Buy and takes the products off the buy list', async () => {
    const account = await owner();
    await account.client.patch('/api/buy-list/A-1', { orderQuantity: 12 }, account.token);
    const order = (await createOrder(account, 'Acme')).body;
    const when = tick();
    const ordered = await setStatus(account, order.id, 'ordered');
    expect(ordered.status).toBe(200);
    expect(ordered.body).toMatchObject({ status: 'ordered', orderedAt: when.toISOString() });

    const again = await setStatus(account, order.id, 'ordered');
    expect(again).toMatchObject({ status: 409, body: { message: 'PO #1 is already ordered' } });

    expect(await restockRow(account, 'A-1')).toMatchObject({
      quantity_already_ordered: 12,
      recommended_buy_quantity: 18,
      replen: false,
    });
    expect(await restockRow(account, 'A-2')).toMatchObject({
      quantity_already_ordered: 36,
      recommended_buy_quantity: 0,
    });
    // Acme's lines left the buy list; flagged again, A-1 starts from the new recommendation.
    expect((await buyList(account)).groups.map((group) => group.name)).toEqual(['Globex', 'No supplier']);
    await account.client.patch('/api/tables/restock/data/A-1', { replen: true }, account.token);
    expect((await buyList(account)).groups[0]!.lines[0]).toMatchObject({
      msku: 'A-1',
      orderQuantity: 18,
      isCustomQuantity: false,
    });
  });

  it('counts an order once when "ordered" is sent twice at the same time', async () => {
    const account = await owner();
    const order = (await createOrder(account, 'Globex')).body;
    const answers = await Promise.all([
      setStatus(account, order.id, 'ordered'),
      setStatus(account, order.id, 'ordered'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await restockRow(account, 'G-1')).quantity_already_ordered).toBe(30);
  });

  it('received moves the quantities from Ordered into local stock, once', async () => {
    const account = await owner([
      sellsOneADay('A-1', { quantity_already_ordered: 4, local_inventory_quantity: 2 }),
    ]);
    const order = (await createOrder(account, 'Acme')).body;
    // 50 − (20 + 2 in stock) − 4 ordered = 24 to buy.
    expect(order.units).toBe(24);
    await setStatus(account, order.id, 'ordered');
    expect((await restockRow(account, 'A-1')).quantity_already_ordered).toBe(28);
    const received = await setStatus(account, order.id, 'received');
    expect(received.status).toBe(200);
    expect(received.body.receivedAt).not.toBeNull();
    expect(await restockRow(account, 'A-1')).toMatchObject({
      quantity_already_ordered: 4,
      local_inventory_quantity: 26,
    });

    expect(await setStatus(account, order.id, 'received')).toMatchObject({
      status: 409,
      body: { message: 'PO #1 is already received' },
    });
    expect(await setStatus(account, order.id, 'ordered')).toMatchObject({
      status: 409,
      body: { message: 'PO #1 was already received' },
    });
    expect(await restockRow(account, 'A-1')).toMatchObject({
      quantity_already_ordered: 4,
      local_inventory_quantity: 26,
    });
  });

  it('never takes Ordered below 0 when the seller lowered it by hand', async () => {
    const account = await owner([sellsOneADay('A-1')]);
    const order = (await createOrder(account, 'Acme')).body;
    await setStatus(account, order.id, 'ordered');
    await account.client.patch(
      '/api/tables/restock/data/A-1',
      { quantity_already_ordered: 10 },
      account.token,
    );
    await setStatus(account, order.id, 'received');
    expect(await restockRow(account, 'A-1')).toMatchObject({
      quantity_already_ordered: 0,
      local_inventory_quantity: 30,
    });
  });

  it('refuses received for a draft (409) and changes nothing', async () => {
    const account = await owner([sellsOneADay('A-1')]);
    const order = (await createOrder(account, 'Acme')).body;
    expect(await setStatus(account, order.id, 'received')).toMatchObject({
      status: 409,
      body: { message: 'Mark PO #1 ordered before received' },
    });
    expect(await restockRow(account, 'A-1')).toMatchObject({
      quantity_already_ordered: 0,
      local_inventory_quantity: 0,
    });
  });

  it.each([[{ status: 'draft' }], [{ status: 'cancelled' }], [{}]])('refuses %j with 400', async (body) => {
    const account = await owner([sellsOneADay('A-1')]);
    const order = (await createOrder(account, 'Acme')).body;
    const response = await account.client.patch(`/api/purchase-orders/${order.id}`, body, account.token);
    expect(response).toMatchObject({
      status: 400,
      body: { message: "status must be 'ordered' or 'received'" },
    });
  });

  it("answers 404 for another account's order, an unknown id and a malformed one, and leaves it alone", async () => {
    const victim = await owner([sellsOneADay('A-1')]);
    const order = (await createOrder(victim, 'Acme')).body;
    const attacker = await owner([sellsOneADay('A-1')]);
    for (const id of [order.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await setStatus(attacker, id, 'ordered')).status).toBe(404);
      expect((await attacker.client.get(`/api/purchase-orders/${id}`, attacker.token)).status).toBe(404);
      expect(
        (await attacker.client.get(`/api/purchase-orders/${id}/export.csv`, attacker.token)).status,
      ).toBe(404);
    }
    expect(
      (await attacker.client.get<{ purchaseOrders: unknown[] }>('/api/purchase-orders', attacker.token)).body
        .purchaseOrders,
    ).toEqual([]);
    expect((await restockRow(attacker, 'A-1')).quantity_already_ordered).toBe(0);
    expect(
      (await victim.client.get<PurchaseOrder>(`/api/purchase-orders/${order.id}`, victim.token)).body.status,
    ).toBe('draft');
    expect((await restockRow(victim, 'A-1')).quantity_already_ordered).toBe(0);
  });
});

describe('GET /api/purchase-orders', () => {
  it('lists the orders newest first with the same totals as each order', async () => {
    const account = await owner();
    const first = (await createOrder(account, 'Acme')).body;
    await setStatus(account, first.id, 'ordered');
    const second = (await createOrder(account, null)).body;
    const list = await account.client.get<{ purchaseOrders: PurchaseOrderSummary[] }>(
      '/api/purchase-orders',
      account.token,
    );
    expect(list.body.purchaseOrders.map((order) => [order.number, order.status])).toEqual([
      [2, 'draft'],
      [1, 'ordered'],
    ]);
    for (const order of [first, second]) {
      const summary = list.body.purchaseOrders.find((candidate) => candidate.id === order.id)!;
      const { lines: _lines, ...detail } = (
        await account.client.get<PurchaseOrder>(`/api/purchase-orders/${order.id}`, account.token)
      ).body;
      expect(summary).toEqual(detail);
    }
  });
});

/** The files of a zip (an .xlsx), read through its central directory. */
function unzip(buffer: Buffer): Map<string, string> {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < entries; i++) {
    const method = buffer.readUInt16LE(offset + 10);
    const size = buffer.readUInt32LE(offset + 20);
    const nameLength = buffer.readUInt16LE(offset + 28);
    const skip = nameLength + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
    const name = buffer.toString('utf8', offset + 46, offset + 46 + nameLength);
    const local = buffer.readUInt32LE(offset + 42);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const data = buffer.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    offset += 46 + skip;
  }
  return files;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The first sheet's cells by reference ('A1'): text for string cells, numbers for number cells. */
function xlsxCells(buffer: Buffer): Map<string, string | number> {
  const files = unzip(buffer);
  const shared = [
    ...(files.get('xl/sharedStrings.xml') ?? '').matchAll(/<si><t[^>]*>([\s\S]*?)<\/t><\/si>/g),
  ].map((match) => unescapeXml(match[1]!));
  const cells = new Map<string, string | number>();
  for (const match of (files.get('xl/worksheets/sheet1.xml') ?? '').matchAll(
    /<c r="([A-Z]+\d+)"([^>]*)><v>([^<]*)<\/v><\/c>/g,
  )) {
    const [, ref, attributes, value] = match;
    cells.set(ref!, attributes!.includes('t="s"') ? shared[Number(value)]! : Number(value));
  }
  return cells;
}

async function download(account: Owner, path: string) {
  const response = await fetch(`${t.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('exports', () => {
  const tricky = [
    sellsOneADay('00123', { title: '=HYPERLINK("http://evil","x")', supplier: 'Acme, Inc.' }),
    sellsOneADay('+SKU', { title: 'Plain', supplier: 'Acme, Inc.', cost: 2.5 }),
  ];

  it('writes a purchase order as CSV: BOM, supplier, date, lines with escaped formulas, total', async () => {
    const account = await owner(tricky);
    const order = (await createOrder(account, 'Acme, Inc.')).body;
    const { response, bytes } = await download(account, `/api/purchase-orders/${order.id}/export.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="purchase-order-1-acme-inc.csv"',
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Purchase order,PO #1,,,,',
      'Supplier,"Acme, Inc.",,,,',
      `Date,${today()},,,,`,
      'Status,Draft,,,,',
      ',,,,,',
      'MSKU,ASIN,Title,Quantity,Unit Cost,Line Total',
      `00123,B000000123,"'=HYPERLINK(""http://evil"",""x"")",30,10.00,300.00`,
      "'+SKU,B000000SKU,Plain,30,2.50,75.00",
      'Total,,,60,,375.00',
      '',
    ]);
  });

  it('writes a purchase order as XLSX with MSKUs and ASINs as text cells and numbers as numbers', async () => {
    const account = await owner(tricky);
    const order = (await createOrder(account, 'Acme, Inc.')).body;
    const { response, bytes } = await download(account, `/api/purchase-orders/${order.id}/export.xlsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain('purchase-order-1-acme-inc.xlsx');
    const cells = xlsxCells(bytes);
    expect(cells.get('B1')).toBe('PO #1');
    expect(cells.get('B2')).toBe('Acme, Inc.');
    expect(cells.get('A6')).toBe('MSKU');
    // Text stays text: leading zeros kept, a formula is a string cell (no <f>), never run.
    expect(cells.get('A7')).toBe('00123');
    expect(cells.get('C7')).toBe('=HYPERLINK("http://evil","x")');
    expect(unzip(bytes).get('xl/worksheets/sheet1.xml')).not.toContain('<f>');
    expect(cells.get('D7')).toBe(30);
    expect(cells.get('F7')).toBe(300);
    expect(cells.get('D9')).toBe(60);
    expect(cells.get('F9')).toBe(375);
  });

  it('writes the whole buy list as CSV and XLSX with suppliers, date and totals', async () => {
    const account = await owner();
    const csv = await download(account, '/api/buy-list/export.csv');
    expect(csv.response.headers.get('content-disposition')).toBe(
      `attachment; filename="buy-list-${today()}.csv"`,
    );
    const rows = csv.bytes.toString('utf8').slice(1).split('\r\n');
    expect(rows.slice(0, 3)).toEqual([
      `Buy list,${today()},,,,,,`,
      ',,,,,,,',
      'Supplier,MSKU,ASIN,Title,Unit Cost,Recommended,Order Quantity,Line Total',
    ]);
    expect(rows.slice(3)).toEqual([
      'Acme,A-1,B0000000A1,Product A-1,10.00,30,30,300.00',
      'Acme,A-2,B0000000A2,Product A-2,2.50,36,36,90.00',
      'Acme total,,,,,,66,390.00',
      'Globex,G-1,B0000000G1,Product G-1,4.00,30,30,120.00',
      'Globex total,,,,,,30,120.00',
      'No supplier,N-1,B0000000N1,Product N-1,,30,30,',
      'No supplier total,,,,,,30,0.00',
      'Total,,,,,,126,510.00',
      '',
    ]);

    const xlsx = await download(account, '/api/buy-list/export.xlsx');
    expect(xlsx.response.status).toBe(200);
    const cells = xlsxCells(xlsx.bytes);
    expect(cells.get('B1')).toBe(today());
    expect(cells.get('A4')).toBe('Acme');
    expect(cells.get('C4')).toBe('B0000000A1');
    expect(cells.get('G11')).toBe(126);
    expect(cells.get('H11')).toBe(510);
  });

  it('answers 401 to a visitor and lets a view-only member download', async () => {
    const account = await owner([sellsOneADay('A-1')]);
    expect((await fetch(`${t.baseUrl}/api/buy-list/export.csv`)).status).toBe(401);
    const member = await addMemberAndLogIn(t.baseUrl, account.token);
    const { response } = await download({ ...account, token: member.token }, '/api/buy-list/export.csv');
    expect(response.status).toBe(200);
  });
});
