import { compareText } from './text-ranks';

/** What the product order reads of a row: its title, then its msku (SPEC 2). */
export type ProductKeyRow = { readonly title?: unknown; readonly msku?: unknown };

const sortText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

// The keys of the default sort (grid-sort.ts): texts in the collator's order, nulls last. Two
// different texts can be equal to the collator ("Mug" and "mug"): the grid keeps rows tied on
// both keys in the order they came in (see `firstInProductOrder` and `orderTies`).
function compareKeys(
  titleA: string | null,
  titleB: string | null,
  mskuA: string | null,
  mskuB: string | null,
): number {
  return compareTexts(titleA, titleB) || compareTexts(mskuA, mskuB);
}

function compareTexts(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null || b === null) return a === null ? 1 : -1;
  return compareText(a, b);
}

const compareRows = (a: ProductKeyRow, b: ProductKeyRow) =>
  compareKeys(sortText(a.title), sortText(b.title), sortText(a.msku), sortText(b.msku));

/**
 * The first `limit` rows of the table's default sort (product ascending), in that order: the
 * same rows as `sortRows(rows, [], columns).slice(0, limit)`, found in one pass that compares
 * most rows once with the last of the best so far, instead of ranking every title. This is how
 * the first screenful of a large table is answered before the whole table is.
 *
 * `withTiesOfLast` adds every other row tied with the last one: when `rows` did not come in the
 * table's order, which of them make the cut is only known once their ties are ordered
 * (`tiedRows`, `orderTies`).
 */
export function firstInProductOrder<R extends ProductKeyRow>(
  rows: readonly R[],
  limit: number,
  { withTiesOfLast = false } = {},
): R[] {
  const titles = rows.map((row) => sortText(row.title));
  const mskus = rows.map((row) => sortText(row.msku));
  const compareRowKeys = (a: number, b: number) => compareKeys(titles[a]!, titles[b]!, mskus[a]!, mskus[b]!);
  const compare = (a: number, b: number) => compareRowKeys(a, b) || a - b;
  // Indexes of the best rows so far, in order; a row goes in by binary search.
  const best: number[] = [];
  // Rows tied with the last of the best, left out of it.
  let tiesOfLast: number[] = [];
  for (let index = 0; index < rows.length && limit > 0; index++) {
    if (best.length === limit) {
      // A row tied with the last came after it, so goes after it.
      const order = compareRowKeys(index, best[limit - 1]!);
      if (order === 0 && withTiesOfLast) tiesOfLast.push(index);
      if (order >= 0) continue;
    }
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(best[middle]!, index) < 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, index);
    if (best.length > limit) {
      const out = best.pop()!;
      // Tied with the new last, it and the rows tied with it stay in reach; else none does.
      tiesOfLast = withTiesOfLast && compareRowKeys(out, best[limit - 1]!) === 0 ? [out, ...tiesOfLast] : [];
    }
  }
  return [...best, ...tiesOfLast.sort((a, b) => a - b)].map((index) => rows[index]!);
}

/** The rows of `ordered` (in product order) tied with a neighbour: which comes first is not known. */
export function tiedRows<R extends ProductKeyRow>(ordered: readonly R[]): R[] {
  return ordered.filter(
    (row, i) =>
      (i > 0 && compareRows(ordered[i - 1]!, row) === 0) ||
      (i + 1 < ordered.length && compareRows(row, ordered[i + 1]!) === 0),
  );
}

/** `ordered` (in product order) with its tied rows put in the order `tieRank` gives them. */
export function orderTies<R extends ProductKeyRow>(ordered: readonly R[], tieRank: (row: R) => number): R[] {
  return [...ordered].sort((a, b) => compareRows(a, b) || tieRank(a) - tieRank(b));
}
