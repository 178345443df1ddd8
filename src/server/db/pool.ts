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

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types, connectionTimeoutMillis: 5000 });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor may a checked-out one (a transaction, an import): pg-pool drops its own listener while a
  // client is lent, and pg emits 'error' when the connection ends, after failing the pending query.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export const createDb = (pool: pg.Pool): Db => drizzle(pool, { schema });
