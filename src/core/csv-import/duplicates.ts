import type { CsvRow } from './mapping';
import type { SheetRows } from './reports';
import { parseText } from './values';

// The import upserts by msku, so two rows with one msku would silently lose one of them. Every
// such msku is listed with the spreadsheet rows it is on, and the seller may keep the last row of
// each (a later line usually corrects an earlier one).

export type DuplicateMsku = { msku: string; rows: number[] };

/** Every msku on more than one row, in order of first appearance, with its spreadsheet rows. */
export function findDuplicateMskus(
  sheet: Pick<SheetRows, 'rows' | 'lines'>,
  mskuColumn: string,
): DuplicateMsku[] {
  const rowsByMsku = new Map<string, number[]>();
  sheet.rows.forEach((row: CsvRow, index) => {
    const msku = parseText(row[mskuColumn]);
    if (msku === null) return;
    const line = sheet.lines[index] ?? index + 2;
    const rows = rowsByMsku.get(msku);
    if (rows) rows.push(line);
    else rowsByMsku.set(msku, [line]);
  });
  return [...rowsByMsku].filter(([, rows]) => rows.length > 1).map(([msku, rows]) => ({ msku, rows }));
}

/** The sheet with only the last row of each msku, in file order. */
export function keepLastOfEachMsku<S extends Pick<SheetRows, 'rows' | 'lines'>>(
  sheet: S,
  mskuColumn: string,
): S {
  const lastIndex = new Map<string, number>();
  sheet.rows.forEach((row, index) => {
    const msku = parseText(row[mskuColumn]);
    if (msku !== null) lastIndex.set(msku, index);
  });
  const rows: CsvRow[] = [];
  const lines: number[] = [];
  sheet.rows.forEach((row, index) => {
    const msku = parseText(row[mskuColumn]);
    if (msku !== null && lastIndex.get(msku) !== index) return;
    rows.push(row);
    lines.push(sheet.lines[index] ?? index + 2);
  });
  return { ...sheet, rows, lines };
}

const listRows = (rows: readonly number[]) =>
  rows.length === 2
    ? `rows ${rows[0]} and ${rows[1]}`
    : `rows ${rows.slice(0, -1).join(', ')} and ${rows.at(-1)}`;

/** 'MSKU "A" is on rows 2 and 5' for one duplicate. */
export const duplicateMessage = (duplicate: DuplicateMsku) =>
  `MSKU "${duplicate.msku}" is on ${listRows(duplicate.rows)}`;

/** One sentence naming the first duplicates and how many more there are. */
export function duplicatesMessage(duplicates: readonly DuplicateMsku[], shown = 3): string {
  const named = duplicates.slice(0, shown).map(duplicateMessage).join('; ');
  const more = duplicates.length - shown;
  return more > 0 ? `${named}; and ${more.toLocaleString('en-US')} more` : named;
}
