import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MAX_IMPORTS, type ImportRecord } from '../../core/csv-import/import-request';
import type { Product } from '../../core/product-fields/fields';
import { demoProducts } from '../../core/restock/demo-products';
import { CONCURRENT_CHANGE_MESSAGE } from '../http/errors';
import { addMemberAndLogIn, createClient, signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { CHANGED_WHILE_IMPORTING_MESSAGE } from './account-lock';
import { ALREADY_REVERTED_MESSAGE } from './history';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const IMPORT = '/api/dynamic/import-inventory';
const HISTORY = '/api/imports';
const revertUrl = (id: string) => `/api/imports/${id}/revert`;
type Owner = Awaited<ReturnType<typeof signUp>>;
type Stored = Product & { version: number };

const BASE = demoProducts(1, 9)[0] as Product;
const product = (msku: string, fields: Partial<Product> = {}): Product => ({
  ...BASE,
  msku,
  cost: 10,
  supplier: 'Keystone Goods',
  title: `Product ${msku}`,
  ...fields,
});

async function ownerWith(productsToSeed: Product[]) {
  const owner = await signUp(t.baseUrl);
  if (productsToSeed.length > 0)
    await insertProducts(t.pool, await accountIdOf(t.pool, owner.email), productsToSeed);
  return owner;
}

async function rowsOf(owner: Owner): Promise<Map<string, Stored>> {
  const accountId = await accountIdOf(t.pool, owner.email);
  const result = await t.pool.query<Stored>('SELECT * FROM products WHERE account_id = $1', [accountId]);
  return new Map(result.rows.map((row) => [row.msku, row]));
}

async function importRows(
  owner: Owner,
  data: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
) {
  const response = await owner.client.post<{ importId: string }>(IMPORT, { data, ...extra }, owner.token);
  expect(response.status).toBe(200);
  return response.body.importId;
}

/** The data statements of a migration, which fill in what its new columns name for rows kept before it. */
async function migrationUpdates(file: string): Promise<string[]> {
  const text = await readFile(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8');
  return text.split('--> statement-breakpoint').filter((statement) => /^\s*UPDATE/m.test(statement));
}

const history = async (owner: Owner) => (await owner.client.get<ImportRecord[]>(HISTORY, owner.token)).body;

describe('GET /api/imports', () => {
  it('lists every import newest first: who, when, file, report, counts and changed fields', async () => {
    const owner = await ownerWith([product('A'), product('B')]);
    const first = await importRows(
      owner,
      [
        { msku: 'A', cost: 12 },
        { msku: 'N', cost: 1 },
      ],
      {
        fileName: 'restock.txt',
        reportType: 'Restock Inventory report',
      },
    );
    t.clock.advance(60_000);
    const second = await importRows(owner, [{ msku: 'B', supplier: null }], { blanks: 'clear' });
    const list = await history(owner);
    expect(list.map((record) => record.id)).toEqual([second, first]);
    expect(list[1]).toEqual({
      id: first,
      createdAt: expect.any(String),
      user: { name: 'Pat Seller', email: owner.email },
      fileName: 'restock.txt',
      reportType: 'Restock Inventory report',
      blanks: 'keep',
      inserted: 1,
      updated: 1,
      unchanged: 0,
      fields: [{ field: 'cost', changed: 1, cleared: 0 }],
      reverted: null,
    });
    expect(list[0]).toMatchObject({
      blanks: 'clear',
      fields: [{ field: 'supplier', changed: 1, cleared: 1 }],
    });
    expect(Date.parse(list[0]!.createdAt) - Date.parse(list[1]!.createdAt)).toBe(60_000);
  });

  it("shows an account only its own imports, and another account's import cannot be undone", async () => {
    const owner = await ownerWith([product('A')]);
    const stranger = await ownerWith([]);
    const id = await importRows(owner, [{ msku: 'A', cost: 99 }]);
    expect(await history(stranger)).toEqual([]);
    const refused = await stranger.client.post(revertUrl(id), {}, stranger.token);
    expect(refused).toMatchObject({ status: 404, body: { message: 'Import not found' } });
    expect((await rowsOf(owner)).get('A')!.cost).toBe(99);
  });

  it('keeps the last 50 imports, and none older than 90 days', async () => {
    const owner = await ownerWith([]);
    const accountId = await accountIdOf(t.pool, owner.email);
    // Fifty earlier imports, one a minute in the last hour, as the history holds them.
    const start = t.clock.now - 60 * 60_000;
    for (let index = 0; index < HISTORY_MAX_IMPORTS; index += 1) {
      await t.pool.query(
        `INSERT INTO imports (account_id, user_name, user_email, created_at, blanks, fields, inserted, updated,
           unchanged, field_changes)
         VALUES ($1, 'Pat Seller', 'pat@example.com', $2, 'keep', '{msku}', 1, 0, 0, '[]')`,
        [accountId, new Date(start + index * 60_000)],
      );
    }
    const oldest = await t.pool.query<{ id: string }>(
      'SELECT id FROM imports WHERE account_id = $1 ORDER BY created_at LIMIT 1',
      [accountId],
    );
    const latest = await importRows(owner, [{ msku: 'S-1', cost: 1 }]);
    const kept = await history(owner);
    expect(kept).toHaveLength(HISTORY_MAX_IMPORTS);
    expect(kept[0]!.id).toBe(latest);
    expect(kept.map((record) => record.id)).not.toContain(oldest.rows[0]!.id);
    const stored = await t.pool.query('SELECT count(*)::int AS count FROM imports WHERE account_id = $1', [
      accountId,
    ]);
    expect(stored.rows[0].count).toBe(HISTORY_MAX_IMPORTS);
    expect((await owner.client.post(revertUrl(oldest.rows[0]!.id), {}, owner.token)).status).toBe(404);

    t.clock.advance(91 * 24 * 60 * 60 * 1000);
    const login = await owner.client.post<{ accessToken: string }>('/api/login', {
      email: owner.email,
      password: owner.password,
    });
    const token = login.body.accessToken;
    expect((await owner.client.get(HISTORY, token)).body).toEqual([]);
    expect((await owner.client.post(revertUrl(latest), {}, token)).status).toBe(404);
    expect((await rowsOf(owner)).has('S-1')).toBe(true);
  });

  it('needs a session, and Can View on Import CSV; undo needs Can Edit', async () => {
    const owner = await ownerWith([product('A')]);
    const id = await importRows(owner, [{ msku: 'A', cost: 3 }]);
    const anonymous = createClient(t.baseUrl);
    expect((await anonymous.get(HISTORY)).status).toBe(401);
    expect((await anonymous.post(revertUrl(id), {})).status).toBe(401);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    expect((await member.client.get(HISTORY, member.token)).status).toBe(200);
    expect((await member.client.post(revertUrl(id), {}, member.token)).status).toBe(403);
    expect((await rowsOf(owner)).get('A')!.cost).toBe(3);
  });
});

describe('POST /api/imports/:id/revert', () => {
  it('restores every replaced value, including replaced blanks, and deletes the products it created', async () => {
    const owner = await ownerWith([
      product('A', { cost: 10, supplier: 'Keystone Goods', moq: null }),
      product('B'),
    ]);
    const before = await rowsOf(owner);
    const id = await importRows(
      owner,
      [
        { msku: 'A', cost: 12.5, supplier: null, moq: 24 },
        { msku: 'B', cost: 10 },
        { msku: 'NEW-1', cost: 4, supplier: 'Acme' },
      ],
      { blanks: 'clear' },
    );
    const undo = await owner.client.post(revertUrl(id), undefined, owner.token);
    expect(undo).toMatchObject({ status: 200, body: { restored: 1, deleted: 1, skipped: 0 } });

    const after = await rowsOf(owner);
    expect([...after.keys()].sort()).toEqual(['A', 'B']);
    const { version: _a, ...restoredA } = after.get('A')!;
    const { version: _b, ...originalA } = before.get('A')!;
    expect({ ...restoredA, updated_at: null }).toEqual({ ...originalA, updated_at: null });
    // An undo is a write: open edits of A are now stale. B was unchanged and was not touched.
    expect(after.get('A')!.version).toBe(3);
    expect(after.get('B')!.version).toBe(1);
    expect((await history(owner))[0]!.reverted).toEqual({
      at: expect.any(String),
      by: 'Pat Seller',
      restored: 1,
      deleted: 1,
      skipped: 0,
    });
  });

  it('undoes an account’s first import by deleting every product it created', async () => {
    const owner = await ownerWith([]);
    const id = await importRows(owner, [{ msku: 'X' }, { msku: 'Y', cost: 2 }]);
    const undo = await owner.client.post(revertUrl(id), {}, owner.token);
    expect(undo.body).toEqual({ restored: 0, deleted: 2, skipped: 0 });
    expect((await rowsOf(owner)).size).toBe(0);
  });

  it('answers 409 for an import already undone, and changes nothing', async () => {
    const owner = await ownerWith([product('A')]);
    const id = await importRows(owner, [{ msku: 'A', cost: 11 }]);
    expect((await owner.client.post(revertUrl(id), {}, owner.token)).status).toBe(200);
    const again = await owner.client.post(revertUrl(id), {}, owner.token);
    expect(again).toEqual(
      expect.objectContaining({ status: 409, body: { message: ALREADY_REVERTED_MESSAGE } }),
    );
    expect((await rowsOf(owner)).get('A')).toMatchObject({ cost: 10, version: 3 });
  });

  it('answers 409 naming the first product edited since, writes nothing, and can undo the rest', async () => {
    const owner = await ownerWith([product('A'), product('B'), product('C')]);
    const id = await importRows(owner, [
      { msku: 'A', cost: 11 },
      { msku: 'B', cost: 12 },
      { msku: 'C', cost: 13 },
    ]);
    // Edits after the import: C by hand, then B by hand.
    await owner.client.patch('/api/tables/restock/data/C', { cost: 30 }, owner.token);
    await owner.client.patch('/api/tables/restock/data/B', { supplier: 'Other' }, owner.token);

    const blocked = await owner.client.post(revertUrl(id), {}, owner.token);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({
      message:
        'Product "B" and 1 other product changed after this import, so undoing it would overwrite those changes',
      conflicts: { first: 'B', count: 2 },
    });
    let rows = await rowsOf(owner);
    expect([rows.get('A')!.cost, rows.get('B')!.cost, rows.get('C')!.cost]).toEqual([11, 12, 30]);
    expect((await history(owner))[0]!.reverted).toBeNull();

    const rest = await owner.client.post(revertUrl(id), { skipChanged: true }, owner.token);
    expect(rest.body).toEqual({ restored: 1, deleted: 0, skipped: 2 });
    rows = await rowsOf(owner);
    expect(rows.get('A')!.cost).toBe(10);
    expect(rows.get('B')).toMatchObject({ cost: 12, supplier: 'Other' });
    expect(rows.get('C')!.cost).toBe(30);
  });

  it('answers 409 when a later import changed one of its products, or edited one it created', async () => {
    const owner = await ownerWith([product('A')]);
    const first = await importRows(owner, [
      { msku: 'A', cost: 11 },
      { msku: 'NEW', cost: 1 },
    ]);
    await importRows(owner, [{ msku: 'A', cost: 12 }]);
    const blocked = await owner.client.post(revertUrl(first), {}, owner.token);
    expect(blocked).toMatchObject({ status: 409, body: { conflicts: { first: 'A', count: 1 } } });

    await owner.client.patch('/api/tables/restock/data/NEW', { cost: 2 }, owner.token);
    const both = await owner.client.post(revertUrl(first), {}, owner.token);
    expect(both).toMatchObject({ status: 409, body: { conflicts: { first: 'A', count: 2 } } });
    expect((await rowsOf(owner)).get('NEW')!.cost).toBe(2);
  });

  it('undoes a chain of imports newest first, back to the values typed by hand', async () => {
    const owner = await ownerWith([product('A', { cost: 10, supplier: 'Hand' })]);
    const original = (await rowsOf(owner)).get('A')!;
    const first = await importRows(owner, [
      { msku: 'A', cost: 11 },
      { msku: 'N', cost: 1 },
    ]);
    const second = await importRows(owner, [
      { msku: 'A', cost: 12, supplier: 'Report' },
      { msku: 'N', cost: 2 },
    ]);
    expect((await owner.client.post(revertUrl(second), {}, owner.token)).body).toEqual({
      restored: 2,
      deleted: 0,
      skipped: 0,
    });
    expect((await rowsOf(owner)).get('A')).toMatchObject({ cost: 11, supplier: 'Hand' });
    expect((await owner.client.post(revertUrl(first), {}, owner.token)).body).toEqual({
      restored: 1,
      deleted: 1,
      skipped: 0,
    });
    const rows = await rowsOf(owner);
    expect(rows.get('A')).toMatchObject({ cost: original.cost, supplier: original.supplier });
    expect(rows.has('N')).toBe(false);
  });

  it('undoes imports that each changed other products, in any order, back to the first', async () => {
    const owner = await ownerWith([]);
    const first = await importRows(owner, [
      { msku: 'P', cost: 1 },
      { msku: 'Q', cost: 1 },
    ]);
    const onlyP = await importRows(owner, [{ msku: 'P', cost: 2 }]);
    const onlyQ = await importRows(owner, [{ msku: 'Q', cost: 3 }]);
    const both = await importRows(owner, [
      { msku: 'P', cost: 4 },
      { msku: 'Q', cost: 4 },
    ]);
    const undo = async (id: string) => (await owner.client.post(revertUrl(id), {}, owner.token)).body;
    expect(await undo(both)).toEqual({ restored: 2, deleted: 0, skipped: 0 });
    const costs = async () =>
      Object.fromEntries([...(await rowsOf(owner))].map(([msku, row]) => [msku, row.cost]));
    expect(await costs()).toEqual({ P: 2, Q: 3 });
    // Each product goes back to the import that wrote it before: P's to one, Q's to another.
    expect(await undo(onlyP)).toEqual({ restored: 1, deleted: 0, skipped: 0 });
    expect(await costs()).toEqual({ P: 1, Q: 3 });
    expect(await undo(onlyQ)).toEqual({ restored: 1, deleted: 0, skipped: 0 });
    expect(await undo(first)).toEqual({ restored: 0, deleted: 2, skipped: 0 });
    expect((await rowsOf(owner)).size).toBe(0);
  });

  it('undoes an import made over one already undone, then the one below both', async () => {
    const owner = await ownerWith([]);
    const undo = async (id: string) => (await owner.client.post(revertUrl(id), {}, owner.token)).body;
    const base = await importRows(owner, [{ msku: 'P', cost: 1 }]);
    const undone = await importRows(owner, [{ msku: 'P', cost: 2 }]);
    expect(await undo(undone)).toEqual({ restored: 1, deleted: 0, skipped: 0 });
    // P is the first import's again: the next import sits on that one, not on the one undone.
    const later = await importRows(owner, [{ msku: 'P', cost: 3 }]);
    expect(await undo(later)).toEqual({ restored: 1, deleted: 0, skipped: 0 });
    expect((await rowsOf(owner)).get('P')!.cost).toBe(1);
    expect(await undo(base)).toEqual({ restored: 0, deleted: 1, skipped: 0 });
  });

  it('names, for a history kept from before it named them, the import below each row', async () => {
    const owner = await ownerWith([product('A', { cost: 10 }), product('E', { cost: 5 })]);
    const undo = async (id: string, body = {}) =>
      (await owner.client.post(revertUrl(id), body, owner.token)).body;
    const first = await importRows(owner, [
      { msku: 'A', cost: 11 },
      { msku: 'B', cost: 1 },
      { msku: 'E', cost: 6 },
    ]);
    const second = await importRows(owner, [{ msku: 'B', cost: 2 }]);
    const third = await importRows(owner, [
      { msku: 'A', cost: 13 },
      { msku: 'B', cost: 3 },
    ]);
    // An undo moves the history of the import below on, and an edit leaves E written by none.
    const fourth = await importRows(owner, [{ msku: 'B', cost: 4 }]);
    expect(await undo(fourth)).toEqual({ restored: 1, deleted: 0, skipped: 0 });
    await owner.client.patch('/api/tables/restock/data/E', { supplier: 'Edited' }, owner.token);
    const accountId = await accountIdOf(t.pool, owner.email);
    // What the history of the imports not undone names, and each product's last import.
    const named = async () => ({
      history: (
        await t.pool.query(
          `SELECT c.import_id, c.msku, c.import_before FROM import_changes AS c JOIN imports AS i ON i.id = c.import_id
           WHERE c.account_id = $1 AND i.reverted_at IS NULL ORDER BY c.import_id, c.msku`,
          [accountId],
        )
      ).rows,
      products: (
        await t.pool.query('SELECT msku, last_import_id FROM products WHERE account_id = $1 ORDER BY msku', [
          accountId,
        ])
      ).rows,
    });
    const written = await named();
    expect(written.history.filter((row) => row.import_id === third)).toEqual([
      { import_id: third, msku: 'A', import_before: first },
      { import_id: third, msku: 'B', import_before: second },
    ]);
    await t.pool.query('UPDATE import_changes SET import_before = NULL WHERE account_id = $1', [accountId]);
    await t.pool.query('UPDATE products SET last_import_id = NULL WHERE account_id = $1', [accountId]);
    for (const statement of await migrationUpdates('0015_undo_follows_writers.sql'))
      await t.pool.query(statement);

    // E was edited after the last import: no import left its version, so none is named for it.
    expect(await named()).toEqual({
      history: written.history,
      products: written.products.map((row) => (row.msku === 'E' ? { ...row, last_import_id: null } : row)),
    });
    expect(written.products).toEqual([
      { msku: 'A', last_import_id: third },
      { msku: 'B', last_import_id: third },
      { msku: 'E', last_import_id: first },
    ]);
    // And the imports left undo in turn, back to the first, whose edited product stays.
    expect(await undo(third)).toEqual({ restored: 2, deleted: 0, skipped: 0 });
    expect(await undo(second)).toEqual({ restored: 1, deleted: 0, skipped: 0 });
    expect(await undo(first, { skipChanged: true })).toEqual({ restored: 1, deleted: 1, skipped: 1 });
    expect([...(await rowsOf(owner)).values()].map((row) => [row.msku, row.cost])).toEqual(
      expect.arrayContaining([
        ['A', 10],
        ['E', 6],
      ]),
    );
  });

  it('answers 404 for an unknown or malformed id and 400 for a bad body', async () => {
    const owner = await ownerWith([product('A')]);
    const id = await importRows(owner, [{ msku: 'A', cost: 3 }]);
    expect(
      (await owner.client.post(revertUrl('00000000-0000-0000-0000-000000000000'), {}, owner.token)).status,
    ).toBe(404);
    expect((await owner.client.post(revertUrl('not-an-id'), {}, owner.token)).status).toBe(404);
    const bad = await owner.client.post(revertUrl(id), { skipChanged: 'yes' }, owner.token);
    expect(bad).toMatchObject({ status: 400, body: { message: 'skipChanged must be true or false' } });
    expect((await rowsOf(owner)).get('A')!.cost).toBe(3);
  });
});

/** A connection of the test's own, to hold locks the app must wait for. */
async function withConnection<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const connection = await t.pool.connect();
  try {
    return await work(connection);
  } finally {
    connection.release();
  }
}

/** Waits until `count` backends of the test database wait for a lock. */
async function waitForLockWaits(count: number) {
  await expect
    .poll(
      async () =>
        (
          await t.pool.query<{ count: number }>(
            "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0]!.count,
      { timeout: 15_000 },
    )
    .toBe(count);
}

describe('imports and undos running at once', () => {
  it('an undo caught in a deadlock answers 409, writes nothing, and goes through when sent again', async () => {
    const owner = await ownerWith([product('A'), product('B')]);
    const accountId = await accountIdOf(t.pool, owner.email);
    const id = await importRows(owner, [
      { msku: 'A', cost: 11 },
      { msku: 'B', cost: 12 },
    ]);
    await withConnection((other) =>
      withConnection(async (gate) => {
        // The gate holds the import's record, so the undo first waits there, holding its turn.
        await gate.query('BEGIN');
        await gate.query('SELECT 1 FROM imports WHERE id = $1 FOR UPDATE', [id]);
        await other.query('BEGIN');
        // The other transaction looks for a deadlock only after 20 s, so the undo is the one
        // PostgreSQL rolls back.
        await other.query("SET LOCAL deadlock_timeout = '20s'");
        await other.query("SELECT 1 FROM products WHERE account_id = $1 AND msku = 'B' FOR UPDATE", [
          accountId,
        ]);
        const undo = owner.client.post(revertUrl(id), {}, owner.token);
        await waitForLockWaits(1);
        // The other transaction waits for the undo's turn; once the gate opens, the undo waits for B.
        const waiting = other.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `replen.import:${accountId}`,
        ]);
        await waitForLockWaits(2);
        await gate.query('ROLLBACK');
        expect(await undo).toMatchObject({ status: 409, body: { message: CONCURRENT_CHANGE_MESSAGE } });
        await waiting;
        await other.query('ROLLBACK');
      }),
    );
    const rows = await rowsOf(owner);
    expect([rows.get('A')!.cost, rows.get('B')!.cost]).toEqual([11, 12]);
    expect((await history(owner))[0]!.reverted).toBeNull();
    const again = await owner.client.post(revertUrl(id), {}, owner.token);
    expect(again).toMatchObject({ status: 200, body: { restored: 2, deleted: 0, skipped: 0 } });
  });

  it('take turns on the account lock: an undo and an import queued together both apply in order', async () => {
    const owner = await ownerWith([product('A', { cost: 10 }), product('B', { cost: 20 })]);
    const accountId = await accountIdOf(t.pool, owner.email);
    const first = await importRows(owner, [{ msku: 'A', cost: 11 }]);
    await withConnection(async (holder) => {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`replen.import:${accountId}`]);
      const undo = owner.client.post(revertUrl(first), {}, owner.token);
      const next = owner.client.post(IMPORT, { data: [{ msku: 'B', cost: 21 }] }, owner.token);
      await waitForLockWaits(2);
      await holder.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [
        `replen.import:${accountId}`,
      ]);
      const [undone, imported] = await Promise.all([undo, next]);
      expect(undone).toMatchObject({ status: 200, body: { restored: 1 } });
      expect(imported.status).toBe(200);
    });
    const rows = await rowsOf(owner);
    expect([rows.get('A')!.cost, rows.get('B')!.cost]).toEqual([10, 21]);
  });

  it('an import and an undo of the same products: whichever runs second sees the first', async () => {
    const owner = await ownerWith([product('A', { cost: 10 })]);
    const accountId = await accountIdOf(t.pool, owner.email);
    const first = await importRows(owner, [{ msku: 'A', cost: 11 }]);
    await withConnection(async (holder) => {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`replen.import:${accountId}`]);
      const undo = owner.client.post(revertUrl(first), {}, owner.token);
      const next = owner.client.post(IMPORT, { data: [{ msku: 'A', cost: 12 }] }, owner.token);
      await waitForLockWaits(2);
      await holder.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [
        `replen.import:${accountId}`,
      ]);
      const [undone, imported] = await Promise.all([undo, next]);
      const cost = (await rowsOf(owner)).get('A')!.cost;
      if (undone.status === 200) {
        // The undo ran first (back to 10), then the import wrote 12.
        expect(imported.status).toBe(200);
        expect(cost).toBe(12);
      } else {
        // The import ran first: the undo would overwrite it, so it is refused.
        expect(undone).toMatchObject({ status: 409, body: { conflicts: { first: 'A', count: 1 } } });
        expect(cost).toBe(12);
      }
    });
  });

  it('an edit that lands while an import runs fails the import with 409, and the import writes nothing', async () => {
    const owner = await ownerWith([product('A', { cost: 10 }), product('B', { cost: 20 })]);
    const accountId = await accountIdOf(t.pool, owner.email);
    await withConnection(async (editor) => {
      // The editor holds B while the import, whose snapshot is already taken, waits to write it.
      await editor.query('BEGIN');
      await editor.query(
        "UPDATE products SET cost = 25, version = version + 1 WHERE account_id = $1 AND msku = 'B'",
        [accountId],
      );
      const running = owner.client.post(
        IMPORT,
        {
          data: [
            { msku: 'A', cost: 11 },
            { msku: 'B', cost: 21 },
          ],
        },
        owner.token,
      );
      await waitForLockWaits(1);
      await editor.query('COMMIT');
      const response = await running;
      expect(response).toMatchObject({ status: 409, body: { message: CHANGED_WHILE_IMPORTING_MESSAGE } });
    });
    const rows = await rowsOf(owner);
    expect([rows.get('A')!.cost, rows.get('B')!.cost]).toEqual([10, 25]);
    expect(await history(owner)).toEqual([]);
  });
});
