import type { EarlyAccessSignup } from './early-access/schema';

/**
 * The one CSV writer of the product (early-access signups, purchase orders, the buy list and the
 * restock table): RFC 4180 with CRLF line breaks, UTF-8 with a byte order mark, and DESIGN 7's
 * formula escaping.
 */

/** UTF-8 byte order mark: spreadsheet programs then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | boolean | null | undefined;

// DESIGN 7: a cell starting with one of these would run as a formula in a spreadsheet.
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/**
 * One CSV cell: text is kept exactly as it is (an MSKU '00123' stays '00123'), except that
 * formula-leading text gets a single-quote prefix; then RFC 4180 quoting. Numbers are written
 * as numbers (a negative ROI is not a formula), and a number that is not finite is left blank.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_LEAD.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 rows: CRLF line breaks, including after the last row. */
export const csvRows = (rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

/** A whole file: BOM, then the rows (the first one is usually the header). */
export const csvDocument = (rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string => CSV_BOM + csvRows(rows);

export const SIGNUP_CSV_HEADER = [
  'Signed Up At',
  'Full Name',
  'Email',
  'Monthly Revenue',
  'Active ASIN Count',
  'Landing Variant',
] as const;

/** The early-access export: BOM, header row, then one row per signup in the given order. */
export function signupsToCsv(signups: readonly EarlyAccessSignup[]): string {
  const rows = signups.map((signup) => [
    signup.createdAt,
    signup.fullName,
    signup.email,
    signup.monthlyRevenue,
    signup.asinCount,
    signup.landingVariant,
  ]);
  return csvDocument([SIGNUP_CSV_HEADER, ...rows]);
}
