import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientGoneError } from '../http/errors';
import { createTestDatabase } from '../test-support/test-app';
import { createDb, createPool, type Db } from './pool';
import { inTransaction } from './transaction';

// One connection: the backend's process id tells whether the next transaction got the same one.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = createPool(database.url, 1);
  db = createDb(pool);
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const backend = () =>
  inTransaction(db, async (client) => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);

describe('inTransaction', () => {
  it('commits what its work wrote, or rolls all of it back', async () => {
    await inTransaction(db, (client) => client.query('CREATE TABLE kept_rows (n int)'));
    await inTransaction(db, (client) => client.query('INSERT INTO kept_rows VALUES (1)'));
    const failure = new Error('stop');
    await expect(
      inTransaction(db, async (client) => {
        await client.query('INSERT INTO kept_rows VALUES (2)');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await pool.query('SELECT n FROM kept_rows')).rows).toEqual([{ n: 1 }]);
  });

  it("hands the connection back after the app's own stop, and closes it after a failed statement", async () => {
    const first = await backend();
    await expect(
      inTransaction(db, async () => {
        throw new ClientGoneError();
      }),
    ).rejects.toBeInstanceOf(ClientGoneError);
    expect(await backend()).toBe(first);
    await expect(inTransaction(db, (client) => client.query('SELECT 1 / 0'))).rejects.toThrow(
      /division by zero/,
    );
    expect(await backend()).not.toBe(first);
  });

  it('opens the transaction as asked', async () => {
    const writing = inTransaction(
      db,
      (client) => client.query('CREATE TABLE refused (n int)'),
      'BEGIN READ ONLY',
    );
    await expect(writing).rejects.toThrow(/read-only transaction/);
  });
});
