import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareText, textRanks } from './text-ranks';

const collator = new Intl.Collator('en-US', { sensitivity: 'base' });
const sign = (n: number) => Math.sign(n);

describe('compareText', () => {
  it.each([
    ['apple', 'Banana'],
    ['Apple', 'apple'],
    ['a b', 'ab'],
    ['10', '9'],
    ['Café', 'cafe'],
    ['co-op', 'coop'],
    ['x', 'x!'],
    ['', 'a'],
  ])('orders %j and %j as the collator does', (x, y) => {
    expect(sign(compareText(x, y))).toBe(sign(collator.compare(x, y)));
    expect(sign(compareText(y, x))).toBe(sign(collator.compare(y, x)));
  });

  it('agrees with the collator on any texts', () => {
    const aText = fc.string({
      unit: fc.constantFrom('a', 'B', 'é', ' ', '-', '1', '9', 'Z', '.', "'"),
      maxLength: 6,
    });
    fc.assert(fc.property(aText, aText, (x, y) => sign(compareText(x, y)) === sign(collator.compare(x, y))));
  });
});

describe('textRanks', () => {
  const texts = ['pear', null, 'Apple', 'apple', 'Éclair', 'banana', null];

  it('ranks texts in collator order, equal ones alike, blanks last', () => {
    const { ranks, count } = textRanks({ kind: 'text', texts, sign: 1 });
    expect(Array.from(ranks)).toEqual([3, 4, 0, 0, 2, 1, 4]);
    expect(count).toBe(5);
  });

  it('reverses the order descending, blanks still last', () => {
    const { ranks } = textRanks({ kind: 'text', texts, sign: -1 });
    expect(Array.from(ranks)).toEqual([0, 4, 3, 3, 1, 2, 4]);
  });

  it('ranks only the flagged rows when told to', () => {
    const only = Uint8Array.from([1, 0, 1, 0, 0, 1, 0]);
    const { ranks } = textRanks({ kind: 'text', texts, sign: 1 }, only);
    const shown = Array.from(ranks).filter((_, row) => only[row] === 1);
    expect(shown).toEqual([2, 0, 1]);
  });

  it('ranks many repeated texts as the collator orders them', () => {
    const many = Array.from({ length: 5000 }, (_, i) => (i % 50 === 0 ? null : `Item ${(i * 37) % 300}`));
    const { ranks } = textRanks({ kind: 'text', texts: many, sign: 1 });
    for (let a = 0; a < 200; a++) {
      const b = (a * 7919) % many.length;
      const x = many[a];
      const y = many[b];
      if (x == null || y == null) continue;
      expect(sign(ranks[a]! - ranks[b]!)).toBe(sign(collator.compare(x, y)));
    }
  });
});
