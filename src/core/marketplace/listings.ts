import { normalizeMsku } from '../restock/msku';

// The All Listings report (GET_MERCHANT_LISTINGS_ALL_DATA): tab-separated, one line per listing,
// columns read by name.

export type ListingRow = { msku: string; asin: string | null; title: string | null; price: number | null };

export type ListingsResult =
  | { ok: true; rows: ListingRow[]; skipped: number }
  | { ok: false; message: string };

const REQUIRED = ['seller-sku', 'item-name', 'price', 'asin1'] as const;

const money = (text: string | undefined): number | null => {
  const trimmed = text?.trim() ?? '';
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
};

/** Splits a tab-separated report; its first line holds the headers. */
export function splitTabbed(document: string): { headers: string[]; lines: string[][] } {
  const all = document.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headers = (all[0] ?? '').split('\t').map((header) => header.trim().toLowerCase());
  const lines = all
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'));
  return { headers, lines };
}

export function listingRows(document: string): ListingsResult {
  const { headers, lines } = splitTabbed(document);
  const missing = REQUIRED.filter((name) => !headers.includes(name));
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The listings report Amazon sent lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}; nothing was written`,
    };
  }
  const at = (name: (typeof REQUIRED)[number]) => headers.indexOf(name);
  const rows = new Map<string, ListingRow>();
  let skipped = 0;
  for (const cells of lines) {
    const checked = normalizeMsku(cells[at('seller-sku')] ?? '');
    if (!checked.ok || !checked.msku || checked.msku.length > 100) {
      skipped += 1;
      continue;
    }
    const msku = checked.msku;
    const title = cells[at('item-name')]?.trim().slice(0, 500) || null;
    rows.set(msku, {
      msku,
      asin: cells[at('asin1')]?.trim().slice(0, 20) || null,
      title,
      price: money(cells[at('price')]),
    });
  }
  return { ok: true, rows: [...rows.values()], skipped };
}
