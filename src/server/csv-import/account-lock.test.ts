import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableOfRows } from '../../core/csv-import/import-table';
import { postgresErrorCode } from '../db/errors';
import { IMPORT_TIMEOUT_MS, IMPORT_WORK_MEM } from '../db/pool';
import { HttpError } from '../http/errors';
import { signUp } from '../test-support/http-client';
import { accountIdOf } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { ACCOUNT_GONE_MESSAGE, inAccountTransaction } from './account-lock';
import { importProducts } from './upsert';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const LOCK_NOT_AVAILABLE = '55P03';
const who = { userId: randomUUID(), name: 'Seller', email: 'seller@example.com' };
const run = {
  dryRun: false,
  who,
  now: new Date(),
  blanks: 'keep' as const,
  fileName: null,
  reportType: null,
};

async function newAccount(): Promise<string> {
  return (await newOwner()).accountId;
}

async function newOwner() {
  const owner = await signUp(t.baseUrl);
  return { ...owner, accountId: await accountIdOf(t.pool, owner.email) };
}

async function productCount(accountId: string): Promise<number> {
  const result = await t.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM products WHERE account_id = $1',
    [accountId],
  );
  return result.rows[0]!.count;
}

/** Deletes the account from another connection, waiting at most `wait` for a lock. */
async function deleteAccount(accountId: string, wait = '5s'): Promise<void> {
  const client = await t.pool.connect();
  try {
    await client.query(`SET lock_timeout = '${wait}'`);
    await client.query('DELETE FROM accounts WHERE id = $1', [accountId]);
  } finally {
    await client.query('RESET lock_timeout');
    client.release();
  }
}

// Products carry no foreign key to accounts: the account's row lock and a delete trigger do its work.
describe("an account's products without a foreign key", () => {
  it('cannot be orphaned: deleting the account waits until the writing transaction ends', async () => {
    const accountId = await newAccount();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const isWriting = new Promise<void>((resolve) => {
      started = resolve;
    });
    const writing = inAccountTransaction(t.db, accountId, 'READ COMMITTED', async (client) => {
      await client.query("INSERT INTO products (account_id, msku) VALUES ($1, 'HELD-1')", [accountId]);
      started();
      await held;
      return { commit: true, value: null };
    });
    await isWriting;
    const refused = await deleteAccount(accountId, '200ms').catch((error: unknown) => error);
    expect(postgresErrorCode(refused)).toBe(LOCK_NOT_AVAILABLE);
    release();
    await writing;
    expect(await productCount(accountId)).toBe(1);
    await deleteAccount(accountId);
    expect(await productCount(accountId)).toBe(0);
  });

  it("go with their account, forecasts too, and no other account's go", async () => {
    const owners = [await newOwner(), await newOwner()];
    const [gone, kept] = owners.map((owner) => owner.accountId) as [string, string];
    for (const { accountId, client, token } of owners) {
      const data = [{ msku: 'SAME-1' }, { msku: 'SAME-2' }];
      expect((await client.post('/api/dynamic/import-inventory', { data }, token)).status).toBe(200);
      await t.pool.query(
        `INSERT INTO forecasts (account_id, msku, daily_rate, method, last_day)
         VALUES ($1, 'SAME-1', 1.5, 'moving-average', '2026-11-01')`,
        [accountId],
      );
    }
    await deleteAccount(gone);
    const left = await t.pool.query<{ account_id: string; table: string }>(
      `SELECT account_id, 'products' AS table FROM products WHERE account_id = ANY($1::uuid[])
       UNION ALL SELECT account_id, 'forecasts' FROM forecasts WHERE account_id = ANY($1::uuid[])`,
      [[gone, kept]],
    );
    expect(left.rows.filter((row) => row.account_id === gone)).toEqual([]);
    expect(left.rows.filter((row) => row.account_id === kept).map((row) => row.table)).toEqual([
      'products',
      'products',
      'forecasts',
    ]);
  });

  it('are never written for an account that no longer exists: 409, and nothing stored', async () => {
    const accountId = await newAccount();
    await deleteAccount(accountId);
    const refused = await importProducts(t.db, accountId, tableOfRows([{ msku: 'LATE-1' }]), run).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 409, message: ACCOUNT_GONE_MESSAGE });
    expect(await productCount(accountId)).toBe(0);
  });
});

describe("an account's writing transaction", () => {
  const settings = async (client: { query: typeof t.pool.query }) =>
    (
      await client.query<{ work_mem: string; statement_timeout: string }>(
        "SELECT current_setting('work_mem') AS work_mem, current_setting('statement_timeout') AS statement_timeout",
      )
    ).rows[0];

  it("has the import's memory and time, and hands the connection back with the defaults", async () => {
    const accountId = await newAccount();
    const outside = await settings(t.pool);
    let client: { query: typeof t.pool.query } | null = null;
    const inside = await inAccountTransaction(t.db, accountId, 'READ COMMITTED', async (tx) => {
      client = tx;
      return { commit: false, value: await settings(tx) };
    });
    expect(inside).toEqual({
      work_mem: IMPORT_WORK_MEM,
      statement_timeout: `${IMPORT_TIMEOUT_MS / 60_000}min`,
    });
    expect(outside?.work_mem).not.toBe(IMPORT_WORK_MEM);
    // The same connection, back in the pool, has the server's settings again.
    expect(await settings(client!)).toEqual(outside);
  });
});
