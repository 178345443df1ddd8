import { type CsvValue, csvDocument } from '../csv';
import type { ColumnDefinition } from './columns';

/**
 * Issue 9: the restock table's "Export CSV": the rows as filtered and sorted on screen, in the
 * visible columns and their order, with raw values (no currency or percent formatting, so a
 * spreadsheet can compute with them; MSKUs and ASINs exactly as stored). It uses the one CSV writer.
 */
type ExportColumn = Pick<ColumnDefinition, 'key' | 'name'>;
type Field = { header: string; valueOf: (row: Readonly<Record<string, unknown>>) => CsvValue };

const raw = (value: unknown): CsvValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

const field = (header: string, key: string): Field => ({ header, valueOf: (row) => raw(row[key]) });

/**
 * The Product column is a picture, a title and two codes: it becomes a title column plus MSKU
 * and ASIN columns, unless those are visible columns of their own (then they keep their place).
 */
function fieldsOf(columns: readonly ExportColumn[]): Field[] {
  const visible = new Set(columns.map((column) => column.key));
  return columns.flatMap((column): Field[] => {
    if (column.key !== 'product') return [field(column.name, column.key)];
    return [
      field(column.name, 'title'),
      ...(visible.has('msku') ? [] : [field('MSKU', 'msku')]),
      ...(visible.has('asin') ? [] : [field('ASIN', 'asin')]),
    ];
  });
}

export function restockTableCsv(
  columns: readonly ExportColumn[],
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
): string {
  const fields = fieldsOf(columns);
  return csvDocument([fields.map((f) => f.header), ...rows.map((row) => fields.map((f) => f.valueOf(row)))]);
}

export const restockCsvFileName = (date: string) => `restock-${date}.csv`;
