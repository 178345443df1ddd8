import { compareText } from './text-ranks';

/** What the product order reads of a row: its title, then its msku (SPEC 2). */
export type ProductKeyRow = { readonly title?: unknown; readonly msku?: unknown };

const sortText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

// The order of the default sort (grid-sort.ts): texts in the collator's order, nulls last, and
// rows tied on both keys in their original order.
function compareProduct(
  titles: readonly (string | null)[],
  mskus: readonly (string | null)[],
  a: number,
  b: number,
): number {
  for (const texts of [titles, mskus]) {
    const x = texts[a]!;
    const y = texts[b]!;
    if (x === y) continue;
    if (x === null || y === null) return x === null ? 1 : -1;
    const order = compareText(x, y);
    if (order !== 0) return order;
  }
  return a - b;
}

/**
 * The first `limit` rows of the table's default sort (product ascending), in that order: the
 * same rows as `sortRows(rows, [], columns).slice(0, limit)`, found in one pass that compares
 * most rows once with the last of the best so far, instead of ranking every title. This is how
 * the first screenful of a large table is answered before the whole table is.
 */
export function firstInProductOrder<R extends ProductKeyRow>(rows: readonly R[], limit: number): R[] {
  const titles = rows.map((row) => sortText(row.title));
  const mskus = rows.map((row) => sortText(row.msku));
  // Indexes of the best rows so far, in order; a row goes in by binary search.
  const best: number[] = [];
  for (let index = 0; index < rows.length && limit > 0; index++) {
    const isFull = best.length === limit;
    if (isFull && compareProduct(titles, mskus, index, best[limit - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareProduct(titles, mskus, best[middle]!, index) < 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, index);
    if (best.length > limit) best.pop();
  }
  return best.map((index) => rows[index]!);
}
