import { type GridColumn, type GridRow, PRODUCT_COLUMN_KEY } from './grid-column';
import { type NumberKey, numberRanks } from './number-ranks';
import { insertionSort, type Ranks, rowsInRuns, runEnd, SHORT_RUN, sortLongRuns } from './sort-runs';
import { compareText, type TextKey, textRanks } from './text-ranks';

export type SortDirection = 'ASC' | 'DESC';
export type SortColumn = { readonly columnKey: string; readonly direction: SortDirection };

export const DEFAULT_SORT: readonly SortColumn[] = Object.freeze([
  { columnKey: PRODUCT_COLUMN_KEY, direction: 'ASC' },
]);

/* Sorting (SPEC 2). Comparing 100,000 rows through a closure per sort key, with Intl.Collator for
 * text, costs several times the budget. Instead:
 * - Every field the sort needs is read in one pass over the rows, in their order: reading fields
 *   is a good part of the cost, and cheaper while a row is at hand.
 * - The first key turns into an integer rank per row, and rows are dealt into buckets by rank: a
 *   counting sort, linear and stable, with no comparisons.
 * - Each later key only reorders the runs of rows still tied: long runs by rank, the same way,
 *   short ones (the common case) by comparing values. What stays tied keeps the original order,
 *   so the sort is stable.
 * Text ranks come from sorting the texts (each distinct one once, when many repeat) on folded keys
 * (lowercase, accents stripped), then checking each neighbouring pair with the collator. Only if
 * some pair disagrees are they sorted again by the collator, from that nearly sorted order, which
 * the engines' adaptive merge sort (TimSort in V8) does in close to one pass. Texts the collator
 * calls equal share a rank, so the ranks follow exactly the collator's order. Number ranks are
 * whole numbers or cents themselves when they span a small range, else places among the distinct
 * values, found by a radix sort. */

// Product order needs no column definition, so the default sort works whatever columns are shown.
export const PRODUCT_SORT_COLUMN: GridColumn = {
  key: PRODUCT_COLUMN_KEY,
  filterBy: 'text',
  format: 'product',
};

/** What one sort key reads: a row field, as text or as a number, and the direction. */
export type KeySpec = { field: string; isText: boolean; nullsAs: number | null; sign: 1 | -1 };
type SortKey = TextKey | NumberKey;

/** Whether a column sorts by its own field read as a number (its values ranked, not collated). */
export const isSortedAsNumber = (column: Pick<GridColumn, 'format'>): boolean =>
  column.format !== 'text' && column.format !== 'product';

function keysFor(column: GridColumn, direction: SortDirection): KeySpec[] {
  const sign = direction === 'DESC' ? -1 : 1;
  const text = (field: string): KeySpec => ({ field, isText: true, nullsAs: null, sign });
  // The product column sorts by title, then msku.
  if (column.key === PRODUCT_COLUMN_KEY) return [text('title'), text('msku')];
  if (!isSortedAsNumber(column)) return [text(column.key)];
  return [{ field: column.key, isText: false, nullsAs: column.sortNullsAs ?? null, sign }];
}

// Booleans sort false before true; anything else that is not a number counts as null.
function sortableNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  return typeof value === 'boolean' ? Number(value) : null;
}

/**
 * Every key's value for every row. Reading the rows' fields is a good part of the cost, and all
 * the fields a row needs are read together, while the row is at hand.
 */
function readKeys(rows: readonly GridRow[], specs: readonly KeySpec[]): SortKey[] {
  const keys = specs.map(({ isText, sign }): SortKey => {
    if (isText) return { kind: 'text', texts: new Array<string | null>(rows.length), sign };
    return { kind: 'number', values: new Float64Array(rows.length), isNull: new Uint8Array(rows.length) };
  });
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    for (let k = 0; k < keys.length; k++) {
      const { field, nullsAs, sign } = specs[k]!;
      const value = row[field];
      const key = keys[k]!;
      if (key.kind === 'text') {
        key.texts[index] =
          typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
        continue;
      }
      const number = sortableNumber(value) ?? nullsAs;
      if (number === null) {
        key.values[index] = Number.POSITIVE_INFINITY;
        key.isNull[index] = 1;
      } else key.values[index] = number * sign;
    }
  }
  return keys;
}

/** How to order rows, by index, on one key: `compare` ends on the index, `isTied` ignores it. */
type Ordering = { compare: (a: number, b: number) => number; isTied: (a: number, b: number) => boolean };

// Two infinities subtract to NaN, which falls through like 0; the null flag then puts a real
// +Infinity before a null.
const byNumber = ({ values, isNull }: NumberKey): Ordering => ({
  compare: (a, b) => values[a]! - values[b]! || isNull[a]! - isNull[b]! || a - b,
  isTied: (a, b) => values[a] === values[b] && isNull[a] === isNull[b],
});

const byText = ({ texts, sign }: TextKey): Ordering => ({
  compare: (a, b) => {
    const x = texts[a];
    const y = texts[b];
    // Nulls go last whatever the direction.
    if (x == null || y == null) return (x == null ? 1 : 0) - (y == null ? 1 : 0) || a - b;
    return (x === y ? 0 : compareText(x, y) * sign) || a - b;
  },
  isTied: (a, b) => {
    const x = texts[a];
    const y = texts[b];
    if (x == null || y == null) return x == null && y == null;
    return x === y || compareText(x, y) === 0;
  },
});

const byRank = ({ ranks }: Ranks): Ordering => ({
  compare: (a, b) => ranks[a]! - ranks[b]! || a - b,
  isTied: (a, b) => ranks[a] === ranks[b],
});

/**
 * Sorts each run of rows tied so far on one more key. Unless it is the last key, flags where runs
 * now split; says whether any rows are still tied.
 */
function breakTies(key: SortKey, order: Uint32Array, runStarts: Uint8Array, isLast: boolean): boolean {
  const long = rowsInRuns(order, runStarts, SHORT_RUN + 1);
  const exact = key.kind === 'text' ? byText(key) : byNumber(key);
  let ranks: Ranks | null = null;
  if (long.count > 0) ranks = key.kind === 'text' ? textRanks(key, long.only) : numberRanks(key, long.only);
  if (ranks !== null) sortLongRuns(order, runStarts, ranks);
  const isRankTied = ranks === null ? exact.isTied : byRank(ranks).isTied;
  let hasTies = false;
  for (let start = 0; start < order.length; ) {
    const end = runEnd(runStarts, start);
    if (end - start > 1) {
      const isLong = end - start > SHORT_RUN;
      if (!isLong) insertionSort(order, start, end, exact.compare);
      const isTied = isLong ? isRankTied : exact.isTied;
      for (let i = start + 1; i < end && !isLast; i++) {
        if (isTied(order[i - 1]!, order[i]!)) hasTies = true;
        else runStarts[i] = 1;
      }
    }
    start = end;
  }
  return hasTies;
}

/**
 * The keys a sort reads, in turn: a row field, as text or as a number, and the direction. An empty
 * list sorts by product, ascending; unknown column keys are skipped and passed to `onUnknownKey`.
 */
export function sortKeySpecs(
  sortColumns: readonly SortColumn[],
  columns: readonly GridColumn[],
  onUnknownKey?: (key: string) => void,
): KeySpec[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const specs: KeySpec[] = [];
  for (const { columnKey, direction } of sortColumns) {
    const column = columnKey === PRODUCT_COLUMN_KEY ? PRODUCT_SORT_COLUMN : byKey.get(columnKey);
    if (column === undefined) onUnknownKey?.(columnKey);
    else specs.push(...keysFor(column, direction));
  }
  // SPEC 2: product ascending when no (known) sort column is chosen.
  if (specs.length === 0) specs.push(...keysFor(PRODUCT_SORT_COLUMN, 'ASC'));
  return specs;
}

/**
 * The rows sorted by each sort column in turn (SPEC 2). An empty list sorts by product,
 * ascending; unknown column keys are skipped and passed to `onUnknownKey`. Never mutates `rows`.
 */
export function sortRows<R extends GridRow>(
  rows: readonly R[],
  sortColumns: readonly SortColumn[],
  columns: readonly GridColumn[],
  onUnknownKey?: (key: string) => void,
): R[] {
  const specs = sortKeySpecs(sortColumns, columns, onUnknownKey);
  const order = new Uint32Array(rows.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  // runStarts flags where each run of rows tied on every key so far begins, plus the end.
  const runStarts = new Uint8Array(rows.length + 1);
  runStarts[0] = 1;
  runStarts[rows.length] = 1;
  const keys = readKeys(rows, specs);
  for (let k = 0; k < keys.length; k++) {
    if (!breakTies(keys[k]!, order, runStarts, k === keys.length - 1)) break;
  }
  const sorted = new Array<R>(order.length);
  for (let i = 0; i < order.length; i++) sorted[i] = rows[order[i]!]!;
  return sorted;
}
