import type { CsvRow, Mapping } from './mapping';
import { parseText } from './values';

// mappedRows leaves out lines without an msku (a totals line, a note), so 'Row 3' of the upload is
// not always the third line of the file. These helpers put the file's own numbering back.

/**
 * For each row mappedRows keeps, its number among the file's data rows (from 1, the header and
 * empty lines not counted, as a spreadsheet shows them below the header).
 */
export function sourceRowNumbers(rows: readonly CsvRow[], mapping: Mapping): number[] {
  const mskuColumn = mapping.msku;
  if (mskuColumn == null) return [];
  const numbers: number[] = [];
  rows.forEach((row, index) => {
    if (parseText(row[mskuColumn]) !== null) numbers.push(index + 1);
  });
  return numbers;
}

/** 'Row 2: …' (and '… on row 1') with the upload's row numbers replaced by the file's. */
export function withSourceRowNumbers(message: string, numbers: readonly number[]): string {
  return message.replace(/\b([Rr]ow) (\d+)/g, (match, word: string, digits: string) => {
    const source = numbers[Number(digits) - 1];
    return source === undefined ? match : `${word} ${source}`;
  });
}
