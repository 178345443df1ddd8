import type pg from 'pg';
import type { Product } from '../../core/product-fields/fields';

/** The account id of a user, for tests that place rows directly. */
export async function accountIdOf(pool: pg.Pool, email: string): Promise<string> {
  const result = await pool.query<{ account_id: string }>(
    'SELECT account_id FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return result.rows[0]!.account_id;
}

/** Puts products straight into the table (what an import would do), for API tests of the reads. */
export async function insertProducts(pool: pg.Pool, accountId: string, products: Product[]): Promise<void> {
  const columns = Object.keys(products[0]!) as Array<keyof Product>;
  for (const product of products) {
    const values = columns.map((column) => product[column]);
    const placeholders = columns.map((_, i) => `$${i + 2}`).join(', ');
    await pool.query(
      `INSERT INTO products (account_id, ${columns.join(', ')}) VALUES ($1, ${placeholders})`,
      [accountId, ...values],
    );
  }
}

/** Many products in one statement (a race needs thousands, inserted one by one they take long). */
export async function insertManyProducts(
  pool: pg.Pool,
  accountId: string,
  products: Product[],
): Promise<void> {
  const columns = Object.keys(products[0]!) as Array<keyof Product>;
  const rows = products.map((product) => ({ ...product, account_id: accountId }));
  await pool.query(
    `INSERT INTO products (account_id, ${columns.join(', ')})
     SELECT account_id, ${columns.join(', ')} FROM json_populate_recordset(null::products, $1::json)`,
    [JSON.stringify(rows)],
  );
}
