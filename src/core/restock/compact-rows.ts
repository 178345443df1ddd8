import { RESTOCK_COLUMNS } from './columns';
import type { GridRow } from './grid-column';
import { isSortedAsNumber } from './grid-sort';
import { type TableNumbers, tableNumber } from './table-index';

/** The table as the grid loads it: the keys once, then each row's values in their order. */
export type CompactRows = { keys: string[]; rows: unknown[][] };

// The fields a sort reads as numbers: their typed arrays spare the table index reading them back
// out of every row object.
const NUMBER_FIELDS: ReadonlySet<string> = new Set(
  RESTOCK_COLUMNS.filter(isSortedAsNumber).map((column) => column.key),
);

/**
 * Row objects rebuilt from compact rows, batch by batch, with the number fields' typed arrays for
 * the table index filled while each value is at hand. Each row starts as a copy of one object that
 * has every key already, and only has its values set: an empty object given 40 keys one by one by
 * computed name turns into a hash table in V8, which at 100,000 rows took 4.6 times the memory
 * (171 MB against 37 MB) and 3 times as long to build, and made every later read slower.
 */
export class CompactRowsDecoder<R extends GridRow> {
  private readonly template: Record<string, unknown>;
  private readonly numberSlots: number[] = [];
  private readonly numberKeys: string[] = [];
  private numberColumns: Float64Array[] = [];
  private readonly rows: R[] = [];

  constructor(
    private readonly keys: readonly string[],
    capacity = 1024,
  ) {
    this.template = Object.fromEntries(keys.map((key) => [key, null]));
    // A key given twice ends up with its last value in the row, so its last slot is read.
    const lastSlots = new Map(keys.map((key, slot) => [key, slot]));
    for (const [key, slot] of lastSlots) {
      if (!NUMBER_FIELDS.has(key)) continue;
      this.numberKeys.push(key);
      this.numberSlots.push(slot);
      this.numberColumns.push(new Float64Array(Math.max(1, capacity)));
    }
  }

  add(batch: readonly unknown[][]): void {
    const { keys, rows, numberSlots } = this;
    const start = rows.length;
    this.makeRoom(start + batch.length);
    const numberColumns = this.numberColumns;
    for (let index = 0; index < batch.length; index++) {
      const values = batch[index]!;
      const row = { ...this.template };
      for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i];
      for (let n = 0; n < numberSlots.length; n++)
        numberColumns[n]![start + index] = tableNumber(values[numberSlots[n]!]);
      rows.push(row as R);
    }
  }

  /** Every row added, in order, and the number fields' arrays (exactly as long as the rows). */
  finish(): { rows: R[]; numbers: TableNumbers } {
    const count = this.rows.length;
    const numbers = new Map<string, Float64Array>();
    this.numberKeys.forEach((key, n) => {
      const column = this.numberColumns[n]!;
      numbers.set(key, column.length === count ? column : column.slice(0, count));
    });
    return { rows: this.rows, numbers };
  }

  private makeRoom(count: number): void {
    const capacity = this.numberColumns[0]?.length ?? count;
    if (count <= capacity) return;
    // A table a little larger than expected (rows added since its size was told) grows a little.
    const grown = Math.max(count, capacity + Math.max(1024, capacity >> 3));
    this.numberColumns = this.numberColumns.map((column) => {
      const larger = new Float64Array(grown);
      larger.set(column);
      return larger;
    });
  }
}

/** Row objects and the number fields' typed arrays from a whole compact answer. */
export function rowsFromCompact<R extends GridRow>({
  keys,
  rows,
}: CompactRows): {
  rows: R[];
  numbers: TableNumbers;
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

  finish(): { rows: R[]; numbers: TableNumbers } {
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
