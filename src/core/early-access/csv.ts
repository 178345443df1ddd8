import type { EarlyAccessSignup } from './schema';

/** UTF-8 byte order mark: spreadsheet programs then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

// DESIGN 7: a cell starting with one of these would run as a formula in a spreadsheet.
const FORMULA_LEAD = /^[=+\-@\t\r]/;

/** One CSV cell: formula-leading text gets a single-quote prefix, then RFC 4180 quoting. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_LEAD.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 rows: CRLF line breaks, including after the last row. */
export const csvRows = (rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string =>
  rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');

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
  return CSV_BOM + csvRows([SIGNUP_CSV_HEADER, ...rows]);
}
