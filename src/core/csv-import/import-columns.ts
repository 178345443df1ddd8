import type { ImportRow } from './import-rows';
import { MAX_IMPORT_ROWS, TOO_MANY_ROWS_MESSAGE } from './import-rows';
import { TARGET_KEYS, type TargetKey } from './targets';
import { unknownKeysMessage } from './unknown-keys';

// The import's rows sent as columns (DESIGN 6, decision 005): one list of values per field instead
// of one object per row, so the field names are not repeated 100,000 times. 100,000 rows of every
// target are 17 MB of JSON this way against 59 MB as rows, which the page stringifies and the
// server reads, checks and parses in a third of the time. A row that leaves a field out (its cell
// did not parse, so the stored value stays) has null in that column and its index in `leftOut`:
// JSON has no "absent" value, and null already means a blank cell.

/** Row indexes, counted from 0, per field whose row leaves that field out. */
export type LeftOut = Partial<Record<TargetKey, number[]>>;
export type ImportColumns = {
  columns: Partial<Record<TargetKey, unknown[]>>;
  leftOut?: LeftOut;
};

type Parsed = { ok: true; rows: Record<string, unknown>[] } | { ok: false; message: string };

const KNOWN_FIELDS: ReadonlySet<string> = new Set(TARGET_KEYS);
const COLUMNS_MESSAGE = 'columns must be an object with a list of values per field';
const LEFT_OUT_MESSAGE = 'leftOut must be an object with a list of row indexes per field';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rows as columns: every field some row carries, in target order. */
export function columnsOfRows(rows: readonly ImportRow[]): ImportColumns {
  const present = new Set<string>();
  for (const row of rows) for (const key in row) present.add(key);
  const fields = TARGET_KEYS.filter((field) => present.has(field));
  const lists = fields.map(() => new Array<unknown>(rows.length));
  const missing = fields.map((): number[] => []);
  // Row by row, one lookup a cell (a column-by-column walk with `in` took twice as long). An
  // undefined value is left out, as JSON.stringify leaves out such a key of a row object.
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index] as Record<string, unknown>;
    for (let column = 0; column < fields.length; column += 1) {
      const value = row[fields[column]!];
      if (value !== undefined) lists[column]![index] = value;
      else {
        lists[column]![index] = null;
        missing[column]!.push(index);
      }
    }
  }
  const columns: ImportColumns['columns'] = {};
  const leftOut: LeftOut = {};
  fields.forEach((field, column) => {
    columns[field] = lists[column];
    if (missing[column]!.length > 0) leftOut[field] = missing[column];
  });
  return Object.keys(leftOut).length > 0 ? { columns, leftOut } : { columns };
}

/** The problem with `leftOut`, or null; an index must name a null value, in ascending order. */
function leftOutProblem(leftOut: unknown, columns: Record<string, unknown[]>, size: number): string | null {
  if (leftOut === undefined) return null;
  if (!isPlainObject(leftOut)) return LEFT_OUT_MESSAGE;
  for (const field of Object.keys(leftOut)) {
    const values = columns[field];
    if (!Object.hasOwn(columns, field) || values === undefined)
      return `leftOut.${field.slice(0, 50)} names no column`;
    const indexes = leftOut[field];
    if (!Array.isArray(indexes)) return LEFT_OUT_MESSAGE;
    let previous = -1;
    for (const index of indexes) {
      if (!Number.isInteger(index) || index <= previous || index >= size)
        return `leftOut.${field} must list row indexes from 0 to ${size - 1} in ascending order`;
      if (values[index] !== null)
        return `Row ${index + 1}: a field left out must be null in columns.${field}`;
      previous = index;
    }
  }
  return null;
}

/** A columnar body of the right shape: its fields in target order, each list `size` long. */
export type ShapedColumns = {
  size: number;
  fields: TargetKey[];
  lists: Partial<Record<TargetKey, unknown[]>>;
  /** Row indexes per field whose row leaves it out, each naming a null value, ascending. */
  leftOut: LeftOut;
};

/**
 * Checks a columnar body's shape: known fields, lists of one length within the row limit, and
 * `leftOut` naming null values. A problem with the shape is named by its column; the values are
 * checked afterwards, by row (validateImportColumns).
 */
export function readColumns(
  columns: unknown,
  leftOut: unknown,
): { ok: true; body: ShapedColumns } | { ok: false; message: string } {
  if (!isPlainObject(columns)) return { ok: false, message: COLUMNS_MESSAGE };
  const fields = Object.keys(columns);
  const unknown = fields.filter((field) => !KNOWN_FIELDS.has(field));
  if (unknown.length > 0) return { ok: false, message: unknownKeysMessage('field', unknown) };
  const lists = columns as Record<string, unknown[]>;
  for (const field of fields) {
    if (!Array.isArray(lists[field]))
      return { ok: false, message: `columns.${field} must be a list of values` };
  }
  // Every list as long as the first: that length is the number of rows.
  const size = fields.length === 0 ? 0 : lists[fields[0]!]!.length;
  if (size > MAX_IMPORT_ROWS) return { ok: false, message: TOO_MANY_ROWS_MESSAGE };
  for (const field of fields) {
    const { length } = lists[field]!;
    if (length !== size)
      return {
        ok: false,
        message: `columns.${field} has ${length} values where columns.${fields[0]} has ${size}`,
      };
  }
  const problem = leftOutProblem(leftOut, lists, size);
  if (problem) return { ok: false, message: problem };
  // In target order, so every row has the same shape (and the same keys as the page's rows).
  const ordered = TARGET_KEYS.filter((field) => Object.hasOwn(lists, field));
  const indexes = (isPlainObject(leftOut) ? leftOut : {}) as LeftOut;
  const shapedLeftOut: LeftOut = {};
  for (const field of ordered) if ((indexes[field]?.length ?? 0) > 0) shapedLeftOut[field] = indexes[field];
  return {
    ok: true,
    body: { size, fields: ordered, lists: lists as ShapedColumns['lists'], leftOut: shapedLeftOut },
  };
}

/**
 * The rows a columnar body stands for, the inverse of columnsOfRows: a field left out is absent
 * from its row. The server checks the columns as they are (validateImportColumns); these rows are
 * what that check is held to, and how a test reads back what the page sent. Rows with every field start as a copy of one that has them all (adding the
 * fields one by one to each new row cost about twice as much at 100,000 rows).
 */
export function rowsOfColumns(columns: unknown, leftOut: unknown): Parsed {
  const read = readColumns(columns, leftOut);
  if (!read.ok) return read;
  const { size, fields, lists } = read.body;
  const values = fields.map((field) => lists[field]!);
  const skipped = fields.map((field) => {
    const indexes = read.body.leftOut[field];
    return indexes ? new Set<number>(indexes) : null;
  });
  const leavesOut = new Uint8Array(size);
  for (const indexes of skipped) for (const index of indexes ?? []) leavesOut[index] = 1;
  const everyField: Record<string, unknown> = {};
  for (const field of fields) everyField[field] = null;
  const rows = new Array<Record<string, unknown>>(size);
  for (let index = 0; index < size; index += 1) {
    const row: Record<string, unknown> = leavesOut[index] === 1 ? {} : { ...everyField };
    for (let column = 0; column < fields.length; column += 1) {
      if (leavesOut[index] === 1 && skipped[column]?.has(index)) continue;
      row[fields[column]!] = values[column]![index];
    }
    rows[index] = row;
  }
  return { ok: true, rows };
}
