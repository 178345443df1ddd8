import { RESTOCK_COLUMNS } from './columns';
import type { GridRow } from './grid-column';
import { isSortedAsNumber } from './grid-sort';
import { numberFieldValue, type TableColumns, tableNumber } from './table-index';

/** The table as the grid loads it: the keys once, then each row's values in their order. */
export type CompactRows = { keys: string[]; rows: unknown[][] };

// The fields a sort reads as numbers: their typed arrays spare the table index reading them back
// out of every row object, and the rows read their values from them too. A flag is a number to a
// sort (false before true) but a boolean in the row, which reads it from an array of its own.
const NUMBER_FIELDS: ReadonlySet<string> = new Set(
  RESTOCK_COLUMNS.filter(isSortedAsNumber).map((column) => column.key),
);
const FLAG_FIELDS: ReadonlySet<string> = new Set(
  RESTOCK_COLUMNS.filter((column) => column.format === 'boolean').map((column) => column.key),
);

/**
 * A decoded table's values, column by column, which its rows read: each number field's typed
 * array (NaN for null), with the rare value that is neither a number nor null kept beside it by
 * row, and one plain array for every other field.
 */
type DecodedColumns = {
  numbers: Float64Array[];
  odd: Array<Map<number, unknown> | undefined>;
  others: unknown[][];
};

// A decoded row's place in its table's columns.
const AT = Symbol('row');
type DecodedRow = { readonly [AT]: number };

// A row's field: read from number column `number`, or else from other column `other`.
type DecodedField = { key: string; number?: number; other?: number };

/**
 * The class of a decoded table's rows: each row holds only its place, and reads every field from
 * the table's columns through an enumerable getter on this prototype. A table of 100,000 rows was
 * 100,000 objects of about 45 fields, a million of them boxed decimals, which the page's garbage
 * collector marked again and again as the table loaded (decision 023). A row's fields are listed
 * by `for...in`, not by a spread or `Object.keys`: `plainRow` copies them, and JSON gets the same.
 */
function decodedRowClass(
  columns: DecodedColumns,
  fields: readonly DecodedField[],
): new (
  at: number,
) => DecodedRow {
  class Row {
    readonly [AT]: number;
    constructor(at: number) {
      this[AT] = at;
    }
    toJSON() {
      return plainRow(this);
    }
  }
  // In the answer's order of keys, which a copy keeps.
  for (const { key, number: n, other: o } of fields) {
    const readNumber = function (this: Row) {
      return numberFieldValue(columns.numbers[n!]!, columns.odd[n!], this[AT]);
    };
    const readOther = function (this: Row) {
      return columns.others[o!]![this[AT]];
    };
    Object.defineProperty(Row.prototype, key, {
      enumerable: true,
      get: n === undefined ? readOther : readNumber,
    });
  }
  return Row;
}

/**
 * `row` as a plain object with every field its own, for what copies a row or lists its keys (a
 * spread, `Object.entries`): a decoded row's fields live on its class. Plain rows come back as they are.
 */
export function plainRow<R extends object>(row: R): R {
  if (Object.getPrototypeOf(row) === Object.prototype) return row;
  const plain: Record<string, unknown> = {};
  for (const key in row) plain[key] = (row as Record<string, unknown>)[key];
  return plain as R;
}

/**
 * Distinct texts a column may have and still share one string per text (a supplier, a rate's
 * source, a date): past this, the column is one of distinct texts (a title, an msku) and each
 * keeps its own. Each text shared saves a string per row to keep and for the collector to copy.
 */
const DISTINCT_TEXTS_KEPT = 256;

/**
 * The longest text shared: a supplier's name, a rate's source, a date. Longer ones (a title, an
 * image's address) are kept as they came, so that no text is hashed or compared at length: texts
 * of 2,048 characters made decoding 100,000 rows 13 → 920 ms when every one was.
 */
const SHARED_TEXT_MAX_LENGTH = 64;

/**
 * Rows made room for up front at most (twice the largest table measured), whatever count the
 * decoder is told.
 */
const MAX_CAPACITY = 1 << 21;

/**
 * Rows rebuilt from compact rows, batch by batch, as values kept column by column: the number
 * fields' typed arrays, which the table index also sorts from, and an array for every other field.
 * Each row is a small object that reads its fields from them (`decodedRowClass`). A text repeated
 * down a column of few texts, and an id equal to its row's msku, is kept once (see
 * `DISTINCT_TEXTS_KEPT`): at 100,000 demo products the decoded table held 30 MB of the page's heap,
 * and the collector copied and marked every copy as the table loaded.
 */
export class CompactRowsDecoder<R extends GridRow> {
  private readonly numberSlots: number[] = [];
  private readonly numberKeys: string[] = [];
  private readonly otherKeys: string[] = [];
  private readonly isFlag: boolean[] = [];
  private readonly otherSlots: number[] = [];
  private readonly columns: DecodedColumns = { numbers: [], odd: [], others: [] };
  /** Per other column: each distinct text kept once, until the column has too many (then null). */
  private readonly distinctTexts: Array<Map<string, string> | null> = [];
  /**
   * Per other column, the earlier column whose text it repeats on most rows (the id, the msku's),
   * or -1: a text equal to that column's in the same row is shared with it.
   */
  private readonly repeats: number[];
  private readonly Row: new (
    at: number,
  ) => DecodedRow;
  private readonly rows: R[];
  private count = 0;

  constructor(keys: readonly string[], expected = 1024) {
    // A count that is no array's length (an answer's bad total) is only a guess; rows past the
    // capacity are added one by one.
    const capacity =
      Number.isSafeInteger(expected) && expected >= 0 ? Math.min(expected, MAX_CAPACITY) : 1024;
    // Arrays as long as the table from the start: grown row by row, each was copied again and
    // again, and past 128 KB each copy went to the space only a full collection empties.
    this.rows = new Array(capacity);
    // A key given twice ends up with its last value in the row, so its last slot is read.
    const lastSlots = new Map(keys.map((key, slot) => [key, slot]));
    const fields: DecodedField[] = [];
    for (const [key, slot] of lastSlots) {
      const isNumber = NUMBER_FIELDS.has(key);
      if (isNumber) {
        this.numberKeys.push(key);
        this.numberSlots.push(slot);
        this.isFlag.push(FLAG_FIELDS.has(key));
        this.columns.numbers.push(new Float64Array(Math.max(1, capacity)));
        this.columns.odd.push(undefined);
      }
      if (isNumber && !FLAG_FIELDS.has(key)) fields.push({ key, number: this.numberKeys.length - 1 });
      else {
        fields.push({ key, other: this.otherSlots.length });
        this.otherKeys.push(key);
        this.otherSlots.push(slot);
        this.columns.others.push(new Array(capacity));
        this.distinctTexts.push(new Map());
      }
    }
    const id = this.otherKeys.indexOf('id');
    const msku = this.otherKeys.indexOf('msku');
    this.repeats = this.otherKeys.map(() => -1);
    if (id >= 0 && msku >= 0) this.repeats[Math.max(id, msku)] = Math.min(id, msku);
    this.Row = decodedRowClass(this.columns, fields);
  }

  add(batch: readonly unknown[][]): void {
    const { rows, numberSlots, otherSlots, isFlag, columns, Row, distinctTexts, repeats } = this;
    const start = this.count;
    this.makeRoom(start + batch.length);
    const { numbers, odd, others } = columns;
    for (let index = 0; index < batch.length; index++) {
      const values = batch[index]!;
      const at = start + index;
      for (let n = 0; n < numberSlots.length; n++) {
        const value = values[numberSlots[n]!];
        numbers[n]![at] = tableNumber(value);
        if (typeof value !== 'number' && value !== null && !isFlag[n]) {
          let kept = odd[n];
          if (kept === undefined) {
            kept = new Map();
            odd[n] = kept;
          }
          kept.set(at, value);
        }
      }
      for (let o = 0; o < otherSlots.length; o++) {
        let value = values[otherSlots[o]!];
        if (typeof value === 'string' && value.length <= SHARED_TEXT_MAX_LENGTH) {
          const distinct = distinctTexts[o];
          const repeated = repeats[o]! >= 0 ? others[repeats[o]!]![at] : undefined;
          if (value === repeated) value = repeated;
          else if (distinct) {
            const kept = distinct.get(value);
            if (kept !== undefined) value = kept;
            else if (distinct.size < DISTINCT_TEXTS_KEPT) distinct.set(value, value);
            else distinctTexts[o] = null;
          }
        }
        others[o]![at] = value;
      }
      rows[at] = new Row(at) as unknown as R;
    }
    this.count = start + batch.length;
  }

  /** Every row added, in order, and the columns they read (number arrays exactly as long as the rows). */
  finish(): { rows: R[]; columns: TableColumns } {
    const { count } = this;
    // Fewer rows came than were expected.
    this.rows.length = count;
    for (const values of this.columns.others) values.length = count;
    const numbers = new Map<string, Float64Array>();
    const odd = new Map<string, ReadonlyMap<number, unknown>>();
    this.numberKeys.forEach((key, n) => {
      const column = this.columns.numbers[n]!;
      const exact = column.length === count ? column : column.slice(0, count);
      // The rows read the same array.
      this.columns.numbers[n] = exact;
      numbers.set(key, exact);
      const kept = this.columns.odd[n];
      if (kept !== undefined) odd.set(key, kept);
    });
    const values = new Map(this.otherKeys.map((key, o) => [key, this.columns.others[o]!] as const));
    return { rows: this.rows, columns: { numbers, odd, values } };
  }

  private makeRoom(count: number): void {
    const { numbers } = this.columns;
    const capacity = numbers[0]?.length ?? count;
    if (count <= capacity) return;
    // A table a little larger than expected (rows added since its size was told) grows a little.
    const grown = Math.max(count, capacity + Math.max(1024, capacity >> 3));
    for (let n = 0; n < numbers.length; n++) {
      const larger = new Float64Array(grown);
      larger.set(numbers[n]!);
      numbers[n] = larger;
    }
  }
}

/** Row objects and the columns they read from a whole compact answer. */
export function rowsFromCompact<R extends GridRow>({
  keys,
  rows,
}: CompactRows): {
  rows: R[];
  columns: TableColumns;
} {
  const decoder = new CompactRowsDecoder<R>(keys, rows.length);
  decoder.add(rows);
  return decoder.finish();
}

/**
 * The whole table's answer is sent as it is made, framed by lines: the head
 * `{"keys":[…],"rows":[`, one line per slice of rows (every one after the first starting with a
 * comma), and the end `]}`. To any JSON reader the line breaks are whitespace; `JSON.stringify`
 * never writes one (it escapes a line break inside a string), so every line break in the answer is
 * one of these, and a reader can decode each slice as it arrives.
 */
export const compactAnswerHead = (keys: readonly string[]): string =>
  `{"keys":${JSON.stringify(keys)},"rows":[`;
export const COMPACT_ANSWER_END = ']}';

/** What `CompactAnswerReader` throws when the answer ends early or is not framed as above. */
export class CompactAnswerError extends Error {
  override readonly name = 'CompactAnswerError';
}

/**
 * Decodes the whole table's answer (framed as `compactAnswerHead` says) from its text in pieces
 * cut anywhere, each complete line as soon as it is here: the rows are ready moments after the
 * last byte instead of after a parse of the whole answer (287 MB at a million products).
 */
export class CompactAnswerReader<R extends GridRow> {
  private pending = '';
  private decoder: CompactRowsDecoder<R> | null = null;
  private ended = false;

  constructor(private readonly capacity?: number) {}

  push(text: string): void {
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      const line = text.slice(start, newline);
      this.line(start === 0 ? this.pending + line : line);
      start = newline + 1;
    }
    this.pending = start === 0 ? this.pending + text : text.slice(start);
  }

  finish(): { rows: R[]; columns: TableColumns } {
    // The last line is the end, or else a line cut short.
    if (!this.ended && this.pending !== COMPACT_ANSWER_END && this.pending.trim() !== '') {
      throw new CompactAnswerError('The table arrived incomplete');
    }
    this.line(this.pending);
    this.pending = '';
    if (!this.decoder || !this.ended) throw new CompactAnswerError('The table arrived incomplete');
    return this.decoder.finish();
  }

  private line(line: string): void {
    if (this.ended || line === '') {
      if (line.trim() !== '') throw new CompactAnswerError('The table goes on after its end');
      return;
    }
    if (this.decoder === null) {
      const keys = line.startsWith('{"keys":')
        ? (JSON.parse(`${line}${COMPACT_ANSWER_END}`) as CompactRows).keys
        : null;
      if (!Array.isArray(keys)) throw new CompactAnswerError('The table does not start with its keys');
      this.decoder = new CompactRowsDecoder<R>(keys, this.capacity);
    } else if (line === COMPACT_ANSWER_END) {
      this.ended = true;
    } else {
      this.decoder.add(JSON.parse(`[${line.charCodeAt(0) === 44 ? line.slice(1) : line}]`) as unknown[][]);
    }
  }
}
