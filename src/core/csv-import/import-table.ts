import { columnsOfRows, readColumns, type ShapedColumns } from './import-columns';
import {
  duplicateMskuMessage,
  FIELD_CHECKS,
  type ImportRow,
  MAX_IMPORT_ROWS,
  storedMsku,
  storedText,
  TEXT_FIELDS,
  TOO_MANY_ROWS_MESSAGE,
} from './import-rows';
import { NO_DATA_MESSAGE } from './mapping';
import type { TargetKey } from './targets';

// The server's form of a checked import (decision 005): one list of values per field, as the page
// sends them. Checking and writing 100,000 rows column by column builds no row object at all.

/** Checked import rows as columns. */
export type ImportTable = {
  size: number;
  /** The fields some row carries, in target order (msku first). */
  fields: readonly TargetKey[];
  /** Per field, its values as stored, one per row: null for a blank cell or a field left out. */
  values: Partial<Record<TargetKey, readonly unknown[]>>;
  /** Per field, 1 for each row that leaves it out (its stored value stays); absent if none does. */
  leftOut: Partial<Record<TargetKey, Uint8Array>>;
};

export type ImportTableValidation = { ok: true; table: ImportTable } | { ok: false; message: string };

const TEXT_FIELD_SET: ReadonlySet<TargetKey> = new Set(TEXT_FIELDS);

function leftOutMarks(size: number, leftOut: ShapedColumns['leftOut']): ImportTable['leftOut'] {
  const marks: ImportTable['leftOut'] = {};
  for (const field of Object.keys(leftOut) as TargetKey[]) {
    const rows = new Uint8Array(size);
    for (const index of leftOut[field] ?? []) rows[index] = 1;
    marks[field] = rows;
  }
  return marks;
}

/** A text column as stored (trimmed, blank as null), copied only if a value changes. */
function storedTexts(values: readonly unknown[]): readonly unknown[] {
  let copy: unknown[] | null = null;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (typeof value !== 'string') continue;
    const stored = storedText(value);
    if (stored === value) continue;
    copy ??= values.slice();
    copy[index] = stored;
  }
  return copy ?? values;
}

/**
 * validateImportRows for rows sent as columns, answering the same (the first bad row, its first
 * bad field in target order, or the first repeated msku above it) without building a row. Each
 * column is checked only above the first bad row found so far, so a field earlier in target order
 * keeps its precedence on the same row.
 */
export function validateImportColumns(body: ShapedColumns): ImportTableValidation {
  const { size, fields, lists } = body;
  if (size === 0) return { ok: false, message: NO_DATA_MESSAGE };
  if (size > MAX_IMPORT_ROWS) return { ok: false, message: TOO_MANY_ROWS_MESSAGE };
  let badRow = size;
  let problem: string | null = null;
  for (const { field, check } of FIELD_CHECKS) {
    const list = lists[field];
    if (list === undefined) {
      // A field no row carries: only a required one is a problem, from the first row, unless
      // an earlier field's problem already stands there.
      const missing = check(undefined);
      if (missing !== null && badRow > 0) {
        badRow = 0;
        problem = missing;
      }
      continue;
    }
    for (let index = 0; index < badRow; index += 1) {
      const found = check(list[index]);
      if (found !== null) {
        badRow = index;
        problem = found;
        break;
      }
    }
  }
  // A repeated msku above the first bad row is named first, as a walk row by row meets it first.
  const mskus = new Array<string>(badRow);
  const firstRowByMsku = new Map<string, number>();
  const given = lists.msku ?? [];
  for (let index = 0; index < badRow; index += 1) {
    const msku = storedMsku(given[index] as string);
    const firstRow = firstRowByMsku.get(msku);
    if (firstRow !== undefined)
      return { ok: false, message: duplicateMskuMessage(index + 1, msku, firstRow) };
    firstRowByMsku.set(msku, index + 1);
    mskus[index] = msku;
  }
  if (problem !== null) return { ok: false, message: `Row ${badRow + 1}: ${problem}` };
  // A field every row leaves out is not written, as no row sent as an object would carry it.
  const carried = fields.filter((field) => (body.leftOut[field]?.length ?? 0) < size);
  const values: ImportTable['values'] = {};
  for (const field of carried) {
    const list = lists[field]!;
    values[field] = field === 'msku' ? mskus : TEXT_FIELD_SET.has(field) ? storedTexts(list) : list;
  }
  const leftOut: ShapedColumns['leftOut'] = {};
  for (const field of carried) if (body.leftOut[field]) leftOut[field] = body.leftOut[field];
  return { ok: true, table: { size, fields: carried, values, leftOut: leftOutMarks(size, leftOut) } };
}

/** A columnar body's `columns` and `leftOut` checked: their shape, then their values. */
export function validateSentColumns(columns: unknown, leftOut: unknown): ImportTableValidation {
  const read = readColumns(columns, leftOut);
  return read.ok ? validateImportColumns(read.body) : read;
}

/** Rows checked by validateImportRows, as a table (rows sent as objects). */
export function tableOfRows(rows: readonly ImportRow[]): ImportTable {
  const { columns, leftOut = {} } = columnsOfRows(rows);
  const fields = Object.keys(columns) as TargetKey[];
  return { size: rows.length, fields, values: columns, leftOut: leftOutMarks(rows.length, leftOut) };
}
