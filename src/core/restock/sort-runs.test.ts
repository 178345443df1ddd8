import { describe, expect, it } from 'vitest';
import { insertionSort, rowsInRuns, runEnd, SHORT_RUN, sortLongRuns } from './sort-runs';

const flags = (length: number, starts: number[]) => {
  const runStarts = new Uint8Array(length + 1);
  for (const start of [...starts, length]) runStarts[start] = 1;
  return runStarts;
};

describe('runs of tied rows', () => {
  it('ends a run where the next one starts', () => {
    const runStarts = flags(6, [0, 2, 5]);
    expect([runEnd(runStarts, 0), runEnd(runStarts, 2), runEnd(runStarts, 5)]).toEqual([2, 5, 6]);
  });

  it('flags the rows in runs of at least a length, or none when that is every row', () => {
    const order = Uint32Array.from([3, 0, 1, 2, 4]);
    const { only, count } = rowsInRuns(order, flags(5, [0, 1, 4]), 2);
    expect(count).toBe(3);
    expect(Array.from(only!)).toEqual([1, 1, 1, 0, 0]);
    expect(rowsInRuns(order, flags(5, [0]), 2)).toEqual({ only: undefined, count: 5 });
  });
});

describe('insertionSort', () => {
  const byValue = (values: number[]) => (a: number, b: number) => values[a]! - values[b]! || a - b;

  it.each([
    ['shuffled', [5, 1, 4, 2, 3]],
    ['reversed', [5, 4, 3, 2, 1]],
    ['sorted', [1, 2, 3, 4, 5]],
    ['tied', [2, 1, 2, 1, 2]],
  ])('sorts a %s range and only that range', (_, values) => {
    const order = Uint32Array.from([9, 0, 1, 2, 3, 4, 8]);
    const all = [...values, 0, 0, 0, 0];
    insertionSort(order, 1, 6, byValue(all));
    const expected = [0, 1, 2, 3, 4].sort(byValue(all));
    expect(Array.from(order)).toEqual([9, ...expected, 8]);
  });
});

describe('sortLongRuns', () => {
  it('orders the rows of runs longer than SHORT_RUN by rank, keeping tied rows in order, and leaves short runs alone', () => {
    const longLength = SHORT_RUN + 8;
    const length = 3 + longLength;
    // A short run of three rows (left as it is), then one long run.
    const order = Uint32Array.from({ length }, (_, i) => i);
    const ranks = Int32Array.from({ length }, (_, row) => (row < 3 ? 9 - row : (row * 7) % 5));
    sortLongRuns(order, flags(length, [0, 3]), { ranks, count: 10 });
    expect(Array.from(order.subarray(0, 3))).toEqual([0, 1, 2]);
    const long = Array.from(order.subarray(3));
    const expected = Array.from({ length: longLength }, (_, i) => i + 3).sort(
      (a, b) => ranks[a]! - ranks[b]! || a - b,
    );
    expect(long).toEqual(expected);
  });
});
