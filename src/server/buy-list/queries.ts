import type pg from 'pg';
import { type BuyListProduct, supplierName, toBuyListLine } from '../../core/buy-list/buy-list';
import {
  purchaseOrderTotals,
  REQUIRED_STATUS,
  type StoredPurchaseOrderLine,
  toPurchaseOrderLine,
} from '../../core/buy-list/purchase-orders';
import type {
  BuyListLine,
  DraftReference,
  PurchaseOrder,
  PurchaseOrderStatus,
  PurchaseOrderSummary,
  RequestedStatus,
} from '../../core/buy-list/schemas';
import { PRODUCT_FIELD_KEYS } from '../../core/product-fields/fields';
import type { CalculationDefaults } from '../../core/restock/calculation-defaults';
import type { Db } from '../db/pool';
import { inTransaction, poolOf } from '../db/transaction';
import { mapInTurns } from '../http/turns';

// Every query here is scoped by the account id taken from the verified token (DESIGN 7).

type Queryable = Pick<pg.PoolClient, 'query'>;

// Column names equal the product field keys, plus the seller's order quantity.
const BUY_LIST_COLUMNS = [...PRODUCT_FIELD_KEYS, 'order_quantity'].join(', ');

const MAX_INT = 2_147_483_647;

async function flaggedProducts(client: Queryable, accountId: string, supplier?: string | null) {
  const bySupplier = supplier === undefined ? '' : 'AND supplier IS NOT DISTINCT FROM $2';
  const result = await client.query<BuyListProduct>(
    `SELECT ${BUY_LIST_COLUMNS} FROM products WHERE account_id = $1 AND replen ${bySupplier} ORDER BY msku`,
    supplier === undefined ? [accountId] : [accountId, supplier],
  );
  return result.rows;
}

/** The products flagged replen: the buy list before grouping. */
export const listBuyListProducts = (db: Db, accountId: string) => flaggedProducts(poolOf(db), accountId);

export async function listDrafts(db: Db, accountId: string): Promise<DraftReference[]> {
  const result = await poolOf(db).query<DraftReference>(
    `SELECT id, number, supplier FROM purchase_orders WHERE account_id = $1 AND status = 'draft'`,
    [accountId],
  );
  return result.rows;
}

/**
 * Sets (or, with null, clears) a flagged product's order quantity and bumps its version; answers
 * the product, or undefined when the account has no such product on its buy list.
 */
export async function setOrderQuantity(
  db: Db,
  accountId: string,
  msku: string,
  orderQuantity: number | null,
): Promise<BuyListProduct | undefined> {
  const result = await poolOf(db).query<BuyListProduct>(
    `UPDATE products SET order_quantity = $3, version = version + 1, updated_at = now()
     WHERE account_id = $1 AND msku = $2 AND replen
     RETURNING ${BUY_LIST_COLUMNS}`,
    [accountId, msku, orderQuantity],
  );
  return result.rows[0];
}

/** Unflags a product and forgets its order quantity; false when it was not on the buy list. */
export async function removeFromBuyList(db: Db, accountId: string, msku: string): Promise<boolean> {
  const result = await poolOf(db).query(
    `UPDATE products SET replen = false, order_quantity = NULL, version = version + 1, updated_at = now()
     WHERE account_id = $1 AND msku = $2 AND replen`,
    [accountId, msku],
  );
  return (result.rowCount ?? 0) > 0;
}

type OrderRow = {
  id: string;
  number: number;
  supplier: string | null;
  status: PurchaseOrderStatus;
  created_at: Date;
  ordered_at: Date | null;
  received_at: Date | null;
};

const ORDER_COLUMNS = 'id, number, supplier, status, created_at, ordered_at, received_at';

const orderFields = (row: OrderRow) => ({
  id: row.id,
  number: row.number,
  supplier: row.supplier,
  supplierName: supplierName(row.supplier),
  status: row.status,
  createdAt: row.created_at.toISOString(),
  orderedAt: row.ordered_at?.toISOString() ?? null,
  receivedAt: row.received_at?.toISOString() ?? null,
});

/** The account's purchase orders, newest first, with totals summed by the database. */
export async function listPurchaseOrders(db: Db, accountId: string): Promise<PurchaseOrderSummary[]> {
  const result = await poolOf(db).query<
    OrderRow & { line_count: number; units: number; total: number; unpriced_lines: number }
  >(
    `SELECT o.id, o.number, o.supplier, o.status, o.created_at, o.ordered_at, o.received_at,
            count(l.msku)::int AS line_count,
            -- bigint: two lines of 2,147,483,647 units already overflow an integer.
            coalesce(sum(l.quantity::bigint), 0) AS units,
            coalesce(sum(l.quantity::numeric * l.unit_cost), 0) AS total,
            (count(l.msku) FILTER (WHERE l.unit_cost IS NULL))::int AS unpriced_lines
     FROM purchase_orders o LEFT JOIN purchase_order_lines l ON l.purchase_order_id = o.id
     WHERE o.account_id = $1
     GROUP BY o.id
     ORDER BY o.number DESC`,
    [accountId],
  );
  return result.rows.map((row) => ({
    ...orderFields(row),
    lineCount: row.line_count,
    units: row.units,
    total: row.total,
    unpricedLines: row.unpriced_lines,
  }));
}

async function readPurchaseOrder(
  client: Queryable,
  accountId: string,
  id: string,
): Promise<PurchaseOrder | undefined> {
  const orders = await client.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM purchase_orders WHERE id = $1 AND account_id = $2`,
    [id, accountId],
  );
  const order = orders.rows[0];
  if (!order) return undefined;
  const lines = await client.query<StoredPurchaseOrderLine>(
    `SELECT msku, asin, title, quantity, unit_cost AS "unitCost"
     FROM purchase_order_lines WHERE purchase_order_id = $1 ORDER BY title NULLS LAST, msku`,
    [id],
  );
  const full = lines.rows.map(toPurchaseOrderLine);
  return { ...orderFields(order), ...purchaseOrderTotals(full), lines: full };
}

/** One purchase order with its lines; undefined when missing or another account's. */
export const findPurchaseOrder = (db: Db, accountId: string, id: string) =>
  readPurchaseOrder(poolOf(db), accountId, id);

/**
 * Every write to an account's purchase orders (create, rebuild, status change) takes this turn
 * for its transaction, so a status change never sees a draft's lines half replaced and a rebuild
 * never replaces the lines of an order that was placed meanwhile (it re-reads the status inside).
 */
async function lockPurchaseOrders(client: Queryable, accountId: string) {
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended('replen.purchase-orders:' || $1, 0))", [
    accountId,
  ]);
}

export type CreateOutcome =
  | { outcome: 'created' | 'rebuilt'; order: PurchaseOrder }
  | { outcome: 'nothing-to-order' };

async function insertOrder(client: Queryable, accountId: string, supplier: string | null, now: Date) {
  // Numbers count up per account; creations of one account take turns (the advisory lock).
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO purchase_orders (account_id, number, supplier, status, created_at)
     SELECT $1, coalesce(max(number), 0) + 1, $2, 'draft', $3 FROM purchase_orders WHERE account_id = $1
     RETURNING id`,
    [accountId, supplier, now],
  );
  return inserted.rows[0]!.id;
}

async function insertLines(client: Queryable, orderId: string, lines: readonly BuyListLine[]) {
  await client.query(
    `INSERT INTO purchase_order_lines (purchase_order_id, msku, title, asin, quantity, unit_cost)
     SELECT $1::uuid, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::numeric[])`,
    [
      orderId,
      lines.map((line) => line.msku),
      lines.map((line) => line.title),
      lines.map((line) => line.asin),
      lines.map((line) => line.orderQuantity),
      lines.map((line) => line.cost),
    ],
  );
}

/**
 * A draft purchase order from the supplier's buy-list lines with a quantity above 0, in one
 * transaction. A supplier has at most one draft: when it has one, its lines are rebuilt instead.
 */
export async function createPurchaseOrder(
  db: Db,
  accountId: string,
  supplier: string | null,
  defaults: CalculationDefaults,
  now: Date,
): Promise<CreateOutcome> {
  return inTransaction(db, async (client) => {
    await lockPurchaseOrders(client, accountId);
    const products = await flaggedProducts(client, accountId, supplier);
    const lines = (await mapInTurns(products, (product) => toBuyListLine(product, defaults))).filter(
      (line) => line.orderQuantity > 0,
    );
    if (lines.length === 0) return { outcome: 'nothing-to-order' };

    const drafts = await client.query<{ id: string }>(
      `SELECT id FROM purchase_orders
       WHERE account_id = $1 AND status = 'draft' AND supplier IS NOT DISTINCT FROM $2`,
      [accountId, supplier],
    );
    const draftId = drafts.rows[0]?.id;
    if (draftId)
      await client.query('DELETE FROM purchase_order_lines WHERE purchase_order_id = $1', [draftId]);
    const id = draftId ?? (await insertOrder(client, accountId, supplier, now));
    await insertLines(client, id, lines);
    const order = (await readPurchaseOrder(client, accountId, id))!;
    return { outcome: draftId ? 'rebuilt' : 'created', order };
  });
}

export type ChangeOutcome =
  | { outcome: 'changed'; order: PurchaseOrder }
  | { outcome: 'not-found' }
  | { outcome: 'conflict'; number: number; status: PurchaseOrderStatus };

/** What a guarded update that matched no row means: no such order, or one in another status. */
async function whyUnchanged(client: Queryable, accountId: string, id: string): Promise<ChangeOutcome> {
  const result = await client.query<{ number: number; status: PurchaseOrderStatus }>(
    'SELECT number, status FROM purchase_orders WHERE id = $1 AND account_id = $2',
    [id, accountId],
  );
  const current = result.rows[0];
  return current ? { outcome: 'conflict', ...current } : { outcome: 'not-found' };
}

// What each transition does to the products of the order's lines (see core purchase-orders.ts).
const STOCK_MOVES: Record<RequestedStatus, string> = {
  ordered: `quantity_already_ordered = least(coalesce(p.quantity_already_ordered, 0)::bigint + l.quantity, ${MAX_INT})::int,
            replen = false, order_quantity = NULL`,
  received: `quantity_already_ordered = greatest(coalesce(p.quantity_already_ordered, 0) - l.quantity, 0),
             local_inventory_quantity = least(coalesce(p.local_inventory_quantity, 0)::bigint + l.quantity, ${MAX_INT})::int`,
};

const STAMP_COLUMN: Record<RequestedStatus, string> = { ordered: 'ordered_at', received: 'received_at' };

/**
 * Moves an order to `status` and its quantities with it, in one transaction. The update is
 * guarded by the status the order must come from, so a second click (or a concurrent one, which
 * waits for the first's row lock) changes nothing and answers 'conflict'.
 */
export async function changePurchaseOrderStatus(
  db: Db,
  accountId: string,
  id: string,
  status: RequestedStatus,
  now: Date,
): Promise<ChangeOutcome> {
  return inTransaction(db, async (client) => {
    // The same turn as a rebuild: a draft is never placed while its lines are being replaced.
    await lockPurchaseOrders(client, accountId);
    const moved = await client.query(
      `UPDATE purchase_orders SET status = $3, ${STAMP_COLUMN[status]} = $5
       WHERE id = $1 AND account_id = $2 AND status = $4`,
      [id, accountId, status, REQUIRED_STATUS[status], now],
    );
    if (moved.rowCount === 0) return whyUnchanged(client, accountId, id);
    await client.query(
      `UPDATE products p SET ${STOCK_MOVES[status]}, version = p.version + 1, updated_at = now()
       FROM purchase_order_lines l
       WHERE l.purchase_order_id = $1 AND p.account_id = $2 AND p.msku = l.msku`,
      [id, accountId],
    );
    return { outcome: 'changed', order: (await readPurchaseOrder(client, accountId, id))! };
  });
}
