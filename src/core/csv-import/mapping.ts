import { checkCompatibility } from './compatibility';
import type { ImportColumns, LeftOut } from './import-columns';
import { IMPORT_TARGETS, type TargetKey, targetByKey } from './targets';
import { isBlank, type ParsedValue, type ParseOptions, parseText, parseValue } from './values';

// SPEC 4 ('CSV import'): the column mapping and its drag-and-drop transitions, as pure functions
// that answer a new mapping and never change the one they are given.

/** SPEC 3: map of target field to CSV column name, or null. */
export type Mapping = Record<TargetKey, string | null>;
/**
 * What the web sends per row: each mapped target's parsed cell (validated by import-rows); a
 * field absent or undefined is left out (its cell did not parse).
 */
export type ImportRowInput = { msku: string } & { [K in Exclude<TargetKey, 'msku'>]?: ParsedValue };
/** One parsed CSV line, keyed by header. */
export type CsvRow = Readonly<Record<string, string | undefined>>;

export const EMPTY_CSV_MESSAGE = 'CSV file is empty or invalid';
export const NO_DATA_MESSAGE = 'No data to save';

/** SPEC 8: toast for a drop on something that is not an import target. */
export function noConfigMessage(target: string): string {
  return `No config found for "${target}"`;
}

export function emptyMapping(): Mapping {
  return Object.fromEntries(IMPORT_TARGETS.map((target) => [target.key, null])) as Mapping;
}

export const clearMappings = emptyMapping;

/** The target a column is mapped to, or null when it sits in the left list. */
export function targetOfColumn(mapping: Mapping, csvColumn: string): TargetKey | null {
  return IMPORT_TARGETS.find((target) => mapping[target.key] === csvColumn)?.key ?? null;
}

/**
 * SPEC 4: maps the column to the target. When the column came from another target, that target
 * takes over whatever the new target held (a swap), or is cleared if it held nothing. When the
 * column came from the left list, a column the target held is simply unmapped and so reappears on
 * the left.
 */
export function mapColumn(mapping: Mapping, csvColumn: string, targetKey: TargetKey): Mapping {
  const previousTarget = targetOfColumn(mapping, csvColumn);
  if (previousTarget === targetKey) return mapping;
  const displaced = mapping[targetKey];
  const next = { ...mapping, [targetKey]: csvColumn };
  if (previousTarget) next[previousTarget] = displaced;
  return next;
}

/** SPEC 4: dropping a mapped column on the left list unmaps it. */
export function unmapColumn(mapping: Mapping, csvColumn: string): Mapping {
  const target = targetOfColumn(mapping, csvColumn);
  return target ? { ...mapping, [target]: null } : mapping;
}

export type DropResult = { ok: true; mapping: Mapping } | { ok: false; message: string };

/**
 * A drop on a target, checked the way SPEC 4, 5 and 8 ask: an unknown target answers 'No config
 * found', an incompatible column answers the 80 percent message, and the mapping is unchanged.
 */
export function dropOnTarget(
  mapping: Mapping,
  rows: readonly CsvRow[],
  csvColumn: string,
  targetId: string,
  options: ParseOptions = {},
): DropResult {
  const target = targetByKey(targetId);
  if (!target) return { ok: false, message: noConfigMessage(targetId) };
  const compatibility = checkCompatibility(rows, csvColumn, target, options);
  if (!compatibility.ok) return compatibility;
  return { ok: true, mapping: mapColumn(mapping, csvColumn, target.key) };
}

/**
 * A mapping that came from a report or a saved mapping, with every column that fails the 80
 * percent rule for its target unmapped (SPEC 5 applies to every mapping, not only to drops).
 */
export function keepCompatible(
  mapping: Mapping,
  rows: readonly CsvRow[],
  options: ParseOptions = {},
): { mapping: Mapping; refused: string[] } {
  const next = { ...mapping };
  const refused: string[] = [];
  for (const target of IMPORT_TARGETS) {
    const column = mapping[target.key];
    if (column == null) continue;
    const result = checkCompatibility(rows, column, target, options);
    if (result.ok) continue;
    next[target.key] = null;
    refused.push(result.message);
  }
  return { mapping: next, refused };
}

/** The left list: the file's columns in file order, without the mapped ones. */
export function unmappedColumns(headers: readonly string[], mapping: Mapping): string[] {
  const mapped = new Set(Object.values(mapping));
  return headers.filter((header) => !mapped.has(header));
}

/**
 * SPEC 4: the saved mapping applied to a newly loaded file. Unknown targets and columns this file
 * lacks are dropped; a column saved against two targets keeps the first in target order, since
 * one column feeds one target.
 */
export function applySavedMapping(
  saved: Readonly<Record<string, unknown>> | null | undefined,
  headers: readonly string[],
): Mapping {
  const mapping = emptyMapping();
  if (!saved) return mapping;
  const present = new Set(headers);
  const used = new Set<string>();
  for (const target of IMPORT_TARGETS) {
    const column = Object.hasOwn(saved, target.key) ? saved[target.key] : undefined;
    if (typeof column !== 'string' || !present.has(column) || used.has(column)) continue;
    mapping[target.key] = column;
    used.add(column);
  }
  return mapping;
}

type MappedField = { key: TargetKey; column: string; parse: (raw: unknown) => ParsedValue };

function mappedFields(mapping: Mapping, options: ParseOptions): MappedField[] {
  const fields: MappedField[] = [];
  for (const target of IMPORT_TARGETS) {
    const column = mapping[target.key];
    if (column != null)
      fields.push({ key: target.key, column, parse: (raw) => parseValue(target.type, raw, options) });
  }
  return fields;
}

/** The rows an import sends, and for each the index of the CSV row it came from. */
export type ImportRows = { rows: ImportRowInput[]; sourceIndexes: number[] };

/**
 * The rows to send: one object per CSV row holding the mapped targets' values, in file order. A
 * blank cell sends null, which the server reads as "keep the stored value" unless the import
 * clears blanks; a cell that does not parse is left out of its row, which always keeps the stored
 * value, so a typo never clears anything. A row without an msku cannot be stored (msku is the
 * key), so it is left out; with msku unmapped there are no rows at all.
 *
 * A row that leaves a field out holds it as undefined: each row starts as a copy of one with
 * every mapped field, then takes its values. Adding the fields one by one to each new row (a new
 * property each time, by a name known only at run time) cost twice as much at 100,000 rows.
 */
export function importRows(
  rows: readonly CsvRow[],
  mapping: Mapping,
  options: ParseOptions = {},
): ImportRows {
  const mskuColumn = mapping.msku;
  if (mskuColumn == null) return { rows: [], sourceIndexes: [] };
  const fields = mappedFields(mapping, options);
  const everyField: Record<string, ParsedValue | undefined> = {};
  for (const field of fields) everyField[field.key] = undefined;
  const result: ImportRowInput[] = [];
  const sourceIndexes: number[] = [];
  rows.forEach((row, index) => {
    if (parseText(row[mskuColumn]) === null) return;
    const mapped = { ...everyField };
    for (const field of fields) {
      const raw = row[field.column];
      if (isBlank(raw)) {
        mapped[field.key] = null;
        continue;
      }
      const value = field.parse(raw);
      if (value !== null) mapped[field.key] = value;
    }
    result.push(mapped as ImportRowInput);
    sourceIndexes.push(index);
  });
  return { rows: result, sourceIndexes };
}

/** The rows an import sends, as columns, and for each row the index of the CSV row it came from. */
export type MappedColumns = { columns: ImportColumns; sourceIndexes: number[] };

/**
 * importRows' rows as columns (import-columns.ts), read from the sheet without building a row
 * object: a cell that does not parse is null in its column and its row is listed in `leftOut`.
 * Building the rows, checking them row by row and then turning them into columns took about
 * 0.7 s at 100,000 rows of every target; this and the column check about 0.35 s.
 */
export function mappedColumns(
  rows: readonly CsvRow[],
  mapping: Mapping,
  options: ParseOptions = {},
): MappedColumns {
  const mskuColumn = mapping.msku;
  const sourceIndexes: number[] = [];
  if (mskuColumn == null) return { columns: { columns: {} }, sourceIndexes };
  for (let index = 0; index < rows.length; index += 1)
    if (parseText(rows[index]![mskuColumn]) !== null) sourceIndexes.push(index);
  const size = sourceIndexes.length;
  if (size === 0) return { columns: { columns: {} }, sourceIndexes };
  const fields = mappedFields(mapping, options);
  const lists = fields.map(() => new Array<ParsedValue>(size));
  const missing = fields.map((): number[] => []);
  // Row by row: a row's cells sit together in memory, where reading one column of every row
  // object first missed the cache once a cell.
  for (let index = 0; index < size; index += 1) {
    const row = rows[sourceIndexes[index]!]!;
    for (let column = 0; column < fields.length; column += 1) {
      const field = fields[column]!;
      const raw = row[field.column];
      // Every parser reads a blank cell as null, so only a null from a cell that is not blank
      // means the cell did not parse.
      const value = field.parse(raw);
      lists[column]![index] = value;
      if (value === null && !isBlank(raw)) missing[column]!.push(index);
    }
  }
  const columns: ImportColumns['columns'] = {};
  const leftOut: LeftOut = {};
  fields.forEach((field, column) => {
    columns[field.key] = lists[column];
    if (missing[column]!.length > 0) leftOut[field.key] = missing[column];
  });
  return { columns: Object.keys(leftOut).length > 0 ? { columns, leftOut } : { columns }, sourceIndexes };
}

export function mappedRows(
  rows: readonly CsvRow[],
  mapping: Mapping,
  options: ParseOptions = {},
): ImportRowInput[] {
  return importRows(rows, mapping, options).rows;
}

/** SPEC 4: Save is disabled when there are no mapped rows. */
export function hasMappedRows(rows: readonly CsvRow[], mapping: Mapping): boolean {
  const mskuColumn = mapping.msku;
  return mskuColumn != null && rows.some((row) => parseText(row[mskuColumn]) !== null);
}

/** SPEC 8: a file with no named column or no data row answers 'CSV file is empty or invalid'. */
export function isUsableCsv(headers: readonly string[], rows: readonly CsvRow[]): boolean {
  return headers.some((header) => header.trim() !== '') && rows.length > 0;
}
