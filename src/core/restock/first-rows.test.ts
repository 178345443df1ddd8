import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RESTOCK_COLUMNS } from './columns';
import { firstInProductOrder, orderTies, tiedRows } from './first-rows';
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

  it("picks the same rows from rows in any order once their ties are put in the table's msku order", () => {
    // As the database hands them over: unique mskus, in no particular order. The table comes in
    // the database's msku order (here the code units' order).
    const byMsku = (a: { msku: string }, b: { msku: string }) =>
      a.msku < b.msku ? -1 : a.msku > b.msku ? 1 : 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(aRow, { maxLength: 60, selector: (row) => row.msku }),
        fc.integer({ min: 0, max: 70 }),
        fc.nat(),
        (rows, limit, seed) => {
          const table = [...rows].sort(byMsku);
          const expected = sortRows(table, [], RESTOCK_COLUMNS).slice(0, limit);
          const shuffled = fc.sample(fc.shuffledSubarray(rows, { minLength: rows.length }), {
            seed,
            numRuns: 1,
          })[0]!;
          const first = firstInProductOrder(shuffled, limit, { withTiesOfLast: true });
          const tied = tiedRows(first).sort(byMsku);
          const ordered = orderTies(first, (row) => tied.indexOf(row));
          expect(ordered.slice(0, limit)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('adds the rows tied with the last one, and names the rows tied with a neighbour', () => {
    const rows = [
      { msku: 'c', title: 'Mug' },
      { msku: 'a', title: 'Ant' },
      { msku: 'C', title: 'mug' },
      { msku: 'b', title: 'Bee' },
      { msku: 'ç', title: 'MUG' },
    ];
    const first = firstInProductOrder(rows, 3, { withTiesOfLast: true });
    expect(first.map((row) => row.msku)).toEqual(['a', 'b', 'c', 'C', 'ç']);
    expect(tiedRows(first).map((row) => row.msku)).toEqual(['c', 'C', 'ç']);
    expect(firstInProductOrder(rows, 3).map((row) => row.msku)).toEqual(['a', 'b', 'c']);
    expect(orderTies(first, (row) => ['ç', 'C', 'c'].indexOf(row.msku)).map((row) => row.msku)).toEqual([
      'a',
      'b',
      'ç',
      'C',
      'c',
    ]);
  });
});
