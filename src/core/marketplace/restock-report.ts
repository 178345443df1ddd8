import { normalizeMsku } from '../restock/msku';
import { splitTabbed } from './listings';

// The Restock Inventory report (GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT): tab-separated, one
// line per FBA SKU, columns read by name (Amazon's English headers, as the API delivers them).

export type RestockReportRow = { msku: string; asin: string | null; unitsSold30Days: number | null };

export type RestockReportResult = { ok: true; rows: RestockReportRow[] } | { ok: false; message: string };

const SKU = 'merchant sku';
// 'Units Sold Last 30 Days', not 'Sales last 30 days', which is an amount of money.
const UNITS = 'units sold last 30 days';
const ASIN = 'asin';
const REQUIRED = [SKU, UNITS] as const;

const units = (text: string | undefined): number | null => {
  const trimmed = text?.trim() ?? '';
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
};

/** Units sold in the last 30 days per SKU; a blank or unreadable count keeps the stored one (null). */
export function restockReportRows(document: string): RestockReportResult {
  const { headers, lines } = splitTabbed(document);
  const missing = REQUIRED.filter((name) => !headers.includes(name));
  if (missing.length > 0) {
    const names = missing.map((name) => (name === SKU ? 'Merchant SKU' : 'Units Sold Last 30 Days'));
    return {
      ok: false,
      message: `The Restock report Amazon sent lacks the column${names.length > 1 ? 's' : ''} ${names.join(', ')}; nothing was written`,
    };
  }
  const at = (name: string) => headers.indexOf(name);
  const rows = new Map<string, RestockReportRow>();
  for (const cells of lines) {
    const checked = normalizeMsku(cells[at(SKU)] ?? '');
    if (!checked.ok || !checked.msku || checked.msku.length > 100) continue;
    rows.set(checked.msku, {
      msku: checked.msku,
      asin: at(ASIN) >= 0 ? cells[at(ASIN)]?.trim().slice(0, 20) || null : null,
      unitsSold30Days: units(cells[at(UNITS)]),
    });
  }
  return { ok: true, rows: [...rows.values()] };
}
