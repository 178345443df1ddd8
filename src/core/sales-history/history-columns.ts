import type { HistoryKind, HistoryRow } from './rows';

/**
 * A parsed history file's rows in columns, each msku and each day held once and named by its
 * position: what the parse worker hands the page. A million rows as objects took the page about
 * 0.6 s to receive (a pause of the whole tab) and 100 MB to hold; as numbers in typed arrays they
 * are moved, not copied, and the page holds a few strings per product.
 */
export type HistoryColumns = {
  mskus: string[];
  /** Each row's msku, as its position in `mskus`. */
  mskuOf: Uint32Array;
  days: string[];
  /** Each row's day, as its position in `days`. */
  dayOf: Uint32Array;
  values: Float64Array;
  /** NaN where the row has no revenue. */
  revenue: Float64Array;
};

const FIRST_CAPACITY = 1024;

function grown<T extends Uint32Array | Float64Array>(array: T): T {
  const next = new (array.constructor as new (length: number) => T)(array.length * 2);
  next.set(array);
  return next;
}

/**
 * Columns grown one row at a time: how the parse gathers a file's product-days. A row object per
 * product and day cost a million objects that survived every young-generation collection of the
 * parse; typed arrays hold the same rows in four allocations.
 */
export class HistoryColumnsBuilder {
  readonly mskus: string[] = [];
  readonly days: string[] = [];
  private readonly mskuPosition = new Map<string, number>();
  private readonly dayPosition = new Map<string, number>();
  size = 0;
  mskuOf = new Uint32Array(FIRST_CAPACITY);
  dayOf = new Uint32Array(FIRST_CAPACITY);
  values = new Float64Array(FIRST_CAPACITY);
  /** NaN where the row has no revenue. */
  revenue = new Float64Array(FIRST_CAPACITY);

  /** The position of an msku, named the first time it is seen. */
  product(msku: string): number {
    let position = this.mskuPosition.get(msku);
    if (position === undefined) {
      position = this.mskus.length;
      this.mskuPosition.set(msku, position);
      this.mskus.push(msku);
    }
    return position;
  }

  /** Adds a row of the product at `product` (see `product`) and returns its position. */
  append(product: number, day: string, value: number, revenue: number | null): number {
    if (this.size === this.values.length) {
      this.mskuOf = grown(this.mskuOf);
      this.dayOf = grown(this.dayOf);
      this.values = grown(this.values);
      this.revenue = grown(this.revenue);
    }
    let dayAt = this.dayPosition.get(day);
    if (dayAt === undefined) {
      dayAt = this.days.length;
      this.dayPosition.set(day, dayAt);
      this.days.push(day);
    }
    const row = this.size++;
    this.mskuOf[row] = product;
    this.dayOf[row] = dayAt;
    this.values[row] = value;
    this.revenue[row] = revenue ?? Number.NaN;
    return row;
  }

  /** Rows [0, sent) have been handed out by `takeUnsent`. */
  private sent = 0;
  /** Rows handed out and changed since, with their value and revenue as handed out. */
  private readonly changedSinceSent = new Map<number, { value: number; revenue: number }>();

  /** Rows not handed out by `takeUnsent` yet. */
  get unsent(): number {
    return this.size - this.sent;
  }

  /** To be called before a row's value or revenue changes: a row handed out is sent again as its change. */
  willChange(row: number): void {
    if (row < this.sent && !this.changedSinceSent.has(row)) {
      this.changedSinceSent.set(row, { value: this.values[row]!, revenue: this.revenue[row]! });
    }
  }

  /**
   * Up to `limit` rows not handed out yet, as columns: first the rows handed out and changed since,
   * each as its increase (units and revenue added since, so that the parts add up to the file, as
   * the server adds up a sales day's lines across parts), then new rows. Null when a row handed out
   * went down (a negative price), which no increase can say: the parts handed out no longer add up.
   */
  takeUnsent(limit: number): HistoryColumns | null {
    const changed = [...this.changedSinceSent].slice(0, limit);
    const fresh = Math.min(this.unsent, limit - changed.length);
    const out = {
      mskus: this.mskus.slice(),
      mskuOf: new Uint32Array(changed.length + fresh),
      days: this.days.slice(),
      dayOf: new Uint32Array(changed.length + fresh),
      values: new Float64Array(changed.length + fresh),
      revenue: new Float64Array(changed.length + fresh),
    };
    let at = 0;
    for (const [row, before] of changed) {
      this.changedSinceSent.delete(row);
      const units = this.values[row]! - before.value;
      const now = this.revenue[row]!;
      // NaN: no revenue to add (none yet, or none added since).
      let money = now;
      if (!Number.isNaN(before.revenue)) {
        money = Math.round((now - before.revenue) * 100) / 100;
        if (money === 0) money = Number.NaN;
      }
      if (units < 0 || money < 0) return null;
      if (units === 0 && Number.isNaN(money)) continue;
      out.mskuOf[at] = this.mskuOf[row]!;
      out.dayOf[at] = this.dayOf[row]!;
      out.values[at] = units;
      out.revenue[at] = money;
      at++;
    }
    out.mskuOf.set(this.mskuOf.subarray(this.sent, this.sent + fresh), at);
    out.dayOf.set(this.dayOf.subarray(this.sent, this.sent + fresh), at);
    out.values.set(this.values.subarray(this.sent, this.sent + fresh), at);
    out.revenue.set(this.revenue.subarray(this.sent, this.sent + fresh), at);
    this.sent += fresh;
    at += fresh;
    return {
      ...out,
      mskuOf: out.mskuOf.slice(0, at),
      dayOf: out.dayOf.slice(0, at),
      values: out.values.slice(0, at),
      revenue: out.revenue.slice(0, at),
    };
  }

  /** The rows so far, in arrays of their own length. */
  columns(): HistoryColumns {
    return {
      mskus: this.mskus.slice(),
      mskuOf: this.mskuOf.slice(0, this.size),
      days: this.days.slice(),
      dayOf: this.dayOf.slice(0, this.size),
      values: this.values.slice(0, this.size),
      revenue: this.revenue.slice(0, this.size),
    };
  }
}

/** The columns' rows as objects: for a file small enough to hold them (a marketplace sync's orders). */
export function columnRows(columns: HistoryColumns): HistoryRow[] {
  const rows: HistoryRow[] = new Array(columns.mskuOf.length);
  for (let row = 0; row < rows.length; row++) {
    const revenue = columns.revenue[row]!;
    rows[row] = {
      msku: columns.mskus[columns.mskuOf[row]!]!,
      day: columns.days[columns.dayOf[row]!]!,
      value: columns.values[row]!,
      revenue: Number.isNaN(revenue) ? null : revenue,
    };
  }
  return rows;
}

/** The typed arrays of the columns, to be moved (not copied) to another thread. */
export const columnBuffers = (columns: HistoryColumns): ArrayBuffer[] =>
  [columns.mskuOf, columns.dayOf, columns.values, columns.revenue].map(
    (array) => array.buffer as ArrayBuffer,
  );

/**
 * What the import request carries for rows [from, to), by kind: the rows as columns (`{columns}`
 * of import-sales and import-stock), half the bytes of a list of row objects and far less JSON
 * work on both sides. Revenue is left out when no row has one.
 */
export function partColumns(kind: HistoryKind, columns: HistoryColumns, from: number, to: number) {
  const length = Math.max(0, Math.min(to, columns.mskuOf.length) - from);
  const msku: string[] = new Array(length);
  const day: string[] = new Array(length);
  const value: number[] = new Array(length);
  const revenue: (number | null)[] = new Array(length);
  let anyRevenue = false;
  for (let i = 0; i < length; i++) {
    const row = from + i;
    msku[i] = columns.mskus[columns.mskuOf[row]!]!;
    day[i] = columns.days[columns.dayOf[row]!]!;
    value[i] = columns.values[row]!;
    const money = columns.revenue[row]!;
    if (Number.isNaN(money)) revenue[i] = null;
    else {
      revenue[i] = money;
      anyRevenue = true;
    }
  }
  if (kind === 'stock') return { msku, day, available: value };
  return anyRevenue ? { msku, day, units: value, revenue } : { msku, day, units: value };
}

/**
 * A part's request body as JSON, without its `upload`: made where the part is read (the parse
 * worker), so that the page only sends it.
 */
export const partJson = (kind: HistoryKind, columns: HistoryColumns): string =>
  JSON.stringify({ columns: partColumns(kind, columns, 0, columns.mskuOf.length) });
