import type pg from 'pg';
import { HttpError } from '../http/errors';
import type { Db } from './pool';

/** The connection pool under a Drizzle database. */
export const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/**
 * Runs `work` in one transaction on one connection, opened by `begin`: everything it writes
 * commits, or nothing. A connection is closed, not lent again, when a statement failed on it
 * (timed out, lost) or its rollback did; one whose work stopped for the app's own reason (an
 * HttpError: the client went away, a conflict) goes back to the pool.
 */
export async function inTransaction<T>(
  db: Db,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await poolOf(db).connect();
  let failure: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    const rolledBack = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    if (!rolledBack || !(error instanceof HttpError)) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    throw error;
  } finally {
    client.release(failure);
  }
}
