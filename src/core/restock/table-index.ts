import { type GridColumn, type GridRow, PRODUCT_COLUMN_KEY } from './grid-column';
import {
  type ColumnFilter,
  displayedNumber,
  type Filters,
  productSearchText,
  productTextOf,
  rangeFilterBound,
  textFilterQuery,
} from './grid-filters';
import { type SortColumn, sortKeySpecs } from './grid-sort';
import { type NumberKey, numberRankSteps } from './number-ranks';
import { runSteps } from './sort-runs';
import { compareText, RANK_STEP, textRankSteps } from './text-ranks';

/* The table kept column by column for sorting and filtering (SPEC 2, 3), so that a sort click or a
 * filter keystroke does no work per row object:
 * - Each sort key (a field read as text or as a number) becomes, the first time it is sorted on,
 *   an integer rank per row in ascending order (nulls last), with one representative value per
 *   rank. A sort is then one stable counting sort of row indices per key, from the last key to the
 *   first: linear, with no comparisons. Descending reverses the ranks of values, nulls stay last.
 * - Each filter reads a typed array (displayed numbers, checked flags) or an array of lowercase
 *   texts built once per column, in a tight loop over the sorted order; a filter keeps order, so
 *   filtering the sorted rows equals sorting the filtered ones, and typing never pays for a sort.
 * - A table decoded from its compact answer comes with its values column by column
 *   (`TableColumns`): ranks, filter columns and search text are built from them instead of from
 *   every row object's fields, which was most of the cost of a first click or keystroke.
 * - An edit replaces a few rows: their entries are patched in place. A value new to a sort key is
 *   placed among the representatives by binary search (the collator's order for text) and the
 *   ranks above it move up by one, so the ranks stay exactly the order `sortRows` uses.
 * The results equal `sortRows(filterRows(rows, filters, columns), sortColumns, columns)`, which
 * stays the reference (a property test holds the two equal). */

/** Ranks of one sort key: ascending, equal values share a rank, nulls rank `values.length`. */
export type RankedKey = {
  readonly field: string;
  readonly isText: boolean;
  readonly nullsAs: number | null;
  ranks: Int32Array;
  /**
   * One value per rank, in ascending order (ranks left without rows after an edit keep theirs): a
   * number key's as a typed array until an edit adds a value.
   */
  values: (string | number)[] | Float64Array;
};

/** A number key just ranked: its values a typed array. */
export type NumberRankedKey = RankedKey & { values: Float64Array };

// `read` takes a row's value of the column's field.
type FilterColumn =
  | { kind: 'text'; field: string; texts: (string | null)[]; read: (value: unknown) => string | null }
  | { kind: 'number'; field: string; numbers: Float64Array; read: (value: unknown) => number }
  | { kind: 'flag'; field: string; flags: Uint8Array; read: (value: unknown) => number };

// Booleans sort false before true; anything else that is not a number counts as null.
function sortableNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  return typeof value === 'boolean' ? Number(value) : null;
}

const sortableText = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function keyValue(
  key: Pick<RankedKey, 'field' | 'isText' | 'nullsAs'>,
  row: GridRow,
): string | number | null {
  const value = row[key.field];
  return key.isText ? sortableText(value) : (sortableNumber(value) ?? key.nullsAs);
}

const compareValues = (isText: boolean, x: string | number, y: string | number): number => {
  if (isText) return x === y ? 0 : compareText(x as string, y as string);
  return (x as number) < (y as number) ? -1 : (x as number) > (y as number) ? 1 : 0;
};

/**
 * Ranks a text key in steps, pausing after each few milliseconds of work (`textRankSteps`);
 * `valueAt` reads the field's value of a row by its place.
 */
function* rankTextKey(
  field: string,
  size: number,
  valueAt: (row: number) => unknown,
): Generator<void, RankedKey> {
  const texts = new Array<string | null>(size);
  for (let from = 0; from < size; from += RANK_STEP) {
    const to = Math.min(size, from + RANK_STEP);
    for (let row = from; row < to; row++) texts[row] = sortableText(valueAt(row));
    yield;
  }
  // Dense ranks in the collator's order, nulls last.
  const { ranks, count } = yield* textRankSteps({ kind: 'text', texts, sign: 1 });
  const values = new Array<string>(count - 1);
  for (let from = 0; from < texts.length; from += RANK_STEP) {
    const to = Math.min(texts.length, from + RANK_STEP);
    for (let row = from; row < to; row++) {
      const text = texts[row];
      if (text != null) values[ranks[row]!] = text;
    }
    yield;
  }
  return { field, isText: true, nullsAs: null, ranks, values };
}

/**
 * A number key being read from the rows, a slice at a time in idle time: reading a field of
 * every row object is most of the cost of ranking a number column.
 */
type ReadingKey = { field: string; nullsAs: number | null; key: NumberKey; next: number };

const startReading = (field: string, nullsAs: number | null, size: number): ReadingKey => ({
  field,
  nullsAs,
  key: { kind: 'number', values: new Float64Array(size), isNull: new Uint8Array(size) },
  next: 0,
});

/**
 * A table's values column by column, as it is decoded (`CompactRowsDecoder`, whose rows read
 * them too):
 * - `numbers`: each number field's value per row as the sort reads it (a boolean as 0 or 1), NaN
 *   where the row has none;
 * - `odd`: per number field but a flag, the rare rows whose value is neither a number nor null,
 *   with it;
 * - `values`: every other field's values, row by row, and a flag's too (its booleans, which are
 *   read before its numbers: the rows are given `values` for every flag in `numbers`).
 * The values at a place are those of the row at that place when the index was made: they are the
 * decoded rows' own values.
 */
export type TableColumns = {
  readonly numbers: ReadonlyMap<string, Float64Array>;
  readonly odd: ReadonlyMap<string, ReadonlyMap<number, unknown>>;
  readonly values: ReadonlyMap<string, readonly unknown[]>;
};

const NO_COLUMNS: TableColumns = { numbers: new Map(), odd: new Map(), values: new Map() };

/** A number field's value in row `row` of its decoded columns (as its decoded row reads it). */
export function numberFieldValue(
  numbers: Float64Array,
  odd: ReadonlyMap<number, unknown> | undefined,
  row: number,
) {
  if (odd?.has(row)) return odd.get(row);
  const number = numbers[row]!;
  return Number.isNaN(number) ? null : number;
}

/** The sort's number for a field's value, NaN where it is none (the encoding of `TableColumns` numbers). */
export const tableNumber = (value: unknown): number => sortableNumber(value) ?? Number.NaN;

/** Reads every row of a number key from its field's typed array. */
function readTableNumbers(reading: ReadingKey, numbers: Float64Array) {
  const { nullsAs, key } = reading;
  for (let row = 0; row < numbers.length; row++) {
    const number = numbers[row]!;
    if (!Number.isNaN(number)) {
      key.values[row] = number + 0;
      key.isNull[row] = 0;
    } else if (nullsAs === null) {
      key.values[row] = Number.POSITIVE_INFINITY;
      key.isNull[row] = 1;
    } else {
      key.values[row] = nullsAs;
      key.isNull[row] = 0;
    }
  }
  reading.next = numbers.length;
}

/** Reads rows [from, to) of a number key. */
function readNumbers(
  { field, nullsAs, key }: ReadingKey,
  rows: readonly GridRow[],
  from: number,
  to: number,
) {
  for (let row = from; row < to; row++) {
    const number = sortableNumber(rows[row]![field]) ?? nullsAs;
    if (number === null) {
      key.values[row] = Number.POSITIVE_INFINITY;
      key.isNull[row] = 1;
    } else {
      key.values[row] = number + 0;
      key.isNull[row] = 0;
    }
  }
}

/** Ranks a number key read whole, in steps of one pass over the rows (`numberRankSteps`). */
function* rankNumberKey({ field, nullsAs, key }: ReadingKey, size: number): Generator<void, NumberRankedKey> {
  // Ranks may skip numbers that no row holds (whole numbers rank as themselves): made dense here,
  // a pass a function (see `numberRankSteps`).
  const { ranks, count } = yield* numberRankSteps(key);
  const { isUsed, valueAt } = valuesByRank(key, ranks, count, size);
  yield;
  const { dense, values } = denseRanks(isUsed, valueAt);
  yield;
  rankDensely(ranks, dense, key.isNull, values.length);
  return { field, isText: false, nullsAs, ranks, values };
}

function rankDensely(ranks: Int32Array, dense: Int32Array, isNull: Uint8Array, nullRank: number) {
  for (let row = 0; row < ranks.length; row++)
    ranks[row] = isNull[row] === 1 ? nullRank : dense[ranks[row]!]!;
}

function valuesByRank(key: NumberKey, ranks: Int32Array, count: number, size: number) {
  const isUsed = new Uint8Array(count);
  const valueAt = new Float64Array(count);
  for (let row = 0; row < size; row++) {
    if (key.isNull[row] === 1) continue;
    isUsed[ranks[row]!] = 1;
    valueAt[ranks[row]!] = key.values[row]!;
  }
  return { isUsed, valueAt };
}

/**
 * The dense rank of each rank in use, and the value of each dense rank as a typed array: a worker
 * sends it as it is, where an array of numbers arrives on the page as one boxed number per
 * decimal (90,000 for the ROI of 100,000 products), for the page's collector to mark from then on.
 */
function denseRanks(isUsed: Uint8Array, valueAt: Float64Array) {
  const dense = new Int32Array(isUsed.length);
  let count = 0;
  for (let rank = 0; rank < isUsed.length; rank++) {
    dense[rank] = count;
    count += isUsed[rank]!;
  }
  const values = new Float64Array(count);
  for (let rank = 0; rank < isUsed.length; rank++)
    if (isUsed[rank] === 1) values[dense[rank]!] = valueAt[rank]!;
  return { dense, values };
}

/**
 * A number key ranked from its field's decoded numbers alone, with nothing of the rows: what a
 * worker can do off the page's thread (`TableIndex.adoptRanked` takes the result).
 */
export function rankTableNumbers(
  field: string,
  nullsAs: number | null,
  numbers: Float64Array,
): NumberRankedKey {
  const reading = startReading(field, nullsAs, numbers.length);
  readTableNumbers(reading, numbers);
  return runSteps(rankNumberKey(reading, numbers.length));
}

/** The number keys a sort by each of `columns` reads, each with the id the index keeps it under. */
export function numberSortKeys(
  columns: readonly GridColumn[],
): Array<{ id: string; field: string; nullsAs: number | null }> {
  const keys = new Map<string, { id: string; field: string; nullsAs: number | null }>();
  for (const column of columns) {
    const specs = sortKeySpecs([{ columnKey: column.key, direction: 'ASC' }], [column]);
    for (const { field, isText, nullsAs } of specs) {
      const id = sortKeyId(field, isText, nullsAs);
      if (!isText) keys.set(id, { id, field, nullsAs });
    }
  }
  return [...keys.values()];
}

/** The rank of `value` among the key's values, adding it (and moving the ranks above up) if new. */
function rankOf(key: RankedKey, value: string | number | null): number {
  const { values, ranks, isText } = key;
  if (value === null) return values.length;
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compareValues(isText, values[middle]!, value) < 0) low = middle + 1;
    else high = middle;
  }
  if (low < values.length && compareValues(isText, values[low]!, value) === 0) return low;
  const listed = Array.isArray(values) ? values : Array.from(values);
  listed.splice(low, 0, value);
  key.values = listed;
  for (let row = 0; row < ranks.length; row++) if (ranks[row]! >= low) ranks[row]!++;
  return low;
}

// After each row's text in the joined search text. A query holding it is tested row by row.
const ROW_END = '\u0000';
// Rows per piece of joined text.
const PIECE_ROWS = 4096;

/**
 * The product search text of every row (SPEC 3) joined into a few long strings, each row's text
 * ending with ROW_END: a native `indexOf` scan over them finds the matching rows far faster than a
 * call per row. Built in slices ahead of the first keystroke; an edited row's text is kept aside.
 */
class ProductSearch {
  prepared = 0;
  readonly #pieces: { text: string; firstRow: number }[] = [];
  /** Where each row's text starts in its piece. */
  readonly #starts: Uint32Array;
  readonly patched = new Map<number, string>();

  constructor(size: number) {
    this.#starts = new Uint32Array(size);
  }

  /** Adds rows [prepared, to); `textOf` gives a row's `productText` by its place. */
  prepare(textOf: (row: number) => string, to: number) {
    const end = Math.min(to, this.#starts.length);
    while (this.prepared < end) {
      const firstRow = this.prepared;
      const pieceEnd = Math.min(end, firstRow + PIECE_ROWS);
      this.#pieces.push({ text: this.#piece(textOf, firstRow, pieceEnd, false), firstRow });
      this.prepared = pieceEnd;
    }
  }

  /**
   * The search text of rows [from, to), each ending with ROW_END, and where each starts. Joined
   * from an array (a flat string, where `+=` leaves the first keystroke's scan to flatten it) and
   * lowercased whole: one call instead of one a row. ROW_END is neither a letter nor ignored by
   * case rules, so each row lowercases as it would alone; should lowercasing change the length
   * (a dotted capital I), the rows are lowercased one by one, to keep the starts exact.
   */
  #piece(textOf: (row: number) => string, from: number, to: number, isRowByRow: boolean): string {
    const texts: string[] = [];
    let length = 0;
    for (let row = from; row < to; row++) {
      const text = isRowByRow ? textOf(row).toLowerCase() : textOf(row);
      this.#starts[row] = length;
      length += text.length + 1;
      texts.push(text);
    }
    texts.push('');
    const joined = texts.join(ROW_END);
    if (isRowByRow) return joined;
    const lower = joined.toLowerCase();
    return lower.length === joined.length ? lower : this.#piece(textOf, from, to, true);
  }

  /** A flag per row: whether its text holds `query` (every row prepared). */
  matches(query: string, size: number): Uint8Array {
    const flags = new Uint8Array(size);
    const pieces = this.#pieces;
    const starts = this.#starts;
    for (let p = 0; p < pieces.length; p++) {
      const { text, firstRow } = pieces[p]!;
      const lastRow = (p + 1 < pieces.length ? pieces[p + 1]!.firstRow : size) - 1;
      if (query.includes(ROW_END)) {
        for (let row = firstRow; row <= lastRow; row++) {
          const end = row < lastRow ? starts[row + 1]! - 1 : text.length - 1;
          if (text.slice(starts[row]!, end).includes(query)) flags[row] = 1;
        }
        continue;
      }
      for (let at = text.indexOf(query); at >= 0; ) {
        // The row holding the match: the last whose text starts at or before it.
        let low = firstRow;
        let high = lastRow;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if (starts[middle]! <= at) low = middle;
          else high = middle - 1;
        }
        flags[low] = 1;
        if (low === lastRow) break;
        at = text.indexOf(query, starts[low + 1]!);
      }
    }
    for (const [row, text] of this.patched) flags[row] = text.includes(query) ? 1 : 0;
    return flags;
  }
}

// An edit's row waits beside the joined text; past this many the text is built again.
const MAX_PATCHED = 4096;

function filterColumnFor(column: GridColumn): FilterColumn {
  const { key: field } = column;
  if (column.filterBy === 'text') {
    return {
      kind: 'text',
      field,
      texts: [],
      read: (value) => (value === null || value === undefined ? null : String(value).toLowerCase()),
    };
  }
  if (column.filterBy === 'range') {
    return {
      kind: 'number',
      field,
      numbers: new Float64Array(0),
      // NaN fails both ≥ and ≤: SPEC 4, rows without a value are excluded while a range is set.
      read: (value) =>
        typeof value === 'number' && Number.isFinite(value) ? displayedNumber(value, column) : Number.NaN,
    };
  }
  return { kind: 'flag', field, flags: new Uint8Array(0), read: (value) => (value === true ? 1 : 0) };
}

const filterCacheKey = (column: GridColumn) =>
  `${column.filterBy}\n${column.format === 'percent' ? '%' : ''}\n${column.key}`;

/** Fills a filter column for a table of `size` rows; `valueAt` reads its field's value of a row. */
function fillFilterColumn(column: FilterColumn, size: number, valueAt: (row: number) => unknown) {
  if (column.kind === 'number') {
    const numbers = new Float64Array(size);
    for (let row = 0; row < size; row++) numbers[row] = column.read(valueAt(row));
    column.numbers = numbers;
  } else if (column.kind === 'flag') {
    const flags = new Uint8Array(size);
    for (let row = 0; row < size; row++) flags[row] = column.read(valueAt(row));
    column.flags = flags;
  } else {
    const texts = new Array<string | null>(size);
    for (let row = 0; row < size; row++) texts[row] = column.read(valueAt(row));
    column.texts = texts;
  }
}

function setFilterEntry(column: FilterColumn, row: number, value: unknown) {
  if (column.kind === 'number') column.numbers[row] = column.read(value);
  else if (column.kind === 'flag') column.flags[row] = column.read(value);
  else column.texts[row] = column.read(value);
}

type IndexTest = (row: number) => boolean;

const sortKeyId = (field: string, isText: boolean, nullsAs: number | null) =>
  `${isText ? 'text' : `number ${nullsAs}`}\n${field}`;

/** One stable counting sort of `order` by `ranks` (reversed below `nullRank` when descending). */
function countingSort(order: Uint32Array, key: RankedKey, isDescending: boolean): Uint32Array {
  const { ranks } = key;
  const nullRank = key.values.length;
  const starts = new Uint32Array(nullRank + 2);
  const rankAt = (row: number) => {
    const rank = ranks[row]!;
    return isDescending && rank !== nullRank ? nullRank - 1 - rank : rank;
  };
  for (let i = 0; i < order.length; i++) starts[rankAt(order[i]!) + 1]!++;
  for (let rank = 1; rank <= nullRank + 1; rank++) starts[rank]! += starts[rank - 1]!;
  const sorted = new Uint32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const row = order[i]!;
    sorted[starts[rankAt(row)]!++] = row;
  }
  return sorted;
}

/**
 * Every row's index in ascending order of `key`, nulls last, ties in the rows' order: a sort by
 * the key's column alone, which a worker can find off the page's thread with the key's ranks
 * (`TableIndex.adoptRanked` takes both).
 */
export function ascendingOrder(key: RankedKey): Uint32Array {
  const order = new Uint32Array(key.ranks.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return countingSort(order, key, false);
}

/**
 * The descending order of `key` from its `ascending` one, as `countingSort` would sort it: rows
 * of one rank in reverse rank order, each rank's rows in the rows' order, nulls still last. One
 * pass, where a counting sort takes two and a table of counts.
 */
function descendingFrom(ascending: Uint32Array, key: RankedKey): Uint32Array {
  const { ranks } = key;
  const nullRank = key.values.length;
  const sorted = new Uint32Array(ascending.length);
  let valued = ascending.length;
  while (valued > 0 && ranks[ascending[valued - 1]!] === nullRank) valued--;
  let at = 0;
  let end = valued;
  while (end > 0) {
    const rank = ranks[ascending[end - 1]!];
    let start = end - 1;
    while (start > 0 && ranks[ascending[start - 1]!] === rank) start--;
    for (let i = start; i < end; i++) sorted[at++] = ascending[i]!;
    end = start;
  }
  for (let i = valued; i < ascending.length; i++) sorted[at++] = ascending[i]!;
  return sorted;
}

/**
 * A loaded table, column by column. `update` takes the table's next rows: when only a few rows
 * were replaced (an edit), their entries are patched; otherwise everything is rebuilt lazily.
 */
export class TableIndex<R extends GridRow = GridRow> {
  #rows: readonly R[];
  #sortKeys = new Map<string, RankedKey>();
  #readingKeys = new Map<string, ReadingKey>();
  /** Keys being ranked in steps: each reads the rows, columns or number key's values it began with. */
  #ranking = new Map<string, Generator<void, RankedKey>>();
  #filterColumns = new Map<string, FilterColumn>();
  #sorted: { key: string; order: Uint32Array } | null = null;
  /** Number keys' ascending orders found with their ranks elsewhere, kept until a row changes. */
  #ascending = new Map<string, Uint32Array>();
  #search: ProductSearch | null = null;
  /**
   * The table's values column by column, when it came with them (`TableColumns`), less the fields
   * an edit has changed since. They are the decoded rows' own values: never written here.
   */
  #numbers = new Map<string, Float64Array>();
  #odd = new Map<string, ReadonlyMap<number, unknown>>();
  #values = new Map<string, readonly unknown[]>();
  /** Counts the changes of the rows' values: a key ranked elsewhere is taken only for the same count. */
  #generation = 0;

  constructor(rows: readonly R[], columns?: TableColumns) {
    this.#rows = rows;
    this.#takeColumns(rows, columns ?? NO_COLUMNS);
  }

  #takeColumns(rows: readonly R[], { numbers, odd, values }: TableColumns) {
    this.#numbers = new Map([...numbers].filter(([, column]) => column.length === rows.length));
    this.#odd = new Map(odd);
    this.#values = new Map([...values].filter(([, column]) => column.length === rows.length));
  }

  /**
   * Reads `field` of a row by its place: from the table's columns while they hold the rows'
   * values (a field's value as the row reads it), else from the row.
   */
  #valueAt(field: string): (row: number) => unknown {
    const values = this.#values.get(field);
    if (values !== undefined) return (row) => values[row];
    const numbers = this.#numbers.get(field);
    if (numbers !== undefined) {
      const odd = this.#odd.get(field);
      return (row) => numberFieldValue(numbers, odd, row);
    }
    const rows = this.#rows;
    return (row) => rows[row]![field];
  }

  /** A row's `productText` by its place. */
  #productTextAt(): (row: number) => string {
    const title = this.#valueAt('title');
    const asin = this.#valueAt('asin');
    const msku = this.#valueAt('msku');
    return (row) => productTextOf(title(row), asin(row), msku(row));
  }

  /**
   * Stops reading from the columns the fields whose value in `row` an edit changed: the columns
   * are the decoded rows' values (an old row kept for a rollback reads them), and a copy to patch
   * would double them.
   */
  #forgetChangedColumns(row: number) {
    const current = this.#rows[row]!;
    const forget = (field: string) => {
      this.#values.delete(field);
      this.#numbers.delete(field);
      this.#odd.delete(field);
    };
    for (const [field, values] of this.#values) if (!Object.is(values[row], current[field])) forget(field);
    for (const [field, numbers] of this.#numbers) {
      // A flag is read from its values, checked above.
      if (this.#values.has(field)) continue;
      if (!Object.is(numberFieldValue(numbers, this.#odd.get(field), row), current[field])) forget(field);
    }
  }

  get rows(): readonly R[] {
    return this.#rows;
  }

  /** Changes whenever a row's values change (an edit, another table). */
  get generation(): number {
    return this.#generation;
  }

  /**
   * A number key ranked elsewhere (`rankTableNumbers`, in a worker) from this table's numbers
   * when the index was at `generation`: taken if no row changed since and the key is not ranked
   * yet; says whether it was. Its `ascending` order (`ascendingOrder`), if found there too, serves
   * a sort by that column alone until a row changes.
   */
  adoptRanked(generation: number, id: string, key: RankedKey, ascending?: Uint32Array): boolean {
    if (generation !== this.#generation || this.#sortKeys.has(id) || key.ranks.length !== this.#rows.length) {
      return false;
    }
    this.#ranked(id, key);
    if (ascending?.length === this.#rows.length) this.#ascending.set(id, ascending);
    return true;
  }

  /**
   * Takes the table's next rows. Rows replaced one for one (same id at the same place) are patched;
   * a table of another length, or with many rows replaced or reordered, starts over from its rows
   * alone (a new answer gets an index of its own, with its columns).
   */
  update(rows: readonly R[]): void {
    const previous = this.#rows;
    if (rows === previous) return;
    const changed: number[] = [];
    const limit = Math.max(64, rows.length >> 6);
    let isPatch = rows.length === previous.length;
    for (let row = 0; isPatch && row < rows.length; row++) {
      if (rows[row] === previous[row]) continue;
      if (rows[row]!.id !== previous[row]!.id || changed.length >= limit) isPatch = false;
      else changed.push(row);
    }
    this.#rows = rows;
    this.#sorted = null;
    // A key being ranked has read rows that changed: it starts again when next asked.
    if (!isPatch || changed.length > 0) {
      this.#ranking.clear();
      this.#ascending.clear();
      this.#generation++;
    }
    if (!isPatch) {
      this.#sortKeys.clear();
      this.#readingKeys.clear();
      this.#filterColumns.clear();
      this.#search = null;
      this.#takeColumns(rows, NO_COLUMNS);
      return;
    }
    const search = this.#search;
    for (const row of changed) {
      this.#forgetChangedColumns(row);
      for (const key of this.#sortKeys.values()) key.ranks[row] = rankOf(key, keyValue(key, rows[row]!));
      // Rows not yet read are read from the new rows when they are.
      for (const reading of this.#readingKeys.values())
        if (row < reading.next) readNumbers(reading, rows, row, row + 1);
      for (const column of this.#filterColumns.values())
        setFilterEntry(column, row, rows[row]![column.field]);
      // Rows not yet prepared are read from the new rows when they are.
      if (search !== null && row < search.prepared) search.patched.set(row, productSearchText(rows[row]!));
    }
    if (search !== null && search.patched.size > MAX_PATCHED) this.#search = null;
  }

  /**
   * Builds the product search text of rows [from, to) ahead of the first filter keystroke (the page
   * builds every row's as a table arrives); returns where it got to.
   */
  prepareSearch(from: number, to: number): number {
    this.#search ??= new ProductSearch(this.#rows.length);
    if (from === this.#search.prepared) this.#search.prepare(this.#productTextAt(), to);
    return this.#search.prepared;
  }

  /** The product search, every row prepared. */
  #productSearch(): ProductSearch {
    const search = this.#search ?? new ProductSearch(this.#rows.length);
    this.#search = search;
    search.prepare(this.#productTextAt(), this.#rows.length);
    return search;
  }

  #filterColumn(column: GridColumn): FilterColumn {
    const cacheKey = filterCacheKey(column);
    let cached = this.#filterColumns.get(cacheKey);
    if (cached === undefined) {
      cached = filterColumnFor(column);
      this.#filterColumns.set(cacheKey, cached);
    }
    if (filterLength(cached) !== this.#rows.length) {
      fillFilterColumn(cached, this.#rows.length, this.#valueAt(cached.field));
    }
    return cached;
  }

  #sortKey(field: string, isText: boolean, nullsAs: number | null): RankedKey {
    const cacheKey = sortKeyId(field, isText, nullsAs);
    let key = this.#sortKeys.get(cacheKey);
    if (key === undefined) {
      // Goes on from where the idle ranking got to.
      key = runSteps(this.#ranking.get(cacheKey) ?? this.#startRanking(field, isText, nullsAs));
      this.#ranked(cacheKey, key);
    }
    return key;
  }

  /** A number key to read: already read whole when the table came with the field's numbers. */
  #startReading(field: string, nullsAs: number | null): ReadingKey {
    const reading = startReading(field, nullsAs, this.#rows.length);
    const numbers = this.#numbers.get(field);
    if (numbers !== undefined) readTableNumbers(reading, numbers);
    return reading;
  }

  /**
   * Ranks the keys a sort by `column` reads, ahead of the first click on it (either direction).
   * Number keys are read from the rows at most `rowBudget` rows at a time (call again to go on),
   * or copied whole from the table's decoded numbers, then ranked; a key being ranked takes one
   * step of its ranking (a few milliseconds) a call. Says whether every key is ranked.
   */
  prepareSort(column: GridColumn, rowBudget = Number.POSITIVE_INFINITY): boolean {
    const size = this.#rows.length;
    for (const { field, isText, nullsAs } of sortKeySpecs(
      [{ columnKey: column.key, direction: 'ASC' }],
      [column],
    )) {
      const id = sortKeyId(field, isText, nullsAs);
      if (this.#sortKeys.has(id)) continue;
      let ranking = this.#ranking.get(id);
      if (ranking === undefined) {
        if (!isText) {
          let reading = this.#readingKeys.get(id);
          if (reading === undefined) {
            reading = this.#startReading(field, nullsAs);
            this.#readingKeys.set(id, reading);
          }
          const to = Math.min(size, reading.next + rowBudget);
          readNumbers(reading, this.#rows, reading.next, to);
          reading.next = to;
          if (to < size) return false;
        }
        ranking = this.#startRanking(field, isText, nullsAs);
        this.#ranking.set(id, ranking);
      }
      const step = ranking.next();
      if (!step.done) return false;
      this.#ranked(id, step.value);
    }
    return true;
  }

  /** The steps that rank a key: a number key from its reading, finished here if it is not yet. */
  #startRanking(field: string, isText: boolean, nullsAs: number | null): Generator<void, RankedKey> {
    if (isText) return rankTextKey(field, this.#rows.length, this.#valueAt(field));
    const id = sortKeyId(field, isText, nullsAs);
    const reading = this.#readingKeys.get(id) ?? this.#startReading(field, nullsAs);
    readNumbers(reading, this.#rows, reading.next, this.#rows.length);
    reading.next = this.#rows.length;
    // Kept until ranked: an edit meanwhile patches it and starts the ranking again from it.
    this.#readingKeys.set(id, reading);
    return rankNumberKey(reading, this.#rows.length);
  }

  #ranked(id: string, key: RankedKey): void {
    this.#ranking.delete(id);
    this.#readingKeys.delete(id);
    this.#sortKeys.set(id, key);
  }

  /** Every row's index in the order of `sortColumns` (SPEC 2), kept until the rows change. */
  sortedOrder(
    sortColumns: readonly SortColumn[],
    columns: readonly GridColumn[],
    onUnknownKey?: (key: string) => void,
  ): Uint32Array {
    const specs = sortKeySpecs(sortColumns, columns, onUnknownKey);
    const cacheKey = JSON.stringify(specs);
    if (this.#sorted?.key === cacheKey) return this.#sorted.order;
    const only = specs.length === 1 && !specs[0]!.isText ? specs[0]! : undefined;
    const ascending = only && this.#ascending.get(sortKeyId(only.field, false, only.nullsAs));
    if (only && ascending) {
      // A number column alone, its order found with its ranks: a click on it sorts nothing here.
      const key = this.#sortKey(only.field, false, only.nullsAs);
      const order = only.sign === 1 ? ascending : descendingFrom(ascending, key);
      this.#sorted = { key: cacheKey, order };
      return order;
    }
    let order: Uint32Array = new Uint32Array(this.#rows.length);
    for (let i = 0; i < order.length; i++) order[i] = i;
    // From the last key to the first: each stable pass leaves ties in the previous keys' order.
    for (let k = specs.length - 1; k >= 0; k--) {
      const { field, isText, nullsAs, sign } = specs[k]!;
      order = countingSort(order, this.#sortKey(field, isText, nullsAs), sign === -1);
    }
    this.#sorted = { key: cacheKey, order };
    return order;
  }

  /** The indices in `order` of rows that pass every active filter (SPEC 3), in that order. */
  filterOrder(order: Uint32Array, filters: Filters, columns: readonly GridColumn[]): Uint32Array {
    const tests: IndexTest[] = [];
    for (const column of columns) {
      const filter = filters[column.key];
      if (filter === undefined) continue;
      const test = this.#test(column, filter);
      if (test !== null) tests.push(test);
    }
    if (tests.length === 0) return order;
    const kept = new Uint32Array(order.length);
    let size = 0;
    if (tests.length === 1) {
      const test = tests[0]!;
      for (let i = 0; i < order.length; i++) if (test(order[i]!)) kept[size++] = order[i]!;
    } else {
      outer: for (let i = 0; i < order.length; i++) {
        const row = order[i]!;
        for (let t = 0; t < tests.length; t++) if (!tests[t]!(row)) continue outer;
        kept[size++] = row;
      }
    }
    return kept.slice(0, size);
  }

  #test(column: GridColumn, filter: ColumnFilter): IndexTest | null {
    if (column.filterBy === 'text') {
      const query = textFilterQuery(filter);
      if (query === null) return null;
      if (column.key === PRODUCT_COLUMN_KEY) {
        const flags = this.#productSearch().matches(query, this.#rows.length);
        return (row) => flags[row] === 1;
      }
      const cached = this.#filterColumn(column);
      if (cached.kind !== 'text') return null;
      const { texts } = cached;
      return (row) => {
        const text = texts[row];
        return text?.includes(query) ?? false;
      };
    }
    if (column.filterBy === 'range') {
      const bound = rangeFilterBound(filter);
      if (bound === null) return null;
      const cached = this.#filterColumn(column);
      if (cached.kind !== 'number') return null;
      const { numbers } = cached;
      const [isGreaterOrEqual] = filter as readonly [boolean, string];
      return isGreaterOrEqual ? (row) => numbers[row]! >= bound : (row) => numbers[row]! <= bound;
    }
    if (filter !== 1 && filter !== 2) return null;
    const cached = this.#filterColumn(column);
    if (cached.kind !== 'flag') return null;
    const { flags } = cached;
    // An unset flag shows as an unchecked box, so it counts as false.
    return filter === 1 ? (row) => flags[row] === 1 : (row) => flags[row] === 0;
  }

  /** The rows of `order`. */
  rowsOf(order: Uint32Array): R[] {
    const rows = new Array<R>(order.length);
    for (let i = 0; i < order.length; i++) rows[i] = this.#rows[order[i]!]!;
    return rows;
  }

  /** The rows that pass `filters`, sorted by `sortColumns`: equal to `sortRows(filterRows(…))`. */
  view(
    filters: Filters,
    sortColumns: readonly SortColumn[],
    columns: readonly GridColumn[],
    onUnknownKey?: (key: string) => void,
  ): R[] {
    return this.rowsOf(
      this.filterOrder(this.sortedOrder(sortColumns, columns, onUnknownKey), filters, columns),
    );
  }
}

function filterLength(column: FilterColumn): number {
  if (column.kind === 'number') return column.numbers.length;
  if (column.kind === 'flag') return column.flags.length;
  return column.texts.length;
}
