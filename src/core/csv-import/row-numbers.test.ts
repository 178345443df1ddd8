import { describe, expect, it } from 'vitest';
import { emptyMapping, importRows } from './mapping';
import { sheetRowNumbers, withSourceRowNumbers } from './row-numbers';

const mapping = { ...emptyMapping(), msku: 'SKU', cost: 'Cost' };

describe('sheetRowNumbers', () => {
  it('numbers the uploaded rows by the spreadsheet rows they came from', () => {
    const rows = [{ SKU: 'A' }, { SKU: '' }, { SKU: '  ' }, { SKU: 'B' }, { Cost: '1' }, { SKU: 'C' }];
    // An empty line sat between the header and the first row: the rows are 3, 4, 5, ...
    const lines = [3, 4, 5, 6, 7, 8];
    expect(sheetRowNumbers(importRows(rows, mapping).sourceIndexes, lines)).toEqual([3, 6, 8]);
  });

  it('is empty while msku is unmapped', () => {
    expect(sheetRowNumbers(importRows([{ SKU: 'A' }], emptyMapping()).sourceIndexes, [2])).toEqual([]);
  });
});

describe('withSourceRowNumbers', () => {
  it.each([
    ['Row 2: cost must be a number', 'Row 4: cost must be a number'],
    ['Row 3: msku "A" is already on row 1', 'Row 6: msku "A" is already on row 2'],
    ['No data to save', 'No data to save'],
    ['Row 9: outside the list stays as it is', 'Row 9: outside the list stays as it is'],
  ])('turns %j into %j', (message, expected) => {
    expect(withSourceRowNumbers(message, [2, 4, 6])).toBe(expected);
  });
});
