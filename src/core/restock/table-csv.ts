import { type CsvValue, csvDocument } from '../csv';
import type { ColumnDefinition } from './columns';

/**
 * The restock table's "Export CSV": the rows as filtered and sorted on screen, in the
 * visible columns and their order, with plain numbers (no currency marks or thousands separators,
 * so a spreadsheet can compute with them; MSKUs and ASINs exactly as stored). A percent column
 * holds the number the grid shows (62.48 for 62.48%, header "ROI (%)"), not the ratio behind it,
 * so the file and the screen agree. It uses the one CSV writer.
 */
type ExportColumn = Pick<ColumnDefinition, 'key' | 'name'> & Partial<Pick<ColumnDefinition, 'format'>>;
type Field = { header: string; valueOf: (row: Readonly<Record<string, unknown>>) => CsvValue };

const raw = (value: unknown): CsvValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

const field = (header: string, key: string): Field => ({ header, valueOf: (row) => raw(row[key]) });

// The grid's percent: two decimals of ratio × 100; rounded so 0.1 × 100 writes 10, not 10.000000000000002.
const percentField = (header: string, key: string): Field => ({
  header: `${header} (%)`,
  valueOf: (row) => {
    const value = row[key];
    return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 10_000) / 100 : null;
  },
});

/**
 * The Product column is a picture, a title and two codes: it becomes a title column plus MSKU
 * and ASIN columns, unless those are visible columns of their own (then they keep their place).
 */
function fieldsOf(columns: readonly ExportColumn[]): Field[] {
  const visible = new Set(columns.map((column) => column.key));
  return columns.flatMap((column): Field[] => {
    if (column.format === 'percent') return [percentField(column.name, column.key)];
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
