import type pg from 'pg';
import { postgresErrorCode } from '../db/errors';
import { allowLongStatements, type Db } from '../db/pool';
import { conflict } from '../http/errors';

// Imports, undos and marketplace steps of one account take turns: each holds the account's
// advisory lock for its whole transaction. The lock is a session lock taken before BEGIN, so that a REPEATABLE READ
// transaction takes its snapshot only once the previous import has committed.

const pool = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/** Another import or undo held the lock for longer than this: answer rather than queue forever. */
const LOCK_WAIT = '30s';
const LOCK_NOT_AVAILABLE = '55P03';
const SERIALIZATION_FAILURE = '40001';
const UNIQUE_VIOLATION = '23505';

export const BUSY_MESSAGE =
  'Another import or undo of this account is still running; please try again in a moment.';
export const CHANGED_WHILE_IMPORTING_MESSAGE = 'These products changed while importing; please import again.';
export const ACCOUNT_GONE_MESSAGE = 'This account no longer exists.';

export type Isolation = 'READ COMMITTED' | 'REPEATABLE READ';

/** What the work decided: keep its writes, or roll them back (a dry run, a refusal). */
export type Outcome<T> = { commit: boolean; value: T };

// The key spelled out in the SQL, so that a waiting import is visible as such in pg_stat_activity.
const LOCK_KEY = "hashtextextended('replen.import:' || $1, 0)";

/**
 * Products have no foreign key to accounts (decision 005): this one lock does its check for every
 * product the transaction writes. The account cannot be deleted until the transaction ends, so
 * its products never outlive it.
 */
async function lockAccountRow(client: pg.PoolClient, accountId: string): Promise<void> {
  const account = await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR KEY SHARE', [accountId]);
  if (account.rows.length === 0) throw conflict(ACCOUNT_GONE_MESSAGE);
}

/**
 * Runs `work` in one transaction while holding the account's import lock; commits or rolls back
 * as the work answers. A product written by someone else meanwhile (a unique violation or, under
 * REPEATABLE READ, a serialization failure) answers 409 and writes nothing.
 */
export async function inAccountTransaction<T>(
  db: Db,
  accountId: string,
  isolation: Isolation,
  work: (client: pg.PoolClient) => Promise<Outcome<T>>,
): Promise<T> {
  const client = await pool(db).connect();
  // A connection that failed mid-way may still hold the lock or a broken COPY: never reuse it.
  let isClean = false;
  let restoreTimeouts = () => {};
  try {
    await client.query(`SET lock_timeout = '${LOCK_WAIT}'`);
    await client.query(`SELECT pg_advisory_lock(${LOCK_KEY})`, [accountId]);
    await client.query('RESET lock_timeout');
    await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
    // An import is long work: the import's statement limits for this transaction (decision 008).
    restoreTimeouts = await allowLongStatements(client);
    let outcome: Outcome<T>;
    try {
      await lockAccountRow(client, accountId);
      outcome = await work(client);
    } catch (error) {
      try {
        await client.query('ROLLBACK');
        await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`, [accountId]);
        isClean = true;
      } catch {
        // The connection is broken; it is destroyed below, which ends the transaction and the lock.
      }
      throw error;
    }
    await client.query(outcome.commit ? 'COMMIT' : 'ROLLBACK');
    await client.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`, [accountId]);
    isClean = true;
    return outcome.value;
  } catch (error) {
    const code = postgresErrorCode(error);
    if (code === LOCK_NOT_AVAILABLE) throw conflict(BUSY_MESSAGE);
    if (code === UNIQUE_VIOLATION || code === SERIALIZATION_FAILURE)
      throw conflict(CHANGED_WHILE_IMPORTING_MESSAGE);
    throw error;
  } finally {
    restoreTimeouts();
    client.release(!isClean);
  }
}
