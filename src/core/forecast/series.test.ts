import { describe, expect, it } from 'vitest';
import { denseHistory } from './history';
import { NO_ROW, type PackedSeries, seriesHistory, withDays } from './series';

type Rows = Map<number, number>;

/** The rows of days `from` to `to` as the parallel columns denseHistory takes. */
function columns(rows: Rows, from: number, to: number) {
  const days: number[] = [];
  const values: number[] = [];
  for (const [day, value] of [...rows].sort((a, b) => a[0] - b[0])) {
    if (day >= from && day <= to) {
      days.push(day);
      values.push(value);
    }
  }
  return { days, values };
}

/** A small deterministic generator, so that a failure names a seed that reproduces it. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

describe('withDays', () => {
  it('writes days into an empty series, leaving days without a row as NO_ROW', () => {
    const series = withDays(null, 'units', [12, 10], [3, 0]);
    expect(series.start).toBe(10);
    expect([...series.units]).toEqual([0, NO_ROW, 3]);
    expect(series.stock).toBeNull();
  });

  it('replaces a day, extends both ways and keeps the other kind on the same days', () => {
    let series = withDays(null, 'units', [10, 11], [1, 2]);
    series = withDays(series, 'stock', [11, 13], [50, 40]);
    series = withDays(series, 'units', [8, 11], [7, 9]);
    expect(series.start).toBe(8);
    expect([...series.units]).toEqual([7, NO_ROW, 1, 9]);
    expect([...series.stock!]).toEqual([NO_ROW, NO_ROW, NO_ROW, 50, NO_ROW, 40]);
  });

  it('keeps a product with stock rows only without units', () => {
    const series = withDays(null, 'stock', [5], [9]);
    expect(series.units.length).toBe(0);
    expect(seriesHistory(series, 0, 10)).toBeNull();
  });
});

describe('seriesHistory', () => {
  it('reads a packed series as denseHistory reads the same rows, within the same window', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const sales: Rows = new Map();
      const stock: Rows = new Map();
      let series: PackedSeries | null = null;
      // A few imports of each kind, in any order, some days imported twice.
      for (let file = 0; file < 1 + next(5); file++) {
        const kind = next(3) === 0 ? 'stock' : 'units';
        const target = kind === 'units' ? sales : stock;
        const first = 100 + next(200);
        const days: number[] = [];
        const values: number[] = [];
        for (let day = first; day < first + next(60); day++) {
          if (next(4) === 0) continue;
          const value = next(3) === 0 ? 0 : next(20);
          target.set(day, value);
          days.push(day);
          values.push(value);
        }
        series = withDays(series, kind, days, values);
      }
      if (!series) continue;
      const lastDay = 150 + next(200);
      const fromDay = lastDay - 1 - next(250);
      const salesRows = columns(sales, fromDay, lastDay);
      const expected =
        salesRows.days.length === 0
          ? null
          : denseHistory(salesRows, columns(stock, fromDay, lastDay), lastDay);
      const actual = seriesHistory(series, fromDay, lastDay);
      const plain = (history: typeof actual) =>
        history && {
          start: history.start,
          units: Array.from(history.units),
          stock: history.stock && Array.from(history.stock),
        };
      expect(plain(actual), `seed ${seed}`).toEqual(plain(expected));
    }
  });
});
