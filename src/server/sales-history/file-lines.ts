import { dayNumber } from '../../core/forecast/days';
import type { HistoryKind, HistoryLines, HistoryRow } from '../../core/sales-history/rows';

// Decision 012: the lines of a history file (every part of an upload) are gathered and merged in
// JS, where the last part already holds them: one row per product and day, order lines added up,
// the last stock snapshot kept. PostgreSQL then only writes the merged rows.

/**
 * One part's lines in columns, as the request's validation makes them: what a staged part holds
 * (as JSON) until the last part arrives.
 */
export type PartLines = HistoryLines;

/** Checked rows in columns, days as numbers (each distinct date converted once): the sync's rows. */
export function partLines(rows: readonly HistoryRow[]): PartLines {
  const days = new Map<string, number>();
  const lines: PartLines = {
    msku: new Array(rows.length),
    day: new Array(rows.length),
    value: new Array(rows.length),
    revenue: new Array(rows.length),
  };
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let day = days.get(row.day);
    if (day === undefined) {
      // Validated already: a real date.
      day = dayNumber(row.day)!;
      days.set(row.day, day);
    }
    lines.msku[i] = row.msku;
    lines.day[i] = day;
    lines.value[i] = row.value;
    lines.revenue[i] = row.revenue;
  }
  return lines;
}

/** A product's merged days: ascending, one each, with their value and revenue (exact decimal text). */
export type ProductDays = { days: number[]; values: number[]; revenue: (string | null)[] | null };

type Collected = { days: number[]; values: number[]; revenue: (number | null)[] | null; sorted: boolean };

/**
 * Every line of the parts (in the order sent), merged by product and day: sales add up (units and
 * revenue), stock keeps the last line of a day. Answers the products in first-seen order and how
 * many lines there were.
 */
export function mergeLines(kind: HistoryKind, parts: readonly PartLines[]) {
  const sales = kind === 'sales';
  const byMsku = new Map<string, Collected>();
  let lines = 0;
  let lastMsku = '';
  let last: Collected | null = null;
  for (const part of parts) {
    const { msku, day, value, revenue } = part;
    lines += msku.length;
    for (let i = 0; i < msku.length; i++) {
      const name = msku[i]!;
      if (last === null || name !== lastMsku) {
        lastMsku = name;
        last = byMsku.get(name) ?? null;
        if (last === null) {
          last = { days: [], values: [], revenue: sales ? [] : null, sorted: true };
          byMsku.set(name, last);
        }
      }
      const d = day[i]!;
      const n = last.days.length;
      if (n > 0 && last.days[n - 1]! >= d) last.sorted = false;
      last.days.push(d);
      last.values.push(value[i]!);
      if (last.revenue) last.revenue.push(revenue[i] ?? null);
    }
  }
  const products = new Map<string, ProductDays>();
  let merged = 0;
  for (const [name, collected] of byMsku) {
    const product = collected.sorted ? asMerged(collected) : mergeDays(sales, collected);
    merged += product.days.length;
    products.set(name, product);
  }
  return { products, lines, duplicates: lines - merged };
}

const revenueText = (value: number | null) => (value === null ? null : String(value));

function asMerged({ days, values, revenue }: Collected): ProductDays {
  return { days, values, revenue: revenue ? revenue.map(revenueText) : null };
}

/** Lines of one product out of day order or repeating a day: sorted (stably) and merged. */
function mergeDays(sales: boolean, { days, values, revenue }: Collected): ProductDays {
  const order = Array.from(days.keys()).sort((a, b) => days[a]! - days[b]! || a - b);
  const out: ProductDays = { days: [], values: [], revenue: revenue ? [] : null };
  let i = 0;
  while (i < order.length) {
    const day = days[order[i]!]!;
    let j = i + 1;
    while (j < order.length && days[order[j]!] === day) j++;
    out.days.push(day);
    if (sales) {
      let units = 0;
      const sums: (number | null)[] = [];
      for (let k = i; k < j; k++) {
        units += values[order[k]!]!;
        sums.push(revenue![order[k]!] ?? null);
      }
      out.values.push(units);
      out.revenue!.push(sumDecimals(sums));
    } else {
      out.values.push(values[order[j - 1]!]!);
    }
    i = j;
  }
  return out;
}

/** A number's exact decimal value as digits and a scale (digits × 10^-scale). */
function decimal(value: number): { digits: bigint; scale: number } {
  const [mantissa, exponentText] = String(value).split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [whole, fraction = ''] = mantissa!.split('.');
  let scale = fraction.length - exponent;
  let digits = BigInt(`${whole}${fraction}`);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/**
 * The exact sum of the values as decimal text, as PostgreSQL's sum() of numerics: null when every
 * value is null, nulls left out otherwise. Float addition would round (0.1 + 0.2), and the column
 * rounds to cents after the sum, so a line's fractions of a cent must add up exactly.
 */
export function sumDecimals(values: readonly (number | null)[]): string | null {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return null;
  if (present.length === 1) return String(present[0]);
  const parts = present.map(decimal);
  const scale = Math.max(...parts.map((part) => part.scale));
  let total = 0n;
  for (const part of parts) total += part.digits * 10n ** BigInt(scale - part.scale);
  const negative = total < 0n;
  const text = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const whole = text.slice(0, text.length - scale);
  const fraction = text.slice(text.length - scale);
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
