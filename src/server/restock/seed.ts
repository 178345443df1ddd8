import type { Product } from '../../core/product-fields/fields';
import type { Db } from '../db/pool';

type Queryable = { $client: { query: (text: string, values?: unknown[]) => Promise<unknown> } };

const BATCH = 500;

/** Replaces an account's products with `products` in one transaction (demo data and benchmarks). */
export async function replaceProducts(
  db: Db,
  accountId: string,
  products: readonly Product[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const client = (tx as unknown as { session: { client: Queryable['$client'] } }).session.client;
    // Products have no foreign key to accounts (decision 005): the locked row stands for one.
    const account = (await client.query('SELECT 1 FROM accounts WHERE id = $1 FOR KEY SHARE', [
      accountId,
    ])) as { rows: unknown[] };
    if (account.rows.length === 0) throw new Error(`No account ${accountId}`);
    await client.query('DELETE FROM products WHERE account_id = $1', [accountId]);
    const columns = Object.keys(products[0] ?? {}) as Array<keyof Product>;
    for (let start = 0; start < products.length; start += BATCH) {
      const batch = products.slice(start, start + BATCH);
      const values: unknown[] = [accountId];
      const tuples = batch.map((product) => {
        const placeholders = columns.map((column) => {
          values.push(product[column]);
          return `$${values.length}`;
        });
        return `($1, ${placeholders.join(', ')})`;
      });
      await client.query(
        `INSERT INTO products (account_id, ${columns.join(', ')}) VALUES ${tuples.join(', ')}`,
        values,
      );
    }
  });
}
