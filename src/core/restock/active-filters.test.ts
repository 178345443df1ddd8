import { describe, expect, it } from 'vitest';
import { anyFilterNarrows, filterNarrows } from './active-filters';

describe('whether a filter narrows the rows', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['   ', false],
    ['abc', true],
    [[true, ''], false],
    // The toggle was flipped, then the number deleted by hand: nothing is filtered.
    [[false, ''], false],
    [[false, '-'], false],
    [[false, '12'], true],
    [[true, '0'], true],
    [0, false],
    [1, true],
    [2, true],
  ] as const)('%j → %s', (filter, narrows) => {
    expect(filterNarrows(filter)).toBe(narrows);
  });

  it('enables Clear Filters only while one of them narrows', () => {
    expect(anyFilterNarrows({})).toBe(false);
    expect(anyFilterNarrows({ cost: [false, ''], title: '' })).toBe(false);
    expect(anyFilterNarrows({ cost: [false, ''], title: 'x' })).toBe(true);
  });
});
