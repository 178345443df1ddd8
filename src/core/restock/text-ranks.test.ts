import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeUnitOrder, compareText, textRankSteps, textRanks } from './text-ranks';

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

  it('ranks a large table in collator order, dealt out by character first, in many steps', () => {
    // More texts than one native sort takes, most sharing a long start, some not ASCII or blank.
    const starts = ['Widget ', 'widget-', 'Gadget ', 'Éclair ', 'gadget'];
    const large = Array.from({ length: 70_000 }, (_, i) =>
      i % 997 === 0 ? null : `${starts[i % 5]}${(i * 7919) % 30_011}${i % 3 === 0 ? ' Blue' : ''}`,
    );
    const steps = textRankSteps({ kind: 'text', texts: large, sign: 1 });
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(pauses).toBeGreaterThan(10);
    const { ranks, count } = step.value;
    const byRank = large.map((_, row) => row).sort((a, b) => ranks[a]! - ranks[b]!);
    for (let i = 1; i < byRank.length; i++) {
      const x = large[byRank[i - 1]!];
      const y = large[byRank[i]!];
      const sameRank = ranks[byRank[i - 1]!] === ranks[byRank[i]!];
      if (y == null) {
        expect(ranks[byRank[i]!]).toBe(count - 1);
        continue;
      }
      const order = sign(collator.compare(x!, y));
      expect(order).toBe(sameRank ? 0 : -1);
    }
  });

  it('orders texts by code unit before ranking them, however many share a start', () => {
    // 140,000 texts sharing a long start: a fifth end there; most go on with 'a', a group still
    // too large after the first deal; the rest with characters too large to pack (CJK, an emoji's
    // surrogate pair, é), thousands of them alike up to such a character.
    const prefix = 'x'.repeat(30);
    const next = ['', 'a', 'a', 'a', '日é', '😀', 'aé', 'é'];
    const texts = Array.from(
      { length: 140_000 },
      (_, i) =>
        `${prefix}${next[i % 8]}${i % 8 === 0 ? '' : `${(i * 104_729) % 140_009}${i % 3 ? 'é' : '~'}${i % 7}`}`,
    );
    const expected = texts.slice().sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const order = Array.from(codeUnitOrder(texts));
    expect(order.map((i) => texts[i]!)).toEqual(expected);
  });

  it('takes fewer texts a step when they are long, and ranks them the same', () => {
    const pausesOf = (texts: string[]) => {
      const steps = textRankSteps({ kind: 'text', texts, sign: 1 });
      let pauses = 0;
      let step = steps.next();
      while (!step.done) {
        pauses++;
        step = steps.next();
      }
      return { pauses, ranks: Array.from(step.value.ranks) };
    };
    const numbers = Array.from({ length: 4000 }, (_, i) => (i * 7919) % 4000);
    const short = pausesOf(numbers.map((n) => `Title ${n}`));
    // A brand's 480 characters before each title: the same order, many more pauses.
    const long = pausesOf(numbers.map((n) => `${'Brand '.repeat(80)}Title ${n}`));
    expect(long.ranks).toEqual(short.ranks);
    expect(long.pauses).toBeGreaterThan(short.pauses * 4);
  });
});
