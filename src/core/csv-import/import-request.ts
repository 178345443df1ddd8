import { z } from 'zod';
import { MARKETPLACE_CURRENCIES, marketplaceByCode } from '../restock/marketplace';
import { validateImportRows } from './import-rows';
import {
  type ImportTable,
  type ImportTableValidation,
  tableOfRows,
  validateSentColumns,
} from './import-table';
import { mappingSchema } from './saved-mapping';
import type { TargetKey } from './targets';
import { unknownKeysMessage } from './unknown-keys';

// DESIGN 6 and 12: POST /api/dynamic/import-inventory takes the rows, as `data` (a list of row
// objects) or as `columns` (import-columns.ts, what the page sends), plus `blanks?` and where the
// rows came from, for the history. The rows are checked by validateImportRows or, sent as
// columns, validateImportColumns (hand-written walks, fast over 200,000 rows); the rest of the
// body here.

export const BLANKS = ['keep', 'clear'] as const;
/** What a blank cell does: keep the stored value (the default) or clear it. */
export type Blanks = (typeof BLANKS)[number];

export const FILE_NAME_MAX = 255;
export const REPORT_TYPE_MAX = 100;

export type ImportOptions = {
  blanks: Blanks;
  fileName: string | null;
  reportType: string | null;
};

export type ImportRequest =
  | { ok: true; table: ImportTable; options: ImportOptions }
  | { ok: false; message: string };

const KNOWN_KEYS = new Set(['data', 'columns', 'leftOut', 'blanks', 'fileName', 'reportType']);

// Only printable text: a file name ends up in the history list and its exports.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function optionalText(
  value: unknown,
  field: string,
  max: number,
): { ok: true; value: string | null } | { ok: false; message: string } {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string') return { ok: false, message: `${field} must be text` };
  const text = value.trim();
  if (text.length > max) return { ok: false, message: `${field} must be at most ${max} characters` };
  if (CONTROL_CHARACTERS.test(text))
    return { ok: false, message: `${field} must not contain control characters` };
  return { ok: true, value: text === '' ? null : text };
}

export const MARKETPLACE_MESSAGE =
  "Marketplace must be a marketplace's country code, such as US, GB, DE or JP";
export const CURRENCY_MESSAGE =
  'Currency must be the code of a marketplace currency, such as USD, GBP, EUR or JPY';

/** A marketplace as stored: its country code ('uk' and 'UK' are GB, as Amazon's reports write it). */
const storedMarketplace = (value: string): string | null => marketplaceByCode(value)?.countryCode ?? null;

/** A currency as stored: a marketplace currency's code in capitals. */
function storedCurrency(value: string): string | null {
  const code = value.toUpperCase();
  return MARKETPLACE_CURRENCIES.has(code) ? code : null;
}

const MARKET_FIELDS = [
  { field: 'marketplace', stored: storedMarketplace, message: MARKETPLACE_MESSAGE },
  { field: 'currency', stored: storedCurrency, message: CURRENCY_MESSAGE },
] as const;

/**
 * Marketplace and currency as stored, known codes only; the first row with an unknown one is
 * named, its marketplace before its currency. A column is copied only when a value changes.
 */
export function normalizeMarketFields(table: ImportTable): ImportTableValidation {
  let badRow = table.size;
  let message: string | null = null;
  const values = { ...table.values };
  for (const { field, stored, message: problem } of MARKET_FIELDS) {
    const list = table.values[field];
    if (list === undefined) continue;
    let copy: unknown[] | null = null;
    for (let index = 0; index < badRow; index += 1) {
      const value = list[index];
      if (typeof value !== 'string') continue;
      const code = stored(value);
      if (code === null) {
        badRow = index;
        message = problem;
        break;
      }
      if (code === value) continue;
      copy ??= list.slice();
      copy[index] = code;
    }
    values[field] = copy ?? list;
  }
  if (message !== null) return { ok: false, message: `Row ${badRow + 1}: ${message}` };
  return { ok: true, table: { ...table, values } };
}

/** The rows of the body, sent as `data` or as `columns`, checked, as a table. */
function bodyTable(body: Record<string, unknown>): ImportTableValidation {
  const { data, columns, leftOut } = body;
  if (columns !== undefined) {
    if (data !== undefined) return { ok: false, message: 'send the rows as data or as columns, not both' };
    return validateSentColumns(columns, leftOut);
  }
  if (leftOut !== undefined) return { ok: false, message: 'leftOut goes with columns' };
  if (data === undefined) return { ok: false, message: 'data or columns is required' };
  if (!Array.isArray(data)) return { ok: false, message: 'data must be a list of rows' };
  const validation = validateImportRows(data);
  return validation.ok ? { ok: true, table: tableOfRows(validation.rows) } : validation;
}

/**
 * The import route's body: `{data | columns, leftOut?, blanks?, fileName?, reportType?}`, every
 * field checked; the rows as a checked table.
 */
export function parseImportRequest(body: unknown): ImportRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'body must be an object' };
  }
  const unknownKeys = Object.keys(body).filter((key) => !KNOWN_KEYS.has(key));
  if (unknownKeys.length > 0) return { ok: false, message: unknownKeysMessage('field', unknownKeys) };
  const { blanks = 'keep', fileName, reportType } = body as Record<string, unknown>;
  if (!BLANKS.includes(blanks as Blanks)) return { ok: false, message: 'blanks must be "keep" or "clear"' };
  const file = optionalText(fileName, 'fileName', FILE_NAME_MAX);
  if (!file.ok) return file;
  const report = optionalText(reportType, 'reportType', REPORT_TYPE_MAX);
  if (!report.ok) return report;
  const rows = bodyTable(body as Record<string, unknown>);
  if (!rows.ok) return rows;
  const markets = normalizeMarketFields(rows.table);
  if (!markets.ok) return markets;
  return {
    ok: true,
    table: markets.table,
    options: { blanks: blanks as Blanks, fileName: file.value, reportType: report.value },
  };
}

/** `?dryRun=true`: the same import, answered and rolled back. */
export const importQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], 'dryRun must be true or false').optional(),
});

/** One changed value, for the preview's examples. */
export type ChangeExample = { msku: string; before: unknown; after: unknown };

/** Per field: how many stored values the import changes, how many of those it clears, and the first few. */
export type FieldChange = {
  field: TargetKey;
  changed: number;
  cleared: number;
  examples: ChangeExample[];
};

/** What an import does (or, in a dry run, would do). */
export type ImportCounts = { inserted: number; updated: number; unchanged: number };
export type ImportPreview = ImportCounts & { fields: FieldChange[] };
/** The answer of a real import (DESIGN 12). */
export type ImportResult = ImportCounts & { importId: string };

/** One import as GET /api/imports lists it. */
export type ImportRecord = ImportCounts & {
  id: string;
  createdAt: string;
  user: { name: string; email: string };
  fileName: string | null;
  reportType: string | null;
  blanks: Blanks;
  fields: { field: string; changed: number; cleared: number }[];
  reverted: { at: string; by: string; restored: number; deleted: number; skipped: number } | null;
};

/** POST /api/imports/:id/revert: `{skipChanged: true}` undoes the products nothing touched since. */
export const revertRequestSchema = z.strictObject(
  { skipChanged: z.boolean('skipChanged must be true or false').optional() },
  'body must be an object',
);

export type RevertResult = { restored: number; deleted: number; skipped: number };
/** The 409 of a revert blocked by later changes: the first product in file order, and how many. */
export type RevertConflict = { message: string; conflicts: { first: string; count: number } };

/** History is kept for 90 days, at most the last 50 imports per account. */
export const HISTORY_DAYS = 90;
export const HISTORY_MAX_IMPORTS = 50;

/** PUT /api/dynamic/saved-mapping: the mapping and, remembered with it, what blank cells do. */
export const savedMappingRequestSchema = mappingSchema.extend({
  blanks: z.enum(BLANKS, 'blanks must be "keep" or "clear"').optional(),
});

/** GET /api/dynamic/saved-mapping. */
export type SavedImportSettings = { mapping: Record<string, string | null>; blanks: Blanks };
