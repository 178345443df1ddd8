import { missingValueMessage, presentValueCheck } from '../product-fields/field-values';
import { type FieldValue, fieldSpec } from '../product-fields/fields';
import { normalizeMsku } from '../restock/msku';
import { NO_DATA_MESSAGE } from './mapping';
import { TARGET_KEYS, type TargetKey } from './targets';
import { unknownKeysMessage } from './unknown-keys';

// The body of POST /api/dynamic/import-inventory (DESIGN 6), checked by the server, which
// enforces it, and by the web, which checks before sending. Each value keeps its product field's
// rules (src/core/product-fields), the same the grid's edits keep.

export const MAX_IMPORT_ROWS = 200_000;

/** A row as stored: msku, and any other target, null where the cell was blank. */
export type ImportRow = { msku: string } & {
  [K in Exclude<TargetKey, 'msku'>]?: NonNullable<FieldValue<K>> | null;
};

export type ImportValidation = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

export const TOO_MANY_ROWS_MESSAGE = `Too many rows: at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} per import`;
const NOT_AN_OBJECT_MESSAGE = 'row must be an object';

export const duplicateMskuMessage = (row: number, msku: string, firstRow: number) =>
  `Row ${row}: MSKU "${msku}" is already on row ${firstRow}`;

/** The problem with one value, or null; a blank cell is fine except in a required field. */
type ValueCheck = (value: unknown) => string | null;

function importCheck(key: TargetKey): ValueCheck {
  const check = presentValueCheck(key);
  const missing = fieldSpec(key).required ? missingValueMessage(key) : null;
  const isMsku = key === 'msku';
  return (value) => {
    if (value === null || value === undefined) return missing;
    const problem = check(value);
    if (problem || !isMsku) return problem;
    // The one MSKU rule (core/restock/msku.ts), after the length check. The field's checks hold
    // again for the MSKU as stored: NFC can make text longer (U+09DC becomes two characters).
    const msku = normalizeMsku(value as string, fieldSpec(key).label);
    return msku.ok ? check(msku.msku) : msku.message;
  };
}

/** Every target's check, in target order: on one row, the first field's problem is the one named. */
export const FIELD_CHECKS = TARGET_KEYS.map((field) => ({ field, check: importCheck(field) }));
const KNOWN_FIELDS: ReadonlySet<string> = new Set(TARGET_KEYS);

/** The problem with one row, or null. */
function rowProblem(row: unknown): string | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return NOT_AN_OBJECT_MESSAGE;
  const fields = row as Record<string, unknown>;
  for (const { field, check } of FIELD_CHECKS) {
    const problem = check(fields[field]);
    if (problem) return problem;
  }
  for (const key in fields) {
    if (!KNOWN_FIELDS.has(key)) {
      return unknownKeysMessage(
        'field',
        Object.keys(fields).filter((name) => !KNOWN_FIELDS.has(name)),
      );
    }
  }
  return null;
}

export const TEXT_FIELDS: readonly TargetKey[] = TARGET_KEYS.filter((field) => {
  const { type } = fieldSpec(field);
  return type === 'text' || type === 'url';
});

/** Text as stored: trimmed, blank as null. */
export function storedText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The msku as stored, once checked: trimmed and NFC (core/restock/msku.ts). */
export const storedMsku = (value: string): string => (storedText(value) as string).normalize('NFC');

/**
 * A valid row as stored: text trimmed, blank text as null. Copying every row would double the
 * time of a large import, so a row that is already clean (what mappedRows sends) is kept as given.
 */
function storedRow(row: Record<string, unknown>): ImportRow {
  let copy: Record<string, unknown> | null = null;
  for (const field of TEXT_FIELDS) {
    const value = row[field];
    if (typeof value !== 'string') continue;
    const stored = field === 'msku' ? storedMsku(value) : storedText(value);
    if (stored === value) continue;
    copy ??= { ...row };
    copy[field] = stored;
  }
  return (copy ?? row) as ImportRow;
}

/**
 * Checks rows one at a time and stops at the first bad one, answering 'Row {n}: {problem}' with n
 * counted from 1. It walks the rows by hand because a schema library takes seconds over 200,000
 * full rows. A repeated msku is refused: the import upserts by msku, and silently keeping one of
 * two differing rows would lose data.
 */
export function validateImportRows(rows: readonly unknown[]): ImportValidation {
  if (rows.length === 0) return { ok: false, message: NO_DATA_MESSAGE };
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, message: TOO_MANY_ROWS_MESSAGE };
  const valid: ImportRow[] = new Array(rows.length);
  const firstRowByMsku = new Map<string, number>();
  for (let index = 0; index < rows.length; index += 1) {
    const problem = rowProblem(rows[index]);
    if (problem) return { ok: false, message: `Row ${index + 1}: ${problem}` };
    const row = storedRow(rows[index] as Record<string, unknown>);
    const firstRow = firstRowByMsku.get(row.msku);
    if (firstRow !== undefined)
      return { ok: false, message: duplicateMskuMessage(index + 1, row.msku, firstRow) };
    firstRowByMsku.set(row.msku, index + 1);
    valid[index] = row;
  }
  return { ok: true, rows: valid };
}
