import { describe, expect, it } from 'vitest';
import { RESTOCK_COLUMNS } from './columns';
import {
  filterRows,
  isValidRangeInput,
  nextBooleanFilterState,
  parseRangeNumber,
  prepareProductSearch,
  searchableProductText,
} from './grid-filters';
import { manyRows, mskus, SAMPLE_ROWS as rows } from './grid-test-rows';

describe('filterRows', () => {
  const filtered = (filters: Parameters<typeof filterRows>[1]) =>
    mskus(filterRows(rows, filters, RESTOCK_COLUMNS));

  it('returns the rows untouched when no filter is active', () => {
    expect(filterRows(rows, {}, RESTOCK_COLUMNS)).toBe(rows);
    expect(filterRows(rows, { supplier: '', cost: [true, ''], replen: 0 }, RESTOCK_COLUMNS)).toBe(rows);
  });

  it.each([
    ['acme', ['A-1', 'D-4']],
    ['ACME', ['A-1', 'D-4']],
    ['  glob ', ['B-2']],
    ['tools', ['D-4']],
    ['initech', []],
  ])('keeps suppliers containing "%s", ignoring case', (text, expected) => {
    expect(filtered({ supplier: text })).toEqual(expected);
  });

  it.each([
    ['water', ['A-1']],
    ['YOGA', ['B-2']],
    ['b0ccc', ['C-3']],
    ['d-4', ['D-4']],
    ['b0', ['A-1', 'B-2', 'C-3', 'D-4']],
  ])('matches the product filter "%s" against title, asin and msku', (text, expected) => {
    expect(filtered({ product: text })).toEqual(expected);
  });

  it('filters the same after the product search text was prepared ahead, in part', () => {
    const before = filtered({ product: 'steel' });
    prepareProductSearch(rows, 1, 99);
    expect(filtered({ product: 'steel' })).toEqual(before);
  });

  it('never matches across the parts of the product text', () => {
    expect(searchableProductText(rows[0]!)).toBe('steel water bottle\nb0aaa\na-1');
    // Blank parts are kept, missing ones left out, as a join of the present parts would.
    expect(searchableProductText({ title: '', asin: null, msku: 'X-1' })).toBe('\nx-1');
    expect(searchableProductText({ title: null, asin: 'B0Z', msku: 'Z' })).toBe('b0z\nz');
    expect(searchableProductText({})).toBe('');
    expect(filtered({ product: 'bottle b0' })).toEqual([]);
  });

  it.each([
    [
      [true, '10'],
      ['B-2', 'D-4'],
    ],
    [
      [false, '10'],
      ['A-1', 'B-2'],
    ],
    [[true, '10.5'], ['D-4']],
    [[false, '-1'], []],
    [
      [true, ''],
      ['A-1', 'B-2', 'C-3', 'D-4'],
    ],
    [
      [true, 'abc'],
      ['A-1', 'B-2', 'C-3', 'D-4'],
    ],
    [
      [true, '-'],
      ['A-1', 'B-2', 'C-3', 'D-4'],
    ],
  ] as const)('applies the cost range %j and drops rows without a cost', (filter, expected) => {
    expect(filtered({ cost: filter })).toEqual(expected);
  });

  it('drops rows without a value even when every value would pass', () => {
    expect(filtered({ fba_quantity: [true, '0'] })).toEqual(['A-1', 'C-3', 'D-4']);
  });

  it('compares a percent column with what it shows, value × 100', () => {
    // ROI: A-1 25%, B-2 10%, D-4 50%; C-3 has none.
    expect(filtered({ roi: [true, '25'] })).toEqual(['A-1', 'D-4']);
    expect(filtered({ roi: [false, '10'] })).toEqual(['B-2']);
  });

  it.each([
    [1, ['A-1', 'C-3']],
    [2, ['B-2', 'D-4']],
    [0, ['A-1', 'B-2', 'C-3', 'D-4']],
  ] as const)('applies the replen state %d', (state, expected) => {
    expect(filtered({ replen: state })).toEqual(expected);
  });

  it('combines filters, keeping rows that pass all of them', () => {
    expect(filtered({ supplier: 'acme', replen: 2, cost: [true, '5'] })).toEqual(['D-4']);
  });

  it('ignores filters on columns that are not shown and filters of the wrong shape', () => {
    const columns = RESTOCK_COLUMNS.filter((column) => column.key !== 'supplier');
    expect(mskus(filterRows(rows, { supplier: 'acme' }, columns))).toHaveLength(4);
    expect(filtered({ cost: 'acme', replen: [true, '1'] as never })).toHaveLength(4);
  });
});

describe('range filter input', () => {
  it.each(['', '  ', '12', '-5', '0.5', '.5', '12.', '-', '.', '-.', '+3'])('accepts %j', (text) => {
    expect(isValidRangeInput(text)).toBe(true);
  });

  it.each(['abc', '1e', '1,000', '1.2.3', '--1', '$5', '5%'])('refuses %j', (text) => {
    expect(isValidRangeInput(text)).toBe(false);
  });

  it.each([
    ['12', 12],
    [' -5 ', -5],
    ['.5', 0.5],
    ['12.', 12],
    ['', null],
    ['-', null],
    ['.', null],
    ['abc', null],
  ])('reads %j as %j', (text, number) => {
    expect(parseRangeNumber(text)).toBe(number);
  });
});

describe('nextBooleanFilterState', () => {
  it('cycles no filter → checked → unchecked → no filter', () => {
    expect(nextBooleanFilterState(0)).toBe(1);
    expect(nextBooleanFilterState(1)).toBe(2);
    expect(nextBooleanFilterState(2)).toBe(0);
  });
});

describe('filterRows on 100,000 rows', () => {
  const many = manyRows(100_000);

  it('filters them exactly as a plain scan would', () => {
    const filters = { product: 'yoga', supplier: 'plier 1', cost: [true, '12.5'], replen: 1 } as const;
    const kept = filterRows(many, filters, RESTOCK_COLUMNS);
    const expected = many.filter(
      (r) =>
        `${r.title ?? ''}\n${r.asin}\n${r.msku}`.toLowerCase().includes('yoga') &&
        (r.supplier ?? '').toLowerCase().includes('plier 1') &&
        r.cost !== null &&
        r.cost >= 12.5 &&
        r.replen,
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(expected);
  });
});
