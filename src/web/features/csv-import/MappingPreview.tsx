import { useMemo } from 'react';
import { countOf } from '../../../core/counts';
import { type CsvRow, type Mapping, mappedRows } from '../../../core/csv-import/mapping';
import { IMPORT_TARGETS } from '../../../core/csv-import/targets';
import { type DecimalSeparator, VALUE_FORMATS } from '../../../core/csv-import/values';
import { formatCell } from '../../../core/restock/formatters';
import styles from './csv-import.module.css';

const PREVIEW_ROWS = 10;
// Enough lines to find ten with an SKU without parsing the whole file on every change.
const PREVIEW_SCAN = 500;

/** SPEC 4: the first mapped rows as they will be saved, recomputed on every mapping change. */
export function MappingPreview({
  rows,
  mapping,
  total,
  decimal,
  currency,
}: {
  rows: readonly CsvRow[];
  mapping: Mapping;
  total: number;
  decimal: DecimalSeparator;
  /** The currency of the file's amounts. */
  currency: string;
}) {
  const preview = useMemo(
    () => mappedRows(rows.slice(0, PREVIEW_SCAN), mapping, { decimal }).slice(0, PREVIEW_ROWS),
    [rows, mapping, decimal],
  );
  const targets = IMPORT_TARGETS.filter((target) => mapping[target.key] !== null);
  if (mapping.msku === null) {
    return <p className={styles.hint}>Map a column to MSKU to see a preview: every product needs its SKU.</p>;
  }
  return (
    <div>
      <h3 className={styles.previewTitle}>
        Preview: {preview.length} of {countOf(total, 'row')} to import
      </h3>
      <div className={styles.preview}>
        <table className={styles.table} aria-label="Import preview">
          <thead>
            <tr>
              {targets.map((target) => (
                <th key={target.key} scope="col" title={`From column "${mapping[target.key]}"`}>
                  {target.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.map((row, index) => (
              // A file may hold an MSKU twice (the dialog lists those): the line is what is unique.
              // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows never reorder.
              <tr key={index}>
                {targets.map((target) => {
                  const value = row[target.key];
                  const isNumeric = target.type !== 'text' && target.type !== 'boolean';
                  const classes = [isNumeric ? styles.numeric : '', value == null ? styles.nullCell : ''];
                  // A cell left out of the row did not parse: the stored value stays.
                  const isKept = value === undefined;
                  return (
                    <td
                      key={target.key}
                      className={classes.join(' ')}
                      title={isKept ? 'Not readable: the stored value stays as it is' : undefined}
                    >
                      {isKept ? 'kept' : formatCell(VALUE_FORMATS[target.type], value, currency)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
