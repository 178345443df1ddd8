import { z } from 'zod';
import { MARKETPLACE_CURRENCIES, marketplaceByCode } from '../restock/marketplace';
import { rowsOfColumns } from './import-columns';
import { type ImportRow, validateImportRows } from './import-rows';
import { mappingSchema } from './saved-mapping';
import type { TargetKey } from './targets';
import { unknownKeysMessage } from './unknown-keys';

// DESIGN 6 and 12: POST /api/dynamic/import-inventory takes the rows, as `data` (a list of row
// objects) or as `columns` (import-columns.ts, what the page sends), plus `blanks?` and where the
// rows came from, for the history. The rows are checked by validateImportRows (a hand-written
// walk, fast over 200,000 rows); the rest of the body here.

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
  | { ok: true; rows: ImportRow[]; options: ImportOptions }
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

/**
 * Marketplace and currency as stored: known codes in capitals ('uk' and 'UK' are GB, as Amazon's
 * reports write it). A row is copied only when it changes.
 */
export function normalizeMarketFields(
  rows: ImportRow[],
): { ok: true; rows: ImportRow[] } | { ok: false; message: string } {
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    const { marketplace, currency } = row;
    if (marketplace == null && currency == null) continue;
    let next = row;
    if (marketplace != null) {
      const market = marketplaceByCode(marketplace);
      if (!market) return { ok: false, message: `Row ${index + 1}: ${MARKETPLACE_MESSAGE}` };
      if (market.countryCode !== marketplace) next = { ...next, marketplace: market.countryCode };
    }
    if (currency != null) {
      const code = currency.toUpperCase();
      if (!MARKETPLACE_CURRENCIES.has(code))
        return { ok: false, message: `Row ${index + 1}: ${CURRENCY_MESSAGE}` };
      if (code !== currency) next = { ...next, currency: code };
    }
    rows[index] = next;
  }
  return { ok: true, rows };
}

/** The rows of the body, sent as `data` or as `columns`, not yet checked. */
function bodyRows(
  body: Record<string, unknown>,
): { ok: true; rows: unknown[] } | { ok: false; message: string } {
  const { data, columns, leftOut } = body;
  if (columns !== undefined) {
    if (data !== undefined) return { ok: false, message: 'send the rows as data or as columns, not both' };
    return rowsOfColumns(columns, leftOut);
  }
  if (leftOut !== undefined) return { ok: false, message: 'leftOut goes with columns' };
  if (data === undefined) return { ok: false, message: 'data or columns is required' };
  if (!Array.isArray(data)) return { ok: false, message: 'data must be a list of rows' };
  return { ok: true, rows: data };
}

/**
 * The import route's body: `{data | columns, leftOut?, blanks?, fileName?, reportType?}`, every
 * problem named.
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
  const rows = bodyRows(body as Record<string, unknown>);
  if (!rows.ok) return rows;
  const validation = validateImportRows(rows.rows);
  if (!validation.ok) return validation;
  const markets = normalizeMarketFields(validation.rows);
  if (!markets.ok) return markets;
  return {
    ok: true,
    rows: markets.rows,
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
