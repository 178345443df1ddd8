import { z } from 'zod';
import { isUuid } from '../ids';
import { MAX_QUANTITY, PRODUCT_FIELDS } from '../product-fields/fields';
import { mskuParam } from '../restock/msku';

/**
 * The buy list (products flagged `replen`, grouped by supplier) and the purchase orders
 * made from it. Requests are parsed with these schemas on the server; answers are typed by them.
 */

/** What a group of products without a supplier is called, on screen and in exports. */
export const NO_SUPPLIER_NAME = 'No supplier';

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'received'] as const;
export const purchaseOrderStatusSchema = z.enum(PURCHASE_ORDER_STATUSES);
export type PurchaseOrderStatus = z.infer<typeof purchaseOrderStatusSchema>;

const orderQuantityMessage =
  'orderQuantity must be a whole number of 0 or more, or null for the recommendation';

/** PATCH /api/buy-list/:msku: the seller's order quantity, or null to follow the recommendation. */
export const orderQuantityRequest = z.object({
  orderQuantity: z
    .number({ error: orderQuantityMessage })
    .int(orderQuantityMessage)
    .min(0, orderQuantityMessage)
    .max(MAX_QUANTITY, `orderQuantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}`)
    .nullable(),
});
export type OrderQuantityRequest = z.infer<typeof orderQuantityRequest>;

const SUPPLIER_MAX = PRODUCT_FIELDS.supplier.maxLength;
const supplierMessage = 'supplier must be a supplier name, or null for the products without a supplier';

/** POST /api/purchase-orders: the supplier whose buy-list lines become the order. */
export const createPurchaseOrderRequest = z.object({
  supplier: z
    .string({ error: supplierMessage })
    .trim()
    .max(SUPPLIER_MAX, `supplier must be at most ${SUPPLIER_MAX} characters`)
    .nullable()
    // Blank suppliers are stored as null (SPEC 5), so a blank name means "no supplier".
    .transform((supplier) => (supplier === '' ? null : supplier)),
});
export type CreatePurchaseOrderRequest = z.infer<typeof createPurchaseOrderRequest>;

/** PATCH /api/purchase-orders/:id: the next status (a draft is never set again). */
export const purchaseOrderStatusRequest = z.object({
  status: z.enum(['ordered', 'received'], { error: "status must be 'ordered' or 'received'" }),
});
export type RequestedStatus = z.infer<typeof purchaseOrderStatusRequest>['status'];

/** A product's address: the MSKU as the one rule stores it (core/restock/msku.ts). */
export const mskuParams = z.object({ msku: mskuParam('msku', PRODUCT_FIELDS.msku.maxLength) });

/** A malformed id cannot name a purchase order, so it is simply not found (DESIGN 6: 404). */
export const isPurchaseOrderId = isUuid;

export const buyListLineSchema = z.object({
  msku: z.string(),
  asin: z.string().nullable(),
  title: z.string().nullable(),
  thumbnail: z.string().nullable(),
  supplier: z.string().nullable(),
  cost: z.number().nullable(),
  casePack: z.number().int().nullable(),
  moq: z.number().int().nullable(),
  recommendedQuantity: z.number().int(),
  /** The seller's quantity when set, else the recommendation. */
  orderQuantity: z.number().int(),
  isCustomQuantity: z.boolean(),
  /** orderQuantity × cost, to the cent; null without a cost. */
  lineTotal: z.number().nullable(),
});
export type BuyListLine = z.infer<typeof buyListLineSchema>;

/** A supplier's open draft purchase order (at most one, see purchase-orders.ts). */
export const draftReferenceSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  supplier: z.string().nullable(),
});
export type DraftReference = z.infer<typeof draftReferenceSchema>;

const totals = {
  units: z.number().int(),
  spend: z.number(),
  /** Lines with a quantity to buy but no cost: their spend is unknown and left out. */
  unpricedLines: z.number().int(),
};

export const supplierGroupSchema = z.object({
  supplier: z.string().nullable(),
  name: z.string(),
  lines: z.array(buyListLineSchema),
  ...totals,
  draft: draftReferenceSchema.nullable(),
});
export type SupplierGroup = z.infer<typeof supplierGroupSchema>;

/** GET /api/buy-list. */
export const buyListSchema = z.object({
  groups: z.array(supplierGroupSchema),
  lineCount: z.number().int(),
  ...totals,
});
export type BuyList = z.infer<typeof buyListSchema>;

export const purchaseOrderLineSchema = z.object({
  msku: z.string(),
  asin: z.string().nullable(),
  title: z.string().nullable(),
  quantity: z.number().int(),
  unitCost: z.number().nullable(),
  lineTotal: z.number().nullable(),
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

/** One purchase order of GET /api/purchase-orders (newest first). Dates are ISO 8601. */
export const purchaseOrderSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  supplier: z.string().nullable(),
  supplierName: z.string(),
  status: purchaseOrderStatusSchema,
  createdAt: z.string(),
  orderedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  lineCount: z.number().int(),
  units: z.number().int(),
  total: z.number(),
  unpricedLines: z.number().int(),
});
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummarySchema>;

/** GET /api/purchase-orders/:id: the summary with its lines. */
export const purchaseOrderSchema = purchaseOrderSummarySchema.extend({
  lines: z.array(purchaseOrderLineSchema),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;
