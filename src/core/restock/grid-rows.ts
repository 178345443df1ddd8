import type { ColumnDefinition } from './columns';

/** What filtering and sorting need to know of a column. */
export type GridColumn = Pick<ColumnDefinition, 'key' | 'filterBy' | 'format' | 'sortNullsAs'>;

export type GridRow = Readonly<Record<string, unknown>>;

/** SPEC 3: 0 no filter, 1 true only, 2 false only. */
export type BooleanFilterState = 0 | 1 | 2;
/** SPEC 3: [isGreaterOrEqual, typed text]. */
export type RangeFilter = readonly [isGreaterOrEqual: boolean, text: string];
export type ColumnFilter = string | RangeFilter | BooleanFilterState;
export type Filters = Readonly<Record<string, ColumnFilter | undefined>>;

export type SortDirection = 'ASC' | 'DESC';
export type SortColumn = { readonly columnKey: string; readonly direction: SortDirection };

export const PRODUCT_COLUMN_KEY = 'product';
export const DEFAULT_SORT: readonly SortColumn[] = Object.freeze([
  { columnKey: PRODUCT_COLUMN_KEY, direction: 'ASC' },
]);

/** SPEC 4: the boolean filter cycles no filter → checked → unchecked → no filter. */
export const nextBooleanFilterState = (state: BooleanFilterState): BooleanFilterState =>
  state === 0 ? 1 : state === 1 ? 2 : 0;

// A sign or a decimal point alone is accepted while typing: otherwise "-5" could never be entered.
const RANGE_INPUT = /^[-+]?\d*\.?\d*$/;
const RANGE_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** SPEC 5: the range filter accepts only empty input or input that parses as a number. */
export const isValidRangeInput = (text: string): boolean => RANGE_INPUT.test(text.trim());

/** The number a range filter compares against, or null when it filters nothing. */
export function parseRangeNumber(text: string): number | null {
  const trimmed = text.trim();
  return RANGE_NUMBER.test(trimmed) ? Number(trimmed) : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// Rows are immutable and each filter keystroke scans them all, so the text is built once per row.
const searchableTexts = new WeakMap<object, string>();

/** SPEC 3: the product column searches lowercase title, asin and msku together. */
export function searchableProductText(row: GridRow): string {
  let searchable = searchableTexts.get(row);
  if (searchable === undefined) {
    // A newline cannot be typed into the filter box, so a match never spans two parts.
    searchable = [text(row.title), text(row.asin), text(row.msku)]
      .filter((part) => part !== null)
      .join('\n')
      .toLowerCase();
    searchableTexts.set(row, searchable);
  }
  return searchable;
}

type RowTest = (row: GridRow) => boolean;

// Percent cells show value × 100, so that is what a typed number is compared with.
const displayedNumber = (value: number, column: GridColumn) =>
  column.format === 'percent' ? Math.round(value * 100 * 1e6) / 1e6 : value;

function textTest(column: GridColumn, filter: ColumnFilter): RowTest | null {
  if (typeof filter !== 'string') return null;
  const query = filter.trim().toLowerCase();
  if (query === '') return null;
  if (column.key === PRODUCT_COLUMN_KEY) return (row) => searchableProductText(row).includes(query);
  const { key } = column;
  return (row) => {
    const value = row[key];
    if (value === null || value === undefined) return false;
    return String(value).toLowerCase().includes(query);
  };
}

function rangeTest(column: GridColumn, filter: ColumnFilter): RowTest | null {
  if (!Array.isArray(filter)) return null;
  const [isGreaterOrEqual, typed] = filter as RangeFilter;
  const bound = typeof typed === 'string' ? parseRangeNumber(typed) : null;
  if (bound === null) return null;
  const { key } = column;
  // SPEC 4: rows without a value are excluded while a range filter is set.
  return (row) => {
    const value = row[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    const shown = displayedNumber(value, column);
    return isGreaterOrEqual ? shown >= bound : shown <= bound;
  };
}

function booleanTest(column: GridColumn, filter: ColumnFilter): RowTest | null {
  const { key } = column;
  if (filter === 1) return (row) => row[key] === true;
  // An unset flag shows as an unchecked box, so it counts as false.
  if (filter === 2) return (row) => row[key] !== true;
  return null;
}

// A plain loop: `tests.every(...)` would allocate a closure per row.
function passesAll(tests: readonly RowTest[], row: GridRow): boolean {
  for (const test of tests) if (!test(row)) return false;
  return true;
}

const TESTS_BY_FILTER_TYPE = { text: textTest, range: rangeTest, boolean: booleanTest };

/**
 * The rows that pass every active filter, in their original order. Filters on keys that are not
 * among `columns` are ignored; with no active filter `rows` itself is returned.
 */
export function filterRows<R extends GridRow>(
  rows: readonly R[],
  filters: Filters,
  columns: readonly GridColumn[],
): readonly R[] {
  const tests: RowTest[] = [];
  for (const column of columns) {
    const filter = filters[column.key];
    if (filter === undefined) continue;
    const test = TESTS_BY_FILTER_TYPE[column.filterBy](column, filter);
    if (test !== null) tests.push(test);
  }
  if (tests.length === 0) return rows;

  const kept: R[] = [];
  for (const row of rows) {
    if (passesAll(tests, row)) kept.push(row);
  }
  return kept;
}

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

const collator = new Intl.Collator('en-US', { sensitivity: 'base' });

const NON_ASCII = /[^\p{ASCII}]/u;
const COMBINING_MARKS = /\p{M}/gu;

function foldText(value: string): string {
  const lower = value.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(COMBINING_MARKS, '') : lower;
}

const isPlain = (code: number) => code === 32 || (code >= 48 && code <= 57) || (code >= 97 && code <= 122);

/**
 * The collator's order of two texts. Most comparisons are settled by character codes alone, at a
 * fraction of a collator call: when, up to their first difference ignoring case, both are ASCII,
 * and there they differ by a space, digit or letter, which the collator orders as ASCII does.
 */
function compareText(x: string, y: string): number {
  const length = Math.min(x.length, y.length);
  let i = 0;
  for (; i < length; i++) {
    let a = x.charCodeAt(i);
    let b = y.charCodeAt(i);
    if (a > 127 || b > 127) return collator.compare(x, y);
    if (a === b) continue;
    if (a >= 65 && a <= 90) a += 32;
    if (b >= 65 && b <= 90) b += 32;
    if (a === b) continue;
    if (isPlain(a) && isPlain(b)) return a < b ? -1 : 1;
    return collator.compare(x, y);
  }
  if (x.length === y.length) return 0;
  // A text that goes on with a space, digit or letter comes after the one that ends there.
  const next = x.length > y.length ? x.charCodeAt(i) : y.charCodeAt(i);
  if (!isPlain(next >= 65 && next <= 90 ? next + 32 : next)) return collator.compare(x, y);
  return x.length < y.length ? -1 : 1;
}

// Product order needs no column definition, so the default sort works whatever columns are shown.
const PRODUCT_SORT_COLUMN: GridColumn = { key: PRODUCT_COLUMN_KEY, filterBy: 'text', format: 'product' };

/** What one sort key reads: a row field, as text or as a number, and the direction. */
type KeySpec = { field: string; isText: boolean; nullsAs: number | null; sign: 1 | -1 };

type TextKey = { kind: 'text'; texts: (string | null)[]; sign: 1 | -1 };
/** `values` holds each number times the direction's sign; a null is +Infinity, flagged in `isNull`. */
type NumberKey = { kind: 'number'; values: Float64Array; isNull: Uint8Array };
type SortKey = TextKey | NumberKey;
/** An integer rank per row, below `count`, in key order: equal keys share a rank, nulls rank last. */
type Ranks = { ranks: Int32Array; count: number };

function keysFor(column: GridColumn, direction: SortDirection): KeySpec[] {
  const sign = direction === 'DESC' ? -1 : 1;
  const text = (field: string): KeySpec => ({ field, isText: true, nullsAs: null, sign });
  // The product column sorts by title, then msku.
  if (column.key === PRODUCT_COLUMN_KEY) return [text('title'), text('msku')];
  if (column.format === 'text' || column.format === 'product') return [text(column.key)];
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

/** Ranks texts in collator order: texts it calls equal share a rank. */
function rankTexts(texts: readonly string[]): Ranks {
  const order = orderFolded(texts.map(foldText));
  const ranks = new Int32Array(texts.length);
  let count = rankInOrder(texts, order, ranks, false);
  if (count < 0) {
    // A plain array, whose sort is adaptive, unlike that of typed arrays in V8.
    const exact = Array.from(order).sort((a, b) => compareText(texts[a]!, texts[b]!));
    count = rankInOrder(texts, exact, ranks, true);
  }
  return { ranks, count };
}

// Texts sorted by their first characters in one native sort of numbers: seven bits a character,
// and enough bits left of a float's 53 for the text's index.
const CHARACTER_BITS = 7;
const MAX_PACKED_CODE = 2 ** CHARACTER_BITS - 1;
// Groups this small are sorted by comparing their texts.
const SMALL_GROUP = 16;

/**
 * The indices of `texts` in code unit order: a radix sort from the most significant end, whose
 * digits are several characters packed into a number together with the index and sorted natively;
 * texts that share a digit are sorted again past it, or compared whole.
 */
function orderFolded(texts: readonly string[]): Uint32Array {
  const order = new Uint32Array(texts.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  // Texts often come nearly sorted already (by msku, say): then comparing them costs about one
  // comparison each, in the engines' adaptive merge sort.
  let descents = 0;
  for (let i = 1; i < texts.length; i++) if (texts[i]! < texts[i - 1]!) descents++;
  if (descents === 0) return order;
  if (descents < texts.length / 64) {
    order.set(Array.from(order).sort(byCodeUnits(texts)));
    return order;
  }
  const indexScale = 2 ** Math.max(1, Math.ceil(Math.log2(texts.length)));
  const width = Math.floor((53 - Math.log2(indexScale)) / CHARACTER_BITS);
  // Ranges [start, end) of `order` left to sort, whose texts all agree before `depth`.
  const pending = [0, order.length, 0];
  while (pending.length > 0) {
    const depth = pending.pop()!;
    const end = pending.pop()!;
    const start = pending.pop()!;
    if (end - start <= SMALL_GROUP || width < 1) {
      sortTexts(texts, order, start, end);
      continue;
    }
    const first = texts[order[start]!]!;
    let common = first.length;
    for (let i = start + 1; i < end && common > depth; i++) {
      const text = texts[order[i]!]!;
      const limit = Math.min(common, text.length);
      let j = depth;
      while (j < limit && text.charCodeAt(j) === first.charCodeAt(j)) j++;
      common = j;
    }
    common = Math.max(common, depth);
    const packed = new Float64Array(end - start);
    for (let i = start; i < end; i++) {
      const text = texts[order[i]!]!;
      let digit = 0;
      let isCut = false;
      for (let j = common; j < common + width; j++) {
        // 0 past the end, which sorts first. A code too large to pack is cut to the largest, and
        // the rest of the digit left 0: texts that tie on such a digit are compared whole.
        let code = isCut || j >= text.length ? 0 : text.charCodeAt(j) + 1;
        if (code >= MAX_PACKED_CODE) {
          code = MAX_PACKED_CODE;
          isCut = true;
        }
        digit = digit * (MAX_PACKED_CODE + 1) + code;
      }
      packed[i - start] = digit * indexScale + order[i]!;
    }
    packed.sort();
    let groupStart = start;
    let groupDigit = -1;
    for (let i = start; i <= end; i++) {
      const digit = i < end ? Math.floor(packed[i - start]! / indexScale) : -1;
      if (i < end) order[i] = packed[i - start]! - digit * indexScale;
      if (digit === groupDigit) continue;
      // A digit of 0 means texts that all ended: equal.
      if (i - groupStart > 1 && groupDigit !== 0) {
        if (hasCutCode(groupDigit, width)) sortTexts(texts, order, groupStart, i);
        else pending.push(groupStart, i, common + width);
      }
      groupStart = i;
      groupDigit = digit;
    }
  }
  return order;
}

/** Whether a digit holds a cut code. */
function hasCutCode(digit: number, width: number): boolean {
  let rest = digit;
  for (let k = 0; k < width; k++) {
    if (rest % (MAX_PACKED_CODE + 1) === MAX_PACKED_CODE) return true;
    rest = Math.floor(rest / (MAX_PACKED_CODE + 1));
  }
  return false;
}

/** Compares texts, by index, in code unit order. */
const byCodeUnits =
  (texts: readonly string[]) =>
  (a: number, b: number): number => {
    const x = texts[a]!;
    const y = texts[b]!;
    if (x < y) return -1;
    return x > y ? 1 : 0;
  };

/** Sorts `order` from `start` to `end` by comparing the texts. */
function sortTexts(texts: readonly string[], order: Uint32Array, start: number, end: number) {
  if (end - start > SMALL_GROUP) order.subarray(start, end).sort(byCodeUnits(texts));
  else insertionSort(order, start, end, byCodeUnits(texts));
}

/** Ranks texts in `order`; returns how many ranks, or -1 if neighbours are out of collator order. */
function rankInOrder(
  texts: readonly string[],
  order: ArrayLike<number>,
  ranks: Int32Array,
  isSorted: boolean,
) {
  if (order.length === 0) return 0;
  let rank = 0;
  ranks[order[0]!] = 0;
  for (let i = 1; i < order.length; i++) {
    const previous = texts[order[i - 1]!]!;
    const text = texts[order[i]!]!;
    const comparison = previous === text ? 0 : compareText(previous, text);
    if (comparison > 0 && !isSorted) return -1;
    if (comparison !== 0) rank++;
    ranks[order[i]!] = rank;
  }
  return rank + 1;
}

// Long runs rank only their own rows, flagged in `only` (every row when it is undefined); the
// ranks of other rows are left unset.

function textRanks({ texts, sign }: TextKey, only?: Uint8Array): Ranks {
  const ranks = new Int32Array(texts.length);
  // The texts to rank, and each row's index into them, or -1 for a null.
  const toRank: string[] = [];
  if (hasRepeats(texts, only)) {
    const idOf = new Map<string, number>();
    for (let row = 0; row < texts.length; row++) {
      if (only !== undefined && only[row] === 0) continue;
      const text = texts[row] ?? null;
      if (text === null) {
        ranks[row] = -1;
        continue;
      }
      let id = idOf.get(text);
      if (id === undefined) {
        id = toRank.push(text) - 1;
        idOf.set(text, id);
      }
      ranks[row] = id;
    }
  } else {
    // Texts need not be distinct to be ranked: skipping the lookups is cheaper when few repeat.
    for (let row = 0; row < texts.length; row++) {
      if (only !== undefined && only[row] === 0) continue;
      const text = texts[row] ?? null;
      ranks[row] = text === null ? -1 : toRank.push(text) - 1;
    }
  }
  const { ranks: rankOf, count } = rankTexts(toRank);
  for (let row = 0; row < texts.length; row++) {
    if (only !== undefined && only[row] === 0) continue;
    const id = ranks[row]!;
    ranks[row] = id < 0 ? count : sign === 1 ? rankOf[id]! : count - 1 - rankOf[id]!;
  }
  return { ranks, count: count + 1 };
}

const SAMPLE_SIZE = 1000;

/**
 * Whether enough texts repeat to be worth ranking each distinct text once. Judged on a sample
 * spread over the rows: 1,000 texts drawn from 25,000 distinct ones repeat about 20 times.
 */
function hasRepeats(texts: readonly (string | null)[], only?: Uint8Array): boolean {
  const step = Math.max(1, Math.floor(texts.length / SAMPLE_SIZE));
  const seen = new Set<string>();
  let repeats = 0;
  for (let row = 0; row < texts.length; row += step) {
    const text = texts[row];
    if ((only !== undefined && only[row] === 0) || text == null) continue;
    if (seen.has(text)) repeats++;
    else seen.add(text);
  }
  return repeats * 50 >= seen.size + repeats;
}

/** The span of whole numbers of units, or else of cents, up to which numbers rank as themselves. */
const maxSpan = (length: number) => 2 * length + 1024;

function numberRanks({ values, isNull }: NumberKey, only?: Uint8Array): Ranks {
  const length = values.length;
  const ranks = new Int32Array(length);
  const isRanked = (row: number) => (only === undefined || only[row] === 1) && isNull[row] === 0;
  for (const scale of [1, 100]) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let row = 0;
    for (; row < length; row++) {
      if (!isRanked(row)) continue;
      const value = values[row]!;
      const whole = Math.round(value * scale);
      // Distinct values that survive the round trip stay distinct, in the same order.
      if (whole / scale !== value) break;
      if (whole < min) min = whole;
      if (whole > max) max = whole;
    }
    if (row < length) continue;
    if (min > max) return { ranks, count: 1 };
    const span = max - min + 1;
    // Infinities give a span of NaN or Infinity.
    if (!(span <= maxSpan(length))) break;
    for (let row = 0; row < length; row++) {
      if (isRanked(row)) ranks[row] = Math.round(values[row]! * scale) - min;
      else if (isNull[row] === 1) ranks[row] = span;
    }
    return { ranks, count: span + 1 };
  }
  let size = 0;
  for (let row = 0; row < length; row++) if (isRanked(row)) size++;
  const listed = new Uint32Array(size);
  size = 0;
  for (let row = 0; row < length; row++) if (isRanked(row)) listed[size++] = row;
  const count = rankFloats(values, listed, ranks);
  for (let row = 0; row < length; row++) {
    if ((only === undefined || only[row] === 1) && isNull[row] === 1) ranks[row] = count;
  }
  return { ranks, count: count + 1 };
}

// Where the high and low halves of a float's bits sit in a Uint32Array over it.
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LOW = 1 - HIGH;

/**
 * Ranks the listed rows among their distinct values; returns how many ranks. A radix sort, four
 * passes of 16 bits over each float's bits, mapped to an unsigned integer in the same order.
 */
function rankFloats(values: Float64Array, listed: Uint32Array, ranks: Int32Array): number {
  const size = listed.length;
  const floats = new Float64Array(size);
  // Adding 0 turns -0 into 0, which must rank the same.
  for (let i = 0; i < size; i++) floats[i] = values[listed[i]!]! + 0;
  const bits = new Uint32Array(floats.buffer);
  for (let i = 0; i < size; i++) {
    // Negative numbers: every bit flipped, so larger magnitudes come first; others: sign bit set.
    const high = bits[2 * i + HIGH]!;
    if (high >= 0x80000000) {
      bits[2 * i + HIGH] = ~high;
      bits[2 * i + LOW] = ~bits[2 * i + LOW]!;
    } else bits[2 * i + HIGH] = high | 0x80000000;
  }
  let order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  let next = new Uint32Array(size);
  const starts = new Uint32Array(65537);
  for (let pass = 0; pass < 4; pass++) {
    const half = pass < 2 ? LOW : HIGH;
    const shift = pass % 2 === 0 ? 0 : 16;
    starts.fill(0);
    for (let i = 0; i < size; i++) starts[((bits[2 * order[i]! + half]! >>> shift) & 0xffff) + 1]!++;
    let isOneBucket = false;
    for (let digit = 1; digit <= 65536; digit++) {
      if (starts[digit] === size) isOneBucket = true;
      starts[digit]! += starts[digit - 1]!;
    }
    if (isOneBucket) continue;
    for (let i = 0; i < size; i++) {
      const item = order[i]!;
      next[starts[(bits[2 * item + half]! >>> shift) & 0xffff]!++] = item;
    }
    const sorted = next;
    next = order;
    order = sorted;
  }
  let rank = -1;
  for (let i = 0; i < size; i++) {
    const item = order[i]!;
    const previous = order[i - 1];
    if (
      previous === undefined ||
      bits[2 * item + HIGH] !== bits[2 * previous + HIGH] ||
      bits[2 * item + LOW] !== bits[2 * previous + LOW]
    ) {
      rank++;
    }
    ranks[listed[item]!] = rank;
  }
  return rank + 1;
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

// Runs of tied rows up to this long are sorted by comparing values; longer ones by rank.
const SHORT_RUN = 32;

/** Where the run beginning at `start` ends: `runStarts` flags each run's first position. */
function runEnd(runStarts: Uint8Array, start: number): number {
  let end = start + 1;
  while (runStarts[end] === 0) end++;
  return end;
}

/** Flags the rows in runs of at least `minLength`; `only` is undefined when that is every row. */
function rowsInRuns(order: Uint32Array, runStarts: Uint8Array, minLength: number) {
  const isIn = new Uint8Array(order.length);
  let count = 0;
  for (let start = 0; start < order.length; ) {
    const end = runEnd(runStarts, start);
    if (end - start >= minLength) {
      for (let i = start; i < end; i++) isIn[order[i]!] = 1;
      count += end - start;
    }
    start = end;
  }
  return { only: count === order.length ? undefined : isIn, count };
}

/**
 * Binary insertion sort, for short ranges. Runs of tied rows are often in order already, or in
 * reverse order, which then costs about one comparison a row.
 */
function insertionSort(
  order: Uint32Array,
  start: number,
  end: number,
  compare: (a: number, b: number) => number,
) {
  if (end - start > 2 && compare(order[start]!, order[end - 1]!) > 0) {
    for (let i = start, j = end - 1; i < j; i++, j--) {
      const row = order[i]!;
      order[i] = order[j]!;
      order[j] = row;
    }
  }
  for (let i = start + 1; i < end; i++) {
    const row = order[i]!;
    if (compare(order[i - 1]!, row) <= 0) continue;
    let low = start;
    let high = i - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(order[middle]!, row) <= 0) low = middle + 1;
      else high = middle;
    }
    for (let j = i; j > low; j--) order[j] = order[j - 1]!;
    order[low] = row;
  }
}

/**
 * Sorts the runs longer than SHORT_RUN by rank in linear time: their positions are bucketed by
 * rank, then dealt back to their own runs in that order. Both steps keep the order of rows of
 * equal rank.
 */
function sortLongRuns(order: Uint32Array, runStarts: Uint8Array, { ranks, count }: Ranks) {
  const length = order.length;
  const bucketStarts = new Uint32Array(count + 1);
  const runOf = new Uint32Array(length);
  const next = new Uint32Array(length);
  let size = 0;
  for (let start = 0; start < length; ) {
    const end = runEnd(runStarts, start);
    if (end - start > SHORT_RUN) {
      for (let i = start; i < end; i++) {
        bucketStarts[ranks[order[i]!]! + 1]!++;
        runOf[i] = start;
      }
      next[start] = start;
      size += end - start;
    }
    start = end;
  }
  for (let rank = 1; rank <= count; rank++) bucketStarts[rank]! += bucketStarts[rank - 1]!;
  const byRank = new Uint32Array(size);
  for (let start = 0; start < length; ) {
    const end = runEnd(runStarts, start);
    if (end - start > SHORT_RUN) {
      for (let i = start; i < end; i++) byRank[bucketStarts[ranks[order[i]!]!]!++] = i;
    }
    start = end;
  }
  const sorted = order.slice();
  for (const i of byRank) sorted[next[runOf[i]!]!++] = order[i]!;
  order.set(sorted);
}

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
 * The rows sorted by each sort column in turn (SPEC 2). An empty list sorts by product,
 * ascending; unknown column keys are skipped and passed to `onUnknownKey`. Never mutates `rows`.
 */
export function sortRows<R extends GridRow>(
  rows: readonly R[],
  sortColumns: readonly SortColumn[],
  columns: readonly GridColumn[],
  onUnknownKey?: (key: string) => void,
): R[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  const specs: KeySpec[] = [];
  for (const { columnKey, direction } of sortColumns) {
    const column = columnKey === PRODUCT_COLUMN_KEY ? PRODUCT_SORT_COLUMN : byKey.get(columnKey);
    if (column === undefined) onUnknownKey?.(columnKey);
    else specs.push(...keysFor(column, direction));
  }
  // SPEC 2: product ascending when no (known) sort column is chosen.
  if (specs.length === 0) specs.push(...keysFor(PRODUCT_SORT_COLUMN, 'ASC'));

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
