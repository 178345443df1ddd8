import { dayNumber } from '../forecast/days';
import { type HistoryKind, type HistoryRow, MAX_DAILY_UNITS, NO_HISTORY_ROWS_MESSAGE } from './rows';

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
  /** One row per product and day, ready for import-sales or import-stock. */
  rows: HistoryRow[];
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

/** Reads one history file row by row: `add` each data row (header → cell), then `finish`. */
export interface HistoryAccumulator {
  add(row: Readonly<Record<string, string | undefined>>): HistoryRowError | null;
  finish(): ParsedHistory | HistoryRowError;
}

type Entry = { msku: string; day: string; value: number; revenue: number | null };

/** Cells by normalised header name, whatever the file's capitals and byte-order mark. */
function cellReader(row: Readonly<Record<string, string | undefined>>) {
  const byName = new Map<string, string>();
  for (const key in row) byName.set(normalise(key), row[key] ?? '');
  return (name: string) => byName.get(name) ?? '';
}

/**
 * An accumulator for one report. `today` (a UTC day number) refuses days in the future, with a
 * day's tolerance for marketplaces ahead of UTC.
 */
export function historyAccumulator(report: HistoryReport, today: number): HistoryAccumulator {
  const entries = new Map<string, Entry>();
  /** Ledger lines seen per product, day, location and disposition: a repeat of one is a duplicate. */
  const ledgerParts = new Map<string, number>();
  let lines = 0;
  let duplicates = 0;
  let skipped = 0;
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  const dayOf = new Map<string, (ms: number) => string>();

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
    const key = `${msku}\u0000${day}`;
    const entry = entries.get(key);
    if (!entry) {
      entries.set(key, { msku, day, value, revenue });
      return;
    }
    if (repeat) duplicates++;
    if (report.kind === 'stock') {
      entry.value = repeat ? value : entry.value + value;
      return;
    }
    entry.value += value;
    if (revenue !== null) entry.revenue = Math.round(((entry.revenue ?? 0) + revenue) * 100) / 100;
  }

  const readers: Record<HistoryReportId, (cell: (name: string) => string) => HistoryRowError | null> = {
    'all-orders': (cell) => {
      const msku = cell('sku').trim();
      if (msku === '') return fail('sku is empty');
      const stamp = cell('purchase-date').trim();
      const ms = INSTANT.test(stamp) ? Date.parse(stamp) : Number.NaN;
      if (Number.isNaN(ms)) return fail(`purchase-date "${shown(stamp)}" is not a date and time`);
      const channel = cell('sales-channel');
      let toDay = dayOf.get(channel);
      if (!toDay) {
        toDay = dayInTimeZone(timeZoneOfChannel(channel));
        dayOf.set(channel, toDay);
      }
      const day = toDay(ms);
      const dayProblem = checkDay(day, 'purchase-date', stamp);
      if (dayProblem) return dayProblem;
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
      const revenue = price === '' || !Number.isFinite(Number(price)) ? null : Number(price);
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
  return {
    add(row) {
      lines++;
      return read(cellReader(row));
    },
    finish() {
      if (lines === 0 || entries.size === 0) return { ok: false, message: NO_HISTORY_ROWS_MESSAGE };
      const rows: HistoryRow[] = [];
      for (const entry of entries.values()) {
        if (entry.value > MAX_DAILY_UNITS) {
          return {
            ok: false,
            message: `The lines of ${entry.msku} on ${entry.day} add up to more than ${MAX_DAILY_UNITS.toLocaleString('en-US')}`,
          };
        }
        rows.push({ msku: entry.msku, day: entry.day, value: entry.value, revenue: entry.revenue });
      }
      return { report, rows, lines, duplicates, skipped, firstDay, lastDay };
    },
  };
}

/** What the import request carries per row, by kind. */
export function requestRows(kind: HistoryKind, rows: readonly HistoryRow[]) {
  return kind === 'sales'
    ? rows.map((row) =>
        row.revenue === null
          ? { msku: row.msku, day: row.day, units: row.value }
          : { msku: row.msku, day: row.day, units: row.value, revenue: row.revenue },
      )
    : rows.map((row) => ({ msku: row.msku, day: row.day, available: row.value }));
}
