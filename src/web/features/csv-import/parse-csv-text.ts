import Papa from 'papaparse';
import type { CsvRow } from '../../../core/csv-import/mapping';

export type ParsedCsv = { headers: string[]; rows: CsvRow[] };

/** SPEC 2: headers from the first line, empty lines skipped; nameless columns cannot be mapped. */
export function parseCsvText(text: string, delimiter: string): ParsedCsv {
  const result = Papa.parse<CsvRow>(text, { header: true, skipEmptyLines: true, delimiter });
  const headers = (result.meta.fields ?? []).filter((header) => header.trim() !== '');
  return { headers, rows: result.data };
}
