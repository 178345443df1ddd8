import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

const NUMERIC_OID = 1700;
const INT8_OID = 20;

// TESTING: pg returns numeric and bigint as strings; convert here, once, never in the UI.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === NUMERIC_OID || oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * docs/decisions/008: no statement runs unbounded. The server cancels a statement after
 * `statementTimeoutMs`; the client gives up after `queryTimeoutMs` even when the server does not
 * answer at all (a hung database), and the request then answers 503. Imports set longer limits
 * for their own transaction (IMPORT_TIMEOUT_MS). A request waits at most `acquireTimeoutMs` for a
 * connection from the pool.
 */
export type PoolTimeouts = {
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  idleInTransactionMs: number;
  acquireTimeoutMs: number;
};

export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = {
  statementTimeoutMs: 30_000,
  queryTimeoutMs: 40_000,
  idleInTransactionMs: 60_000,
  acquireTimeoutMs: 5_000,
};

/** What an import's transaction may take: 200,000 rows on a slow disk. */
export const IMPORT_TIMEOUT_MS = 300_000;

type TimedClient = { connectionParameters: { query_timeout?: number | false } };

/**
 * Memory for each hash and sort of an import's transaction. PostgreSQL's default, 4 MB (a hash may
 * take twice that), split the joins of 100,000 staged rows with the products into four batches
 * written to temporary files; 16 MB keeps them in memory: the re-import's comparison took 300-330
 * ms instead of 360-380 ms and its UPDATE 660-750 ms instead of 820-965 ms. It is a ceiling per
 * hash or sort, not an allocation: imports and history ingests run at most four at once on a
 * server (decision 008), marketplace sync steps one per account from the job runner, and only a
 * join of many thousands of rows comes near it.
 */
export const IMPORT_WORK_MEM = '16MB';

/**
 * Gives the borrowed client's transaction the import's limits: the server's statement_timeout and
 * work_mem (SET LOCAL: back to the defaults at commit or rollback) and the client's query timeout,
 * which is handed back by the returned function (call it before releasing the client).
 */
export async function allowLongStatements(client: pg.PoolClient): Promise<() => void> {
  await client.query(
    `SET LOCAL statement_timeout = ${IMPORT_TIMEOUT_MS}; SET LOCAL work_mem = '${IMPORT_WORK_MEM}'`,
  );
  const parameters = (client as unknown as TimedClient).connectionParameters;
  const previous = parameters.query_timeout;
  parameters.query_timeout = IMPORT_TIMEOUT_MS;
  return () => {
    parameters.query_timeout = previous;
  };
}

export function createPool(
  connectionString: string,
  max = 10,
  timeouts: Partial<PoolTimeouts> = {},
): pg.Pool {
  const limits = { ...DEFAULT_POOL_TIMEOUTS, ...timeouts };
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.queryTimeoutMs,
    idle_in_transaction_session_timeout: limits.idleInTransactionMs,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor may a checked-out one (a transaction, an import): pg-pool drops its own listener while a
  // client is lent, and pg emits 'error' when the connection ends, after failing the pending query.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export const createDb = (pool: pg.Pool): Db => drizzle(pool, { schema });
