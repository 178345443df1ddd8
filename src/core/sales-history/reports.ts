import { dayNumber } from '../forecast/days';
import { type HistoryColumns, HistoryColumnsBuilder } from './history-columns';
import { type HistoryKind, MAX_DAILY_UNITS, MAX_HISTORY_ROWS, NO_HISTORY_ROWS_MESSAGE } from './rows';

// The files sellers have for daily history, recognised by their headers (by name, never by
// position) and read one row at a time, so that a file of a million lines streams through a
// worker: the marketplace's All Orders report, the FBA Inventory Ledger (summary view, daily) and
// plain long files `sku,date,units` or `sku,date,available`.

export type HistoryReportId = 'all-orders' | 'inventory-ledger' | 'long-sales' | 'long-stock';

export type HistoryReport = { id: HistoryReportId; name: string; kind: HistoryKind };

export const HISTORY_REPORTS: Readonly<Record<HistoryReportId, HistoryReport>> = {
  'all-orders': { id: 'all-orders', name: 'All Orders report', kind: 'sales' },
  'inventory-ledger': { id: 'inventory-ledger', name: 'Inventory Ledger report', kind: 'stock' },
  'long-sales': { id: 'long-sales', name: 'Daily sales file (sku, date, units)', kind: 'sales' },
  'long-stock': { id: 'long-stock', name: 'Daily stock file (sku, date, available)', kind: 'stock' },
};

export const NOT_A_HISTORY_FILE_MESSAGE =
  'This file is not an All Orders report, an Inventory Ledger report or a file with the columns sku, date and units (or available)';

const normalise = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/** Which history file the headers belong to, or null. */
export function recognizeHistoryReport(headers: readonly string[]): HistoryReport | null {
  const names = new Set(headers.map(normalise));
  const has = (...wanted: string[]) => wanted.every((name) => names.has(name));
  if (has('purchase-date', 'sku', 'quantity') && (names.has('item-status') || names.has('order-status'))) {
    return HISTORY_REPORTS['all-orders'];
  }
  if (has('date', 'msku', 'ending warehouse balance')) return HISTORY_REPORTS['inventory-ledger'];
  const sku = names.has('sku') || names.has('msku');
  const date = names.has('date') || names.has('day');
  if (sku && date && names.has('units')) return HISTORY_REPORTS['long-sales'];
  if (sku && date && names.has('available')) return HISTORY_REPORTS['long-stock'];
  return null;
}

/** The marketplace's own day: All Orders times are instants, its days are the marketplace's. */
const CHANNEL_TIME_ZONES: Readonly<Record<string, string>> = {
  'amazon.com': 'America/Los_Angeles',
  'amazon.ca': 'America/Los_Angeles',
  'amazon.com.mx': 'America/Los_Angeles',
  'amazon.com.br': 'America/Sao_Paulo',
  'amazon.co.uk': 'Europe/London',
  'amazon.ie': 'Europe/Dublin',
  'amazon.de': 'Europe/Berlin',
  'amazon.fr': 'Europe/Paris',
  'amazon.it': 'Europe/Rome',
  'amazon.es': 'Europe/Madrid',
  'amazon.nl': 'Europe/Amsterdam',
  'amazon.se': 'Europe/Stockholm',
  'amazon.pl': 'Europe/Warsaw',
  'amazon.com.be': 'Europe/Brussels',
  'amazon.com.tr': 'Europe/Istanbul',
  'amazon.ae': 'Asia/Dubai',
  'amazon.sa': 'Asia/Riyadh',
  'amazon.eg': 'Africa/Cairo',
  'amazon.in': 'Asia/Kolkata',
  'amazon.co.jp': 'Asia/Tokyo',
  'amazon.sg': 'Asia/Singapore',
  'amazon.com.au': 'Australia/Sydney',
};
/** The US marketplace's, for lines without a known sales channel. */
export const DEFAULT_MARKETPLACE_TIME_ZONE = 'America/Los_Angeles';

export const timeZoneOfChannel = (channel: string | undefined) =>
  CHANNEL_TIME_ZONES[(channel ?? '').trim().toLowerCase()] ?? DEFAULT_MARKETPLACE_TIME_ZONE;

// 2024-01-15T18:23:45+00:00, 2024-01-15T18:23:45Z, 2024-01-15T18:23:45.123-08:00
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
/** Every time zone offset is a multiple of 15 minutes, so one day lookup serves each quarter hour. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** Converts instants to the calendar day of a time zone, with Intl, cached per quarter hour. */
export function dayInTimeZone(timeZone: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const cache = new Map<number, string>();
  return (ms) => {
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let day = cache.get(bucket);
    if (day === undefined) {
      day = format.format(bucket * QUARTER_HOUR_MS);
      cache.set(bucket, day);
    }
    return day;
  };
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A day as ISO, from ISO or the ledger's US MM/DD/YYYY; null when it is neither. */
function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const us = US_DATE.exec(trimmed);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : trimmed.slice(0, 10);
  if (!us && !/^\d{4}-\d{2}-\d{2}(?:$|[T ])/.test(trimmed)) return null;
  return dayNumber(iso) === null ? null : iso;
}

const WHOLE = /^\s*-?\d{1,12}\s*$/;
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

export type ParsedHistory = {
  report: HistoryReport;
  /**
   * One row per product and day, ready for import-sales or import-stock: every row of the file, or
   * where parts were taken (`takePart`) the rest of them.
   */
  columns: HistoryColumns;
  /** Product-days in the file. */
  productDays: number;
  /**
   * The parts taken no longer add up to the file (a day's units or revenue went down after its part
   * was taken): they are to be discarded, and `columns` holds every row.
   */
  resend: boolean;
  /** Data rows read. */
  lines: number;
  /** Lines that repeated a product and day: added up (sales) or replaced by the later one (stock). */
  duplicates: number;
  /** Cancelled order lines, and ledger lines of stock that cannot be sold: read, not counted. */
  skipped: number;
  firstDay: string | null;
  lastDay: string | null;
};

export type HistoryRowError = { ok: false; message: string };

/**
 * Reads one history file row by row: `add` each data row (header → cell), or `addCells` its cells
 * under the file's header line, then `finish`.
 */
export interface HistoryAccumulator {
  add(row: Readonly<Record<string, string | undefined>>): HistoryRowError | null;
  /**
   * A data row as its cells, in the order of `headers` (the file's header line: the same array for
   * every row, so its names are resolved once; the last of two headers with the same name wins).
   * The worker reads files this way: no object per row.
   */
  addCells(headers: readonly string[], cells: readonly (string | undefined)[]): HistoryRowError | null;
  /**
   * A sales file's product-days so far, a request's worth at a time, so that the upload can go on
   * while the file is read: null until more than `MAX_HISTORY_ROWS` rows wait (there is always a row
   * left for the last part), and always for stock, whose lines of one day do not add up across
   * parts. A day that gets more lines after its part was taken is sent again as what they add.
   */
  takePart(): HistoryColumns | null;
  finish(): ParsedHistory | HistoryRowError;
}

type Row = Readonly<Record<string, string | undefined>>;

/**
 * Cells by normalised header name, whatever the file's capitals and byte-order mark (the last of
 * two headers with the same name wins). Every row of a file has the same headers, so the names are
 * resolved again only when a row's headers differ from the row before's; a row's cells are read
 * once, in order.
 */
function cellReader() {
  let headers: string[] = [];
  /** Normalised name → the position of the header of that name. */
  let positionOf = new Map<string, number>();
  const values: (string | undefined)[] = [];
  const cell = (name: string) => {
    const position = positionOf.get(name);
    return position === undefined ? '' : (values[position] ?? '');
  };
  return (row: Row) => {
    let same = true;
    let count = 0;
    for (const key in row) {
      if (count >= headers.length || headers[count] !== key) same = false;
      values[count] = row[key];
      count++;
    }
    if (!same || count !== headers.length) {
      headers = [];
      positionOf = new Map();
      for (const key in row) {
        positionOf.set(normalise(key), headers.length);
        headers.push(key);
      }
    }
    return cell;
  };
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const twoDigits = (text: string, at: number) => {
  const tens = text.charCodeAt(at);
  const units = text.charCodeAt(at + 1);
  return isDigit(tens) && isDigit(units) ? (tens - 48) * 10 + units - 48 : -1;
};

/** The offset part of the last instant `stampMinute` read: 0 for Z, 1 to 40,000 for the others. */
let stampZone = 0;

/**
 * For an instant written YYYY-MM-DDTHH:MM[:SS] then Z, ±HH:MM or ±HHMM in the years 2000 to 2099, a
 * small whole number naming its minute (and `stampZone` naming its offset); -1 for any other form
 * (other years, fractions of a second, hour 24, second 60…), which is read the long way. Two
 * instants with the same minute and offset differ only in their seconds (0–59): they fall in the
 * same minute, hence on the same day anywhere, and `Date.parse` takes both or neither.
 */
function stampMinute(stamp: string): number {
  const length = stamp.length;
  if (length < 17 || length > 25) return -1;
  if (stamp.charCodeAt(0) !== 50 || stamp.charCodeAt(1) !== 48) return -1;
  if (stamp.charCodeAt(4) !== 45 || stamp.charCodeAt(7) !== 45) return -1;
  if (stamp.charCodeAt(10) !== 84 || stamp.charCodeAt(13) !== 58) return -1;
  const year = twoDigits(stamp, 2);
  const month = twoDigits(stamp, 5);
  const day = twoDigits(stamp, 8);
  const hour = twoDigits(stamp, 11);
  const minute = twoDigits(stamp, 14);
  if (year < 0 || month < 0 || month > 12 || day < 0 || day > 31) return -1;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return -1;
  let at = 16;
  let seconds = 0;
  if (stamp.charCodeAt(at) === 58) {
    const second = twoDigits(stamp, at + 1);
    if (second < 0 || second > 59) return -1;
    seconds = 1;
    at += 3;
  }
  const rest = length - at;
  const sign = stamp.charCodeAt(at);
  if (rest === 1 && sign === 90) {
    stampZone = 0;
  } else if ((rest === 6 || rest === 5) && (sign === 43 || sign === 45)) {
    const colon = rest === 6;
    if (colon && stamp.charCodeAt(at + 3) !== 58) return -1;
    const hours = twoDigits(stamp, at + 1);
    const minutes = twoDigits(stamp, at + (colon ? 4 : 3));
    if (hours < 0 || minutes < 0) return -1;
    // Sign, hours, minutes and colon, each one way only.
    stampZone = 1 + (((sign === 45 ? 100 : 0) + hours) * 100 + minutes) * 2 + (colon ? 1 : 0);
  } else {
    return -1;
  }
  // Below 100 × 13 × 32 × 24 × 60 × 2 = 119,808,000: a small integer, one per form.
  return ((((year * 13 + month) * 32 + day) * 24 + hour) * 60 + minute) * 2 + seconds;
}

/**
 * An accumulator for one report. `today` (a UTC day number) refuses days in the future, with a
 * day's tolerance for marketplaces ahead of UTC.
 */
export function historyAccumulator(report: HistoryReport, today: number): HistoryAccumulator {
  /** The file's product-days in the order the file first named them; per product, day → row. */
  const rows = new HistoryColumnsBuilder();
  const rowOfDay: Map<string, number>[] = [];
  /** Ledger lines seen per product, day, location and disposition: a repeat of one is a duplicate. */
  const ledgerParts = new Map<string, number>();
  let lines = 0;
  let duplicates = 0;
  /** Whether `takePart` handed out rows, and whether a later change made them wrong. */
  let partsTaken = false;
  let partsBroken = false;
  let skipped = 0;
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  /**
   * Per sales channel: its day of an instant, and the days of the minutes already read per offset
   * (see stampMinute), each checked once: order lines share their minutes, and a day is read once per
   * minute instead of parsed, converted and checked once per line.
   */
  const channels = new Map<
    string,
    { toDay: (ms: number) => string; minutes: Map<number, Map<number, string>> }
  >();

  const fail = (message: string): HistoryRowError => ({ ok: false, message: `Row ${lines}: ${message}` });

  /** Day numbers of the days seen: a file of a million lines holds a few hundred days. */
  const dayNumbers = new Map<string, number | null>();

  function checkDay(day: string, field: string, raw: string): HistoryRowError | null {
    let number = dayNumbers.get(day);
    if (number === undefined) {
      number = dayNumber(day);
      dayNumbers.set(day, number);
    }
    if (number === null) return fail(`${field} "${shown(raw)}" is not a date`);
    if (number > today + 1) return fail(`${field} ${day} is in the future`);
    if (firstDay === null || day < firstDay) firstDay = day;
    if (lastDay === null || day > lastDay) lastDay = day;
    return null;
  }

  function count(text: string, field: string): number | HistoryRowError {
    if (!WHOLE.test(text)) {
      return fail(
        text.trim() === '' ? `${field} is empty` : `${field} "${shown(text.trim())}" is not a whole number`,
      );
    }
    const value = Number(text);
    if (value < 0) return fail(`${field} must not be negative`);
    if (value > MAX_DAILY_UNITS)
      return fail(`${field} must be at most ${MAX_DAILY_UNITS.toLocaleString('en-US')}`);
    return value;
  }

  /** Sales add up; a stock snapshot repeated for the same day replaces the earlier one. */
  function put(msku: string, day: string, value: number, revenue: number | null, repeat: boolean) {
    const product = rows.product(msku);
    let days = rowOfDay[product];
    if (!days) {
      days = new Map();
      rowOfDay[product] = days;
    }
    const row = days.get(day);
    if (row === undefined) {
      days.set(day, rows.append(product, day, value, revenue));
      return;
    }
    if (repeat) duplicates++;
    rows.willChange(row);
    if (report.kind === 'stock') {
      rows.values[row] = repeat ? value : rows.values[row]! + value;
      return;
    }
    rows.values[row] = rows.values[row]! + value;
    if (revenue !== null) {
      const before = rows.revenue[row]!;
      rows.revenue[row] = Math.round(((Number.isNaN(before) ? 0 : before) + revenue) * 100) / 100;
    }
  }

  const readers: Record<HistoryReportId, (cell: (name: string) => string) => HistoryRowError | null> = {
    'all-orders': (cell) => {
      const msku = cell('sku').trim();
      if (msku === '') return fail('sku is empty');
      const stamp = cell('purchase-date').trim();
      const channel = cell('sales-channel');
      let zone = channels.get(channel);
      if (!zone) {
        zone = { toDay: dayInTimeZone(timeZoneOfChannel(channel)), minutes: new Map() };
        channels.set(channel, zone);
      }
      const minute = stampMinute(stamp);
      let minutes: Map<number, string> | undefined;
      if (minute >= 0) {
        minutes = zone.minutes.get(stampZone);
        if (!minutes) {
          minutes = new Map();
          zone.minutes.set(stampZone, minutes);
        }
      }
      let day = minutes?.get(minute);
      if (day === undefined) {
        const ms = INSTANT.test(stamp) ? Date.parse(stamp) : Number.NaN;
        if (Number.isNaN(ms)) return fail(`purchase-date "${shown(stamp)}" is not a date and time`);
        day = zone.toDay(ms);
        const dayProblem = checkDay(day, 'purchase-date', stamp);
        if (dayProblem) return dayProblem;
        // Only a day that passed: a refused one is refused again, with its own row's number.
        minutes?.set(minute, day);
      }
      const cancelled =
        /^cancel/i.test(cell('item-status').trim()) || /^cancel/i.test(cell('order-status').trim());
      const quantity = count(cell('quantity'), 'quantity');
      if (typeof quantity !== 'number') return quantity;
      if (cancelled) {
        // The product and day are still in the report: a day whose only order was cancelled is 0.
        skipped++;
        put(msku, day, 0, null, false);
        return null;
      }
      const price = cell('item-price').trim();
      const amount = price === '' ? Number.NaN : Number(price);
      const revenue = Number.isFinite(amount) ? amount : null;
      put(msku, day, quantity, revenue, false);
      return null;
    },
    'inventory-ledger': (cell) => {
      const msku = cell('msku').trim();
      if (msku === '') return fail('MSKU is empty');
      const raw = cell('date');
      const day = parseDay(raw);
      if (day === null) return fail(`Date "${shown(raw.trim())}" is not a date (YYYY-MM-DD or MM/DD/YYYY)`);
      const dayProblem = checkDay(day, 'Date', raw);
      if (dayProblem) return dayProblem;
      const balance = count(cell('ending warehouse balance'), 'Ending Warehouse Balance');
      if (typeof balance !== 'number') return balance;
      const disposition = cell('disposition').trim().toUpperCase();
      if (disposition !== '' && disposition !== 'SELLABLE') {
        skipped++;
        return null;
      }
      // Several locations of one day add up; the same location twice is a repeated line.
      const part = `${msku}\u0000${day}\u0000${cell('location').trim()}\u0000${disposition}`;
      const previous = ledgerParts.get(part);
      ledgerParts.set(part, balance);
      if (previous === undefined) {
        put(msku, day, balance, null, false);
      } else {
        duplicates++;
        put(msku, day, balance - previous, null, false);
      }
      return null;
    },
    'long-sales': (cell) => longRow(cell, 'units'),
    'long-stock': (cell) => longRow(cell, 'available'),
  };

  function longRow(cell: (name: string) => string, field: 'units' | 'available'): HistoryRowError | null {
    const msku = (cell('sku') || cell('msku')).trim();
    if (msku === '') return fail('sku is empty');
    const raw = cell('date') || cell('day');
    const day = parseDay(raw);
    if (day === null) return fail(`date "${shown(raw.trim())}" is not a date (YYYY-MM-DD)`);
    const dayProblem = checkDay(day, 'date', raw);
    if (dayProblem) return dayProblem;
    const value = count(cell(field), field);
    if (typeof value !== 'number') return value;
    put(msku, day, value, null, true);
    return null;
  }

  const read = readers[report.id];
  const cells = cellReader();
  let cellHeaders: readonly string[] | null = null;
  let positionOf = new Map<string, number>();
  let current: readonly (string | undefined)[] = [];
  const cellAt = (name: string) => {
    const position = positionOf.get(name);
    return position === undefined ? '' : (current[position] ?? '');
  };
  return {
    add(row) {
      lines++;
      return read(cells(row));
    },
    addCells(headers, row) {
      lines++;
      if (headers !== cellHeaders) {
        cellHeaders = headers;
        // A header named twice is read from its first column, as in the rows PapaParse keys by header.
        positionOf = new Map();
        headers.forEach((header, position) => {
          const name = normalise(header);
          if (!positionOf.has(name)) positionOf.set(name, position);
        });
      }
      current = row;
      return read(cellAt);
    },
    takePart() {
      if (report.kind !== 'sales' || partsBroken || rows.unsent <= MAX_HISTORY_ROWS) return null;
      const part = rows.takeUnsent(MAX_HISTORY_ROWS);
      if (!part) partsBroken = true;
      else partsTaken = true;
      return part;
    },
    finish() {
      if (lines === 0 || rows.size === 0) return { ok: false, message: NO_HISTORY_ROWS_MESSAGE };
      for (let row = 0; row < rows.size; row++) {
        if (rows.values[row]! > MAX_DAILY_UNITS) {
          return {
            ok: false,
            message: `The lines of ${rows.mskus[rows.mskuOf[row]!]} on ${rows.days[rows.dayOf[row]!]} add up to more than ${MAX_DAILY_UNITS.toLocaleString('en-US')}`,
          };
        }
      }
      let columns = partsTaken && !partsBroken ? rows.takeUnsent(Number.POSITIVE_INFINITY) : null;
      const resend = partsTaken && !columns;
      columns ??= rows.columns();
      const productDays = rows.size;
      return { report, columns, productDays, resend, lines, duplicates, skipped, firstDay, lastDay };
    },
  };
}
