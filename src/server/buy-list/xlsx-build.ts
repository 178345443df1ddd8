import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import type { Sheet, SheetCell, SheetRow } from '../../core/buy-list/exports';

const MONEY_FORMAT = '#,##0.00';

// Text is always a String cell: an MSKU '00123' keeps its zeros, and '=…' is text, never a formula.
function toCell(cell: SheetCell, style: SheetRow['style']): Cell {
  const bold = style === undefined ? {} : { fontWeight: 'bold' as const };
  if (cell.value === null) return null;
  if (cell.type === 'text') return { type: String, value: cell.value, ...bold };
  if (cell.type === 'money') return { type: Number, value: cell.value, format: MONEY_FORMAT, ...bold };
  return { type: Number, value: cell.value, ...bold };
}

/** A sheet of core/buy-list/exports.ts as an .xlsx file (CPU-bound: run it in xlsx-worker). */
export async function buildXlsx(sheet: Sheet): Promise<Buffer> {
  const data: Row[] = sheet.rows.map((row) => row.cells.map((cell) => toCell(cell, row.style)));
  return writeXlsxFile(data, {
    // Sheet names may not hold []:*?/\ and are at most 31 characters.
    sheet: sheet.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31),
    columns: sheet.widths.map((width) => ({ width })),
  }).toBuffer();
}
