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
// ...except a plain number such as '-5.00' (money written with its cents): it is no formula, and
// escaping it turned it into the text "'-5.00". Linear: the dot is a literal between digit runs.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: text is kept exactly as it is (an MSKU '00123' stays '00123'), except that
 * formula-leading text gets a single-quote prefix; then RFC 4180 quoting. Numbers are written
 * as numbers (a negative ROI is not a formula), and a number that is not finite is left blank.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_LEAD.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 rows: CRLF line breaks, including after the last row. */
export const csvRows = (rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

/**
 * The same file in pieces of `rowsPerChunk` rows, for streaming a large export: the whole text of
 * 200,000 rows is never held at once, and the event loop gets a turn between pieces.
 */
export function* csvChunks(rows: Iterable<ReadonlyArray<CsvValue>>, rowsPerChunk = 1000): Generator<string> {
  yield CSV_BOM;
  let chunk = '';
  let count = 0;
  for (const row of rows) {
    chunk += `${row.map(csvCell).join(',')}\r\n`;
    if (++count === rowsPerChunk) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (chunk) yield chunk;
}

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
