import { describe, expect, it } from 'vitest';
import { mergeLines, type PartLines, partLines, sumDecimals } from './file-lines';

const part = (lines: [string, number, number, number | null][]): PartLines => ({
  msku: lines.map((line) => line[0]),
  day: lines.map((line) => line[1]),
  value: lines.map((line) => line[2]),
  revenue: lines.map((line) => line[3]),
});

describe('mergeLines', () => {
  it('adds up the sales lines of a product and day across parts, and sorts each product by day', () => {
    const { products, duplicates } = mergeLines('sales', [
      part([
        ['A', 12, 1, 1.1],
        ['B', 10, 4, null],
        ['A', 10, 2, null],
      ]),
      part([
        ['A', 12, 3, 2.2],
        ['B', 11, 5, null],
      ]),
    ]);
    expect(duplicates).toBe(1);
    expect([...products.keys()]).toEqual(['A', 'B']);
    expect(products.get('A')).toEqual({ days: [10, 12], values: [2, 4], revenue: [null, '3.3'] });
    expect(products.get('B')).toEqual({ days: [10, 11], values: [4, 5], revenue: [null, null] });
  });

  it('keeps the last stock line of a day, the last part winning over earlier ones', () => {
    const { products, duplicates } = mergeLines('stock', [
      part([
        ['S', 5, 9, null],
        ['S', 4, 1, null],
        ['S', 5, 8, null],
      ]),
      part([
        ['S', 5, 7, null],
        ['S', 6, 0, null],
      ]),
    ]);
    expect(duplicates).toBe(2);
    expect(products.get('S')).toEqual({ days: [4, 5, 6], values: [1, 7, 0], revenue: null });
  });

  it('reads request rows with their days as day numbers', () => {
    const lines = partLines([
      { msku: 'A', day: '1970-01-03', value: 1, revenue: null },
      { msku: 'A', day: '2026-01-01', value: 2, revenue: 9.99 },
    ]);
    expect(lines).toEqual({ msku: ['A', 'A'], day: [2, 20454], value: [1, 2], revenue: [null, 9.99] });
    // A staged part goes through JSON and comes back the same.
    expect(JSON.parse(JSON.stringify(lines))).toEqual(lines);
  });
});

describe('sumDecimals', () => {
  it('adds exactly, as numeric does, where floats would round', () => {
    expect(sumDecimals([0.1, 0.2])).toBe('0.3');
    expect(sumDecimals([0.005, 0.005, 0.005])).toBe('0.015');
    expect(sumDecimals([1e-7, 2])).toBe('2.0000001');
    expect(sumDecimals([1e21, 1])).toBe('1000000000000000000001');
    expect(sumDecimals([19.99, null, 0.01])).toBe('20.00');
  });

  it('is null when every value is, and the value itself when there is one', () => {
    expect(sumDecimals([null, null])).toBeNull();
    expect(sumDecimals([null, 4.5])).toBe('4.5');
  });
});
