// The server names a bad row by its place in the upload ('Row 3'), which skips lines without an
// msku and the header. These helpers put the spreadsheet's own numbering back (the header is row
// 1, so the first data row is row 2, and empty lines count as the spreadsheet shows them).

/** The spreadsheet row number of each uploaded row, from the rows' source indexes. */
export function sheetRowNumbers(sourceIndexes: readonly number[], lines: readonly number[]): number[] {
  return sourceIndexes.map((index) => lines[index] ?? index + 2);
}

/** 'Row 2: …' (and '… on row 1') with the upload's row numbers replaced by the spreadsheet's. */
export function withSourceRowNumbers(message: string, numbers: readonly number[]): string {
  return message.replace(/\b([Rr]ow) (\d+)/g, (match, word: string, digits: string) => {
    const source = numbers[Number(digits) - 1];
    return source === undefined ? match : `${word} ${source}`;
  });
}
