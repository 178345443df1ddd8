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

const VALUE_FIELD: Record<HistoryKind, 'units' | 'available'> = { sales: 'units', stock: 'available' };
const FIRST_DAY = dayNumber(FIRST_HISTORY_DAY)!;
const SHOWN_MAX = 40;

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX)}…` : text;
};

/** Day numbers of the days seen in one request: 100,000 rows hold a few hundred days. */
type DayCache = Map<string, number | null>;

/** A day's number, or the problem with it. */
function checkDay(value: unknown, today: number, cache: DayCache): number | string {
  if (typeof value !== 'string') return 'day must be a date (YYYY-MM-DD)';
  let day = cache.get(value);
  if (day === undefined) {
    day = dayNumber(value.trim());
    cache.set(value, day);
  }
  if (day === null) return `day "${shown(value)}" is not a date (YYYY-MM-DD)`;
  if (day > today + FUTURE_TOLERANCE_DAYS) return `day ${value.trim()} is in the future`;
  if (day < FIRST_DAY) return `day ${value.trim()} is before ${FIRST_HISTORY_DAY}`;
  return day;
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

/**
 * A request's rows in columns, checked and trimmed, days as day numbers (days since 1970-01-01):
 * what the server stages and merges. Lines of the same product and day stay separate: the import
 * adds order lines up and keeps the last stock snapshot, across every part of an upload.
 */
export type HistoryLines = {
  msku: string[];
  day: number[];
  value: number[];
  revenue: (number | null)[];
};

export type HistoryValidation = { ok: true; lines: HistoryLines } | { ok: false; message: string };

const emptyLines = (length: number): HistoryLines => ({
  msku: new Array(length),
  day: new Array(length),
  value: new Array(length),
  revenue: new Array(length),
});

/** One row's cells checked into `lines` at `index`; the problem (naming its field) otherwise. */
function putRow(
  kind: HistoryKind,
  lines: HistoryLines,
  index: number,
  msku: unknown,
  dayText: unknown,
  value: unknown,
  revenue: unknown,
  today: number,
  days: DayCache,
): string | null {
  const mskuProblem = checkMsku(msku);
  if (mskuProblem) return mskuProblem;
  const day = checkDay(dayText, today, days);
  if (typeof day === 'string') return day;
  const valueProblem = checkCount(VALUE_FIELD[kind], value);
  if (valueProblem) return valueProblem;
  if (kind === 'sales') {
    const revenueProblem = checkRevenue(revenue);
    if (revenueProblem) return revenueProblem;
  }
  lines.msku[index] = (msku as string).trim();
  lines.day[index] = day;
  lines.value[index] = value as number;
  lines.revenue[index] = typeof revenue === 'number' ? revenue : null;
  return null;
}

/**
 * Checks every row of `{rows: [{msku, day, units, revenue?}]}` (or `available`): the first problem
 * names its row, counted from 1, and its field. `today` is the current UTC day number.
 */
export function validateHistoryRows(kind: HistoryKind, input: unknown, today: number): HistoryValidation {
  if (!Array.isArray(input)) return { ok: false, message: 'rows must be a list' };
  if (input.length === 0) return { ok: false, message: NO_HISTORY_ROWS_MESSAGE };
  if (input.length > MAX_HISTORY_ROWS) return { ok: false, message: TOO_MANY_HISTORY_ROWS_MESSAGE };
  const field = VALUE_FIELD[kind];
  const known = KNOWN_KEYS[kind];
  const lines = emptyLines(input.length);
  const days: DayCache = new Map();
  for (let index = 0; index < input.length; index++) {
    const row: unknown = input[index];
    let problem: string | null = null;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      problem = 'must be an object';
    } else {
      const record = row as Record<string, unknown>;
      for (const key in record) {
        if (!known.has(key)) {
          problem = `unknown field "${shown(key)}"`;
          break;
        }
      }
      problem ??= putRow(
        kind,
        lines,
        index,
        record.msku,
        record.day,
        record[field],
        kind === 'sales' ? record.revenue : undefined,
        today,
        days,
      );
    }
    if (problem) return { ok: false, message: `Row ${index + 1}: ${problem}` };
  }
  return { ok: true, lines };
}

/**
 * The same rows sent as columns, `{columns: {msku: [...], day: [...], units: [...], revenue?: [...]}}`
 * (or `available`), each a list of one cell per row: half the bytes of `rows` and a fifth of the
 * server's JSON work, since no object is made per row. Checked exactly as `rows` (row numbers count
 * from 1); revenue may be left out or hold null for a row without one.
 */
export function validateHistoryColumns(kind: HistoryKind, input: unknown, today: number): HistoryValidation {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: 'columns must be an object of lists' };
  }
  const record = input as Record<string, unknown>;
  const field = VALUE_FIELD[kind];
  const known = KNOWN_KEYS[kind];
  for (const key in record) {
    if (!known.has(key)) return { ok: false, message: `columns: unknown field "${shown(key)}"` };
  }
  const { msku, day } = record;
  const value = record[field];
  const revenue = kind === 'sales' ? record.revenue : undefined;
  for (const [name, column] of [
    ['msku', msku],
    ['day', day],
    [field, value],
  ] as const) {
    if (!Array.isArray(column)) return { ok: false, message: `columns.${name} must be a list` };
  }
  if (revenue !== undefined && !Array.isArray(revenue)) {
    return { ok: false, message: 'columns.revenue must be a list' };
  }
  const mskus = msku as unknown[];
  const length = mskus.length;
  for (const [name, column] of [
    ['day', day],
    [field, value],
    ['revenue', revenue],
  ] as const) {
    if (column !== undefined && (column as unknown[]).length !== length) {
      return { ok: false, message: `columns.${name} must have as many cells as columns.msku` };
    }
  }
  if (length === 0) return { ok: false, message: NO_HISTORY_ROWS_MESSAGE };
  if (length > MAX_HISTORY_ROWS) return { ok: false, message: TOO_MANY_HISTORY_ROWS_MESSAGE };
  const dayCells = day as unknown[];
  const valueCells = value as unknown[];
  const revenueCells = revenue as unknown[] | undefined;
  const lines = emptyLines(length);
  const days: DayCache = new Map();
  for (let index = 0; index < length; index++) {
    const problem = putRow(
      kind,
      lines,
      index,
      mskus[index],
      dayCells[index],
      valueCells[index],
      revenueCells?.[index],
      today,
      days,
    );
    if (problem) return { ok: false, message: `Row ${index + 1}: ${problem}` };
  }
  return { ok: true, lines };
}

export type UploadPart = { id: string; part: number; last: boolean };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An upload's id as the server keeps it (lower case), or null when it is not a UUID. */
export const parseUploadId = (id: unknown): string | null =>
  typeof id === 'string' && UUID.test(id) ? id.toLowerCase() : null;

/** The optional `upload` of a request: which part of a chunked file this is. */
export function parseUploadPart(
  input: unknown,
): { ok: true; upload: UploadPart | null } | { ok: false; message: string } {
  if (input === undefined || input === null) return { ok: true, upload: null };
  if (typeof input !== 'object' || Array.isArray(input))
    return { ok: false, message: 'upload must be an object' };
  const { id, part, last } = input as Record<string, unknown>;
  const uploadId = parseUploadId(id);
  if (uploadId === null) return { ok: false, message: 'upload.id must be a UUID' };
  if (typeof part !== 'number' || !Number.isInteger(part) || part < 0 || part >= MAX_UPLOAD_PARTS) {
    return { ok: false, message: `upload.part must be a whole number from 0 to ${MAX_UPLOAD_PARTS - 1}` };
  }
  if (typeof last !== 'boolean') return { ok: false, message: 'upload.last must be true or false' };
  return { ok: true, upload: { id: uploadId, part, last } };
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
