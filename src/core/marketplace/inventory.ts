import { normalizeMsku } from '../restock/msku';

// FBA Inventory v1 getInventorySummaries (details=true): one summary per seller SKU.

export type InventorySummary = {
  sellerSku?: string;
  asin?: string;
  productName?: string;
  inventoryDetails?: {
    fulfillableQuantity?: number;
    inboundWorkingQuantity?: number;
    inboundShippedQuantity?: number;
    inboundReceivingQuantity?: number;
    reservedQuantity?: { totalReservedQuantity?: number };
  };
};

export type InventoryRow = {
  msku: string;
  asin: string | null;
  fbaQuantity: number;
  inboundQuantity: number;
  reservedQuantity: number;
};

const count = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647 ? value : 0;

/**
 * Rows for the products table. FBA stock is fulfillable plus reserved units (DESIGN 5, as the FBA
 * Inventory and Manage FBA Inventory reports are imported): reserved units are still in Amazon's
 * warehouses (being picked for an order, moved between centres, or checked). Inbound adds the
 * shipment's working, shipped and receiving units (all on their way to a fulfilment centre).
 * Summaries without a SKU that makes an MSKU (core/restock/msku.ts) are left out.
 */
export function inventoryRows(summaries: readonly InventorySummary[]): InventoryRow[] {
  const rows = new Map<string, InventoryRow>();
  for (const summary of summaries) {
    const checked = normalizeMsku(summary.sellerSku ?? '');
    if (!checked.ok || !checked.msku || checked.msku.length > 100) continue;
    const msku = checked.msku;
    const details = summary.inventoryDetails ?? {};
    const reserved = count(details.reservedQuantity?.totalReservedQuantity);
    rows.set(msku, {
      msku,
      asin: summary.asin?.trim() || null,
      fbaQuantity: Math.min(count(details.fulfillableQuantity) + reserved, 2_147_483_647),
      inboundQuantity:
        count(details.inboundWorkingQuantity) +
        count(details.inboundShippedQuantity) +
        count(details.inboundReceivingQuantity),
      reservedQuantity: reserved,
    });
  }
  return [...rows.values()];
}
