import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberRanks } from './number-ranks';

/** A number key as the sort reads it: nulls are +Infinity, flagged. */
const key = (numbers: (number | null)[]) => ({
  kind: 'number' as const,
  values: Float64Array.from(numbers, (n) => n ?? Number.POSITIVE_INFINITY),
  isNull: Uint8Array.from(numbers, (n) => (n === null ? 1 : 0)),
});

/** Ranks must order rows as their numbers do, equal numbers alike, nulls after all. */
function expectOrdered(numbers: (number | null)[], ranks: Int32Array) {
  for (let a = 0; a < numbers.length; a++) {
    for (let b = 0; b < numbers.length; b++) {
      const isNullX = numbers[a] === null;
      const isNullY = numbers[b] === null;
      const x = numbers[a] ?? 0;
      const y = numbers[b] ?? 0;
      const expected = isNullX || isNullY ? Number(isNullX) - Number(isNullY) : x < y ? -1 : x > y ? 1 : 0;
      expect(Math.sign(ranks[a]! - ranks[b]!) || 0, `${numbers[a]} vs ${numbers[b]}`).toBe(expected);
    }
  }
}

describe('numberRanks', () => {
  it.each([
    ['whole numbers in a small span', [3, -2, 7, 3, null, 0]],
    ['cents', [1.25, 0.1, 99.99, 0.1, null]],
    ['numbers far apart', [1e12, -1e12, 0.5, null, 3, 1e12]],
    ['fractions with no cents', [1 / 3, 2 / 3, -1 / 7, null, 1 / 3]],
    ['-0 and 0', [-0, 0, 1e300, null]],
    ['infinities', [Number.NEGATIVE_INFINITY, 5, null, Number.POSITIVE_INFINITY]],
  ])('orders %s', (_, numbers) => {
    const { ranks, count } = numberRanks(key(numbers));
    expectOrdered(numbers, ranks);
    expect(Math.max(...ranks)).toBeLessThan(count);
    expect(ranks[numbers.indexOf(null)]).toBe(count - 1);
  });

  it('orders any numbers, nulls on the last rank, within the flagged rows when told to', () => {
    // Whole numbers, cents and fractions, so that every way of ranking is taken.
    const number = fc.oneof(
      fc.integer({ min: -500, max: 500 }),
      fc.integer({ min: -50_000, max: 50_000 }).map((cents) => cents / 100),
      fc.double({ noNaN: true }),
      fc.constant(null),
    );
    fc.assert(
      fc.property(fc.array(number, { maxLength: 60 }), fc.boolean(), (numbers, isFlagged) => {
        const only = isFlagged ? Uint8Array.from(numbers, (_, row) => row % 3) : undefined;
        const rows = numbers.map((_, row) => row).filter((row) => only === undefined || only[row] === 1);
        const { ranks, count } = numberRanks(key(numbers), only);
        expectOrdered(
          rows.map((row) => numbers[row]!),
          Int32Array.from(rows, (row) => ranks[row]!),
        );
        for (const row of rows) {
          expect(ranks[row]).toBeLessThan(count);
          if (numbers[row] === null) expect(ranks[row]).toBe(count - 1);
        }
      }),
    );
  });

  it('ranks -0 and 0 alike', () => {
    const { ranks } = numberRanks(key([-0, 0, 1e300]));
    expect(ranks[0]).toBe(ranks[1]);
  });

  it('ranks only the flagged rows when told to', () => {
    const numbers = [5, 1e15, 2, null, -1];
    const only = Uint8Array.from([1, 0, 1, 1, 0]);
    const { ranks } = numberRanks(key(numbers), only);
    expect(ranks[2]!).toBeLessThan(ranks[0]!);
    expect(ranks[0]!).toBeLessThan(ranks[3]!);
  });
});
