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

export function historyColumns(rows: readonly HistoryRow[]): HistoryColumns {
  const mskus: string[] = [];
  const days: string[] = [];
  const mskuPosition = new Map<string, number>();
  const dayPosition = new Map<string, number>();
  const columns: HistoryColumns = {
    mskus,
    mskuOf: new Uint32Array(rows.length),
    days,
    dayOf: new Uint32Array(rows.length),
    values: new Float64Array(rows.length),
    revenue: new Float64Array(rows.length),
  };
  const positionIn = (positions: Map<string, number>, list: string[], text: string) => {
    let position = positions.get(text);
    if (position === undefined) {
      position = list.length;
      positions.set(text, position);
      list.push(text);
    }
    return position;
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    columns.mskuOf[i] = positionIn(mskuPosition, mskus, row.msku);
    columns.dayOf[i] = positionIn(dayPosition, days, row.day);
    columns.values[i] = row.value;
    columns.revenue[i] = row.revenue ?? Number.NaN;
  }
  return columns;
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
