import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Product } from '../../core/product-fields/fields';
import { aProduct } from '../../core/restock/test-products';
import type { Role } from '../../core/roles';
import { createClient, signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import type { TestApp } from '../test-support/test-app';

/** A seller's account: its owner (role admin) and a product that has something to buy. */
export type SellerAccount = {
  id: string;
  ownerToken: string;
  ownerEmail: string;
  ownerPassword: string;
  ownerId: string;
  /** Appears in the account's emails, mskus and suppliers, so a leak of its data is easy to spot. */
  marker: string;
  msku: string;
  supplier: string;
};

const unique = () => randomBytes(4).toString('hex');

/** On the buy list with 30 to buy: sells one a day, 20 in stock, built-in lead times (DESIGN 5). */
export const sellingProduct = (msku: string, overrides: Partial<Product> = {}): Product =>
  aProduct({
    msku,
    title: `Product ${msku}`,
    replen: true,
    cost: 10,
    sales_last_30_days: 30,
    days_in_stock_of_last_30: 30,
    fba_quantity: 20,
    quantity_already_ordered: 0,
    local_inventory_quantity: 0,
    ...overrides,
  });

export async function createSellerAccount(t: TestApp, marker: string): Promise<SellerAccount> {
  const owner = await signUp(t.baseUrl, { email: `${marker.toLowerCase()}${unique()}@example.com` });
  const id = await accountIdOf(t.pool, owner.email);
  const account = {
    id,
    ownerToken: owner.token,
    ownerEmail: owner.email,
    ownerPassword: owner.password,
    ownerId: await userIdOf(t.pool, owner.email),
    marker,
    msku: `${marker}-P1`,
    supplier: `${marker} Supplier`,
  };
  await insertProducts(t.pool, id, [sellingProduct(account.msku, { supplier: account.supplier })]);
  return account;
}

export async function userIdOf(pool: pg.Pool, email: string): Promise<string> {
  const result = await pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [
    email,
  ]);
  return result.rows[0]!.id;
}

/** What an operator does in the database (or `npm run user:role`, without ending sessions). */
export const setRole = (pool: pg.Pool, email: string, role: Role) =>
  pool.query('UPDATE users SET role = $1 WHERE lower(email) = lower($2)', [role, email]);

/** A member straight into the database (no password anyone knows), for tests that remove one. */
export async function insertMember(pool: pg.Pool, account: SellerAccount): Promise<string> {
  const result = await pool.query<{ id: string }>(
    `INSERT INTO users (account_id, full_name, email, password_hash, role)
     VALUES ($1, 'Row Member', $2, 'not-a-password-hash', 'user') RETURNING id`,
    [account.id, `${account.marker.toLowerCase()}-member-${unique()}@example.com`],
  );
  return result.rows[0]!.id;
}

/** A product on the buy list of the account, with its own msku (and supplier). */
export async function insertBuyListProduct(pool: pg.Pool, account: SellerAccount, supplier?: string) {
  const msku = `${account.marker}-LINE-${unique()}`;
  await insertProducts(pool, account.id, [sellingProduct(msku, { supplier: supplier ?? account.supplier })]);
  return msku;
}

let orderCounter = 0;

/** A draft purchase order of the account, for a supplier of its own; answers its id. */
export async function createPurchaseOrder(t: TestApp, account: SellerAccount): Promise<string> {
  orderCounter += 1;
  const supplier = `${account.marker} Order Supplier ${orderCounter}`;
  await insertBuyListProduct(t.pool, account, supplier);
  const created = await createClient(t.baseUrl).post<{ id: string }>(
    '/api/purchase-orders',
    { supplier },
    account.ownerToken,
  );
  if (created.status !== 201) throw new Error(`purchase order not created: ${created.status}`);
  return created.body.id;
}
