import Papa from 'papaparse';
import type { CsvRow } from '../../../core/csv-import/mapping';
import type { SheetRows } from '../../../core/csv-import/reports';

export type ParsedCsv = SheetRows;

const isEmptyRow = (row: CsvRow) => Object.values(row).every((value) => value === undefined || value === '');

/**
 * SPEC 2: headers from the first line, empty lines skipped; nameless columns cannot be mapped.
 * Each row keeps its spreadsheet row number (the header is row 1; empty lines count, as a
 * spreadsheet shows them, and a quoted value spanning lines stays one row).
 */
export function parseCsvText(text: string, delimiter: string): ParsedCsv {
  const result = Papa.parse<CsvRow>(text, { header: true, skipEmptyLines: false, delimiter });
  const headers = (result.meta.fields ?? []).filter((header) => header.trim() !== '');
  const rows: CsvRow[] = [];
  const lines: number[] = [];
  result.data.forEach((row, index) => {
    if (isEmptyRow(row)) return;
    rows.push(row);
    lines.push(index + 2);
  });
  return { headers, rows, lines };
}
