import { describe, expect, it } from 'vitest';
import { emptyMapping } from './mapping';
import { sourceRowNumbers, withSourceRowNumbers } from './row-numbers';

const mapping = { ...emptyMapping(), msku: 'SKU', cost: 'Cost' };

describe('sourceRowNumbers', () => {
  it('numbers the kept rows by their place among the data rows', () => {
    const rows = [{ SKU: 'A' }, { SKU: '' }, { SKU: '  ' }, { SKU: 'B' }, { Cost: '1' }, { SKU: 'C' }];
    expect(sourceRowNumbers(rows, mapping)).toEqual([1, 4, 6]);
  });

  it('is empty while msku is unmapped', () => {
    expect(sourceRowNumbers([{ SKU: 'A' }], emptyMapping())).toEqual([]);
  });
});

describe('withSourceRowNumbers', () => {
  it.each([
    ['Row 2: cost must be a number', 'Row 4: cost must be a number'],
    ['Row 3: msku "A" is already on row 1', 'Row 6: msku "A" is already on row 1'],
    ['No data to save', 'No data to save'],
    ['Row 9: outside the list stays as it is', 'Row 9: outside the list stays as it is'],
  ])('turns %j into %j', (message, expected) => {
    expect(withSourceRowNumbers(message, [1, 4, 6])).toBe(expected);
  });
});
