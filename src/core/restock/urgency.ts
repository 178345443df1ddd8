/**
 * How soon a product needs attention, from the engine's derived fields. The restock table tints
 * rows by it and the dashboard counts and ranks with it, so the two cannot disagree.
 */
export const URGENCIES = ['out_of_stock', 'before_lead_time', 'fine'] as const;
export type Urgency = (typeof URGENCIES)[number];

/** The legend of the tints, in the order of URGENCIES. */
export const URGENCY_LABELS: Readonly<Record<Urgency, string>> = {
  out_of_stock: 'Out of stock',
  before_lead_time: 'Runs out before a new order arrives',
  fine: 'Covered',
};

export const URGENCY_DESCRIPTIONS: Readonly<Record<Urgency, string>> = {
  out_of_stock: 'No units in FBA, inbound or local stock.',
  before_lead_time:
    'Stock runs out sooner than the order, prep and AMZ lead times: the last day to order (Reorder By) has passed.',
  fine: 'Stock lasts at least until an order placed today would arrive.',
};

export type UrgencyInput = { total_quantity: number; reorder_by: string | null };

/**
 * Out of stock: no units at all. Before lead time: the reorder-by day (run-out day minus the lead
 * times) is before `today` (YYYY-MM-DD; ISO dates compare as text). Products without demand have
 * no run-out day and are fine.
 */
export function urgencyOf(row: UrgencyInput, today: string): Urgency {
  if (row.total_quantity <= 0) return 'out_of_stock';
  if (row.reorder_by !== null && row.reorder_by < today) return 'before_lead_time';
  return 'fine';
}

export const urgencyRank = (urgency: Urgency) => URGENCIES.indexOf(urgency);
