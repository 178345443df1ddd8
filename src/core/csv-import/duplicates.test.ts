import { describe, expect, it } from 'vitest';
import { duplicatesMessage, findDuplicateMskus, keepLastOfEachMsku } from './duplicates';

const sheet = {
  rows: [
    { SKU: 'A', Cost: '1' },
    { SKU: 'B', Cost: '2' },
    { SKU: ' A ', Cost: '3' },
    { SKU: '', Cost: '4' },
    { SKU: 'C', Cost: '5' },
    { SKU: 'B', Cost: '6' },
    { SKU: 'A', Cost: '7' },
  ],
  // An empty line after the header: the data starts on spreadsheet row 3.
  lines: [3, 4, 5, 6, 7, 8, 9],
};

describe('duplicate MSKUs', () => {
  it('lists every repeated msku with all its spreadsheet rows', () => {
    expect(findDuplicateMskus(sheet, 'SKU')).toEqual([
      { msku: 'A', rows: [3, 5, 9] },
      { msku: 'B', rows: [4, 8] },
    ]);
  });

  it('finds none in a file without repeats', () => {
    expect(findDuplicateMskus({ rows: [{ SKU: 'A' }, { SKU: 'B' }], lines: [2, 3] }, 'SKU')).toEqual([]);
  });

  it('keeps the last row of each msku, in file order, with its row number', () => {
    const kept = keepLastOfEachMsku(sheet, 'SKU');
    expect(kept.rows.map((row) => row.Cost)).toEqual(['4', '5', '6', '7']);
    expect(kept.lines).toEqual([6, 7, 8, 9]);
  });

  it('names the first duplicates in one sentence and counts the rest', () => {
    const duplicates = findDuplicateMskus(sheet, 'SKU');
    expect(duplicatesMessage(duplicates)).toBe('MSKU "A" is on rows 3, 5 and 9; MSKU "B" is on rows 4 and 8');
    expect(duplicatesMessage(duplicates, 1)).toBe('MSKU "A" is on rows 3, 5 and 9; and 1 more');
  });
});
