import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESTOCK_COLUMNS } from './columns';
import { firstInProductOrder } from './first-rows';
import { sortRows } from './grid-sort';

const TITLES = [
  'Mug',
  'mug',
  'Mùg',
  'école',
  'Eagle',
  '10 Pack',
  ':Colon',
  'apple',
  'Apple ',
  'a-b',
  'ab',
  '',
];

const aRow = fc.record({
  title: fc.oneof(fc.constantFrom(...TITLES), fc.string({ maxLength: 4 }), fc.constant(null)),
  msku: fc.oneof(fc.constantFrom('A', 'a', 'B', 'b-1', 'b1', 'Ä'), fc.string({ maxLength: 3 })),
  n: fc.nat(),
});

describe('firstInProductOrder', () => {
  it('picks the rows the default sort puts first, in its order', () => {
    fc.assert(
      fc.property(fc.array(aRow, { maxLength: 60 }), fc.integer({ min: 0, max: 70 }), (rows, limit) => {
        const expected = sortRows(rows, [], RESTOCK_COLUMNS).slice(0, limit);
        expect(firstInProductOrder(rows, limit)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('puts rows without a title last and keeps tied rows in their original order', () => {
    const rows = [
      { msku: 'x', title: null, n: 0 },
      { msku: 'y', title: 'Mug', n: 1 },
      { msku: 'y', title: 'mug', n: 2 },
      { msku: 'a', title: 'zebra', n: 3 },
    ];
    expect(firstInProductOrder(rows, 3).map((row) => row.n)).toEqual([1, 2, 3]);
  });

  it('answers every row when there are fewer than the limit, and none for a limit of 0', () => {
    const rows = [
      { msku: 'b', title: 'Bee' },
      { msku: 'a', title: 'Ant' },
    ];
    expect(firstInProductOrder(rows, 10).map((row) => row.msku)).toEqual(['a', 'b']);
    expect(firstInProductOrder(rows, 0)).toEqual([]);
  });
});
