import { dayNumber } from '../forecast/days';

// The request bodies of POST /api/dynamic/import-sales and /import-stock, checked by the server
// and by the web before sending. A hand-written walk rather than zod: a file of a million order
// lines becomes hundreds of thousands of rows, and each problem must name its row and field.

export type HistoryKind = 'sales' | 'stock';

/** Rows per request; a larger file is sent in parts of one upload. */
export const MAX_HISTORY_ROWS = 100_000;
/** Parts of one upload: 100 × 100,000 rows is ten years of daily history for 2,700 products. */
export const MAX_UPLOAD_PARTS = 100;
export const HISTORY_MSKU_MAX = 200;
/** Units of one product on one day, far above any real seller's and far below integer overflow. */
export const MAX_DAILY_UNITS = 10_000_000;
export const MAX_DAILY_REVENUE = 1_000_000_000;
/** Days before this are typos (a year of 0024), not history. */
export const FIRST_HISTORY_DAY = '2000-01-01';
/** A marketplace's day can be ahead of UTC (Tokyo is UTC+9): tomorrow in UTC is not the future yet. */
const FUTURE_TOLERANCE_DAYS = 1;

export const NO_HISTORY_ROWS_MESSAGE = 'The file has no rows to import';
export const TOO_MANY_HISTORY_ROWS_MESSAGE = `Too many rows: send at most ${MAX_HISTORY_ROWS.toLocaleString('en-US')} per request (in parts of one upload)`;

/** One line of a request: units sold (sales) or end-of-day available stock (stock) of a product on a day. */
export type HistoryRow = { msku: string; day: string; value: number; revenue: number | null };

export type HistoryValidation = { ok: true; rows: HistoryRow[] } | { ok: false; message: string };

const VALUE_FIELD: Record<HistoryKind, 'units' | 'available'> = { sales: 'units', stock: 'available' };
const FIRST_DAY = dayNumber(FIRST_HISTORY_DAY)!;
const SHOWN_MAX = 40;

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX)}…` : text;
};

/** Day numbers of the days seen in one request: 100,000 rows hold a few hundred days. */
type DayCache = Map<string, number | null>;

function checkDay(value: unknown, today: number, cache: DayCache): string | null {
  if (typeof value !== 'string') return 'day must be a date (YYYY-MM-DD)';
  let day = cache.get(value);
  if (day === undefined) {
    day = dayNumber(value.trim());
    cache.set(value, day);
  }
  if (day === null) return `day "${shown(value)}" is not a date (YYYY-MM-DD)`;
  if (day > today + FUTURE_TOLERANCE_DAYS) return `day ${value.trim()} is in the future`;
  if (day < FIRST_DAY) return `day ${value.trim()} is before ${FIRST_HISTORY_DAY}`;
  return null;
}

function checkCount(field: string, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${field} must be a number`;
  if (!Number.isInteger(value)) return `${field} must be a whole number, not ${value}`;
  if (value < 0) return `${field} must not be negative`;
  if (value > MAX_DAILY_UNITS) return `${field} must be at most ${MAX_DAILY_UNITS.toLocaleString('en-US')}`;
  return null;
}

function checkRevenue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'revenue must be a number';
  if (value < 0 || value > MAX_DAILY_REVENUE) {
    return `revenue must be between 0 and ${MAX_DAILY_REVENUE.toLocaleString('en-US')}`;
  }
  return null;
}

function checkMsku(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return 'msku is required';
  if (value.trim().length > HISTORY_MSKU_MAX) return `msku must be at most ${HISTORY_MSKU_MAX} characters`;
  if (value.includes('\u0000')) return 'msku must not contain NUL characters';
  // Stored as UTF-8, every lone surrogate reads back as U+FFFD: two different codes would be one.
  if (LONE_SURROGATE.test(value)) return 'msku must not contain a broken character (a lone surrogate)';
  return null;
}

const LONE_SURROGATE = /\p{Cs}/u;

const KNOWN_KEYS: Record<HistoryKind, ReadonlySet<string>> = {
  sales: new Set(['msku', 'day', 'units', 'revenue']),
  stock: new Set(['msku', 'day', 'available']),
};

function rowProblem(kind: HistoryKind, row: unknown, today: number, days: DayCache): string | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return 'must be an object';
  const record = row as Record<string, unknown>;
  for (const key in record) {
    if (!KNOWN_KEYS[kind].has(key)) return `unknown field "${shown(key)}"`;
  }
  return (
    checkMsku(record.msku) ??
    checkDay(record.day, today, days) ??
    checkCount(VALUE_FIELD[kind], record[VALUE_FIELD[kind]]) ??
    (kind === 'sales' ? checkRevenue(record.revenue) : null)
  );
}

/**
 * Checks every row (the first problem names its row, counted from 1, and its field) and trims
 * them. Lines of the same product and day stay separate: the import adds order lines up and keeps
 * the last stock snapshot, across every part of an upload. `today` is the current UTC day number.
 */
export function validateHistoryRows(kind: HistoryKind, input: unknown, today: number): HistoryValidation {
  if (!Array.isArray(input)) return { ok: false, message: 'rows must be a list' };
  if (input.length === 0) return { ok: false, message: NO_HISTORY_ROWS_MESSAGE };
  if (input.length > MAX_HISTORY_ROWS) return { ok: false, message: TOO_MANY_HISTORY_ROWS_MESSAGE };
  const field = VALUE_FIELD[kind];
  const rows: HistoryRow[] = new Array(input.length);
  const days: DayCache = new Map();
  for (let index = 0; index < input.length; index++) {
    const problem = rowProblem(kind, input[index], today, days);
    if (problem) return { ok: false, message: `Row ${index + 1}: ${problem}` };
    const record = input[index] as Record<string, unknown>;
    rows[index] = {
      msku: (record.msku as string).trim(),
      day: (record.day as string).trim(),
      value: record[field] as number,
      revenue: typeof record.revenue === 'number' ? record.revenue : null,
    };
  }
  return { ok: true, rows };
}

export type UploadPart = { id: string; part: number; last: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The optional `upload` of a request: which part of a chunked file this is. */
export function parseUploadPart(
  input: unknown,
): { ok: true; upload: UploadPart | null } | { ok: false; message: string } {
  if (input === undefined || input === null) return { ok: true, upload: null };
  if (typeof input !== 'object' || Array.isArray(input))
    return { ok: false, message: 'upload must be an object' };
  const { id, part, last } = input as Record<string, unknown>;
  if (typeof id !== 'string' || !UUID.test(id)) return { ok: false, message: 'upload.id must be a UUID' };
  if (typeof part !== 'number' || !Number.isInteger(part) || part < 0 || part >= MAX_UPLOAD_PARTS) {
    return { ok: false, message: `upload.part must be a whole number from 0 to ${MAX_UPLOAD_PARTS - 1}` };
  }
  if (typeof last !== 'boolean') return { ok: false, message: 'upload.last must be true or false' };
  return { ok: true, upload: { id: id.toLowerCase(), part, last } };
}

/** What an import answers. */
export type HistoryImportResult = {
  /** Distinct days written. */
  days: number;
  /** Distinct products written. */
  products: number;
  /** Products of the file that the account does not have: left out, not created. */
  unknownProducts: number;
  unknownExamples: string[];
  /** Lines that repeated a product and day. */
  duplicates: number;
  /** Forecasts recomputed after the import. */
  forecasts: number;
};

/** The result in a sentence, for the dialog and toasts. */
export function describeHistoryImport(kind: HistoryKind, result: HistoryImportResult): string {
  const what = kind === 'sales' ? 'sales' : 'stock';
  const parts = [
    `Imported ${what} for ${result.products.toLocaleString('en-US')} product${result.products === 1 ? '' : 's'} over ${result.days.toLocaleString('en-US')} day${result.days === 1 ? '' : 's'}.`,
  ];
  if (result.duplicates > 0) {
    parts.push(
      kind === 'sales'
        ? `${result.duplicates.toLocaleString('en-US')} repeated product-day lines were added up.`
        : `${result.duplicates.toLocaleString('en-US')} repeated product-day lines: the last one of each was kept.`,
    );
  }
  if (result.unknownProducts > 0) {
    parts.push(
      `${result.unknownProducts.toLocaleString('en-US')} product${result.unknownProducts === 1 ? ' is' : 's are'} not in your catalogue and ${result.unknownProducts === 1 ? 'was' : 'were'} left out (${result.unknownExamples.join(', ')}${result.unknownProducts > result.unknownExamples.length ? ', …' : ''}).`,
    );
  }
  return parts.join(' ');
}
