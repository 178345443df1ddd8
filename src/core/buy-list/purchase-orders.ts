import { lineTotal, sumMoney } from './money';
import type { PurchaseOrderLine, PurchaseOrderStatus, RequestedStatus } from './schemas';

/**
 * A purchase order moves draft → ordered → received, never back, never twice.
 *
 * - Creating one snapshots the supplier's buy-list lines with a quantity above 0 (msku, title,
 *   asin, order quantity, cost as unit cost). The products stay on the buy list, flagged, until
 *   the order is placed, so the seller can still adjust quantities. A supplier has at most one
 *   draft: creating again while it is open rebuilds that draft from the current lines (same
 *   number), so a double click never makes two orders and the draft never goes stale. Drafts
 *   are not deleted, so order numbers are never reused.
 * - Marking it ordered adds each line's quantity to the product's quantity_already_ordered (To
 *   Buy drops at once) and takes the product off the buy list: replen is cleared and so is the
 *   seller's order quantity, so the next flag starts from a fresh recommendation.
 * - Marking it received moves each line's quantity from quantity_already_ordered (not below 0)
 *   into local_inventory_quantity.
 *
 * Each change is one transaction whose status update is guarded in SQL by the status it comes
 * from, so a second click finds nothing to update and answers 409 instead of counting twice.
 */

/** The status an order must have to move to the requested one. */
export const REQUIRED_STATUS: Readonly<Record<RequestedStatus, PurchaseOrderStatus>> = {
  ordered: 'draft',
  received: 'ordered',
};

export const STATUS_LABELS: Readonly<Record<PurchaseOrderStatus, string>> = {
  draft: 'Draft',
  ordered: 'Ordered',
  received: 'Received',
};

export const purchaseOrderTitle = (number: number) => `PO #${number}`;

/** Why an order with status `current` cannot move to `requested` (the 409 message), or null if it can. */
export function transitionProblem(
  number: number,
  current: PurchaseOrderStatus,
  requested: RequestedStatus,
): string | null {
  if (REQUIRED_STATUS[requested] === current) return null;
  const title = purchaseOrderTitle(number);
  if (current === requested) return `${title} is already ${requested}`;
  if (requested === 'received' && current === 'draft') return `Mark ${title} ordered before received`;
  return `${title} was already received`;
}

export const nothingToOrderMessage = (supplier: string) =>
  `Nothing to order from ${supplier}: the buy list has no quantity above 0 for this supplier`;

export type StoredPurchaseOrderLine = Omit<PurchaseOrderLine, 'lineTotal'>;

export const toPurchaseOrderLine = (line: StoredPurchaseOrderLine): PurchaseOrderLine => ({
  ...line,
  lineTotal: lineTotal(line.quantity, line.unitCost),
});

/** Line count, units and total of an order; lines without a unit cost are counted apart. */
export function purchaseOrderTotals(lines: readonly PurchaseOrderLine[]) {
  return {
    lineCount: lines.length,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    total: sumMoney(lines.map((line) => line.lineTotal)),
    unpricedLines: lines.filter((line) => line.unitCost === null).length,
  };
}

/** Lower-case ASCII letters and digits joined by dashes, for file names: 'Acme & Co.' → 'acme-co'. */
export function fileSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    // Accents come apart into a letter and a combining mark; the mark goes.
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug === '' ? 'supplier' : slug;
}

export type ExportFormat = 'csv' | 'xlsx';

export const purchaseOrderFileName = (number: number, supplierName: string, format: ExportFormat) =>
  `purchase-order-${number}-${fileSlug(supplierName)}.${format}`;

export const buyListFileName = (date: string, format: ExportFormat) => `buy-list-${date}.${format}`;
