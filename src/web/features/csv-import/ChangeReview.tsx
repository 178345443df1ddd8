import type { FieldChange } from '../../../core/csv-import/import-request';
import { targetByKey } from '../../../core/csv-import/targets';
import { VALUE_FORMATS } from '../../../core/csv-import/values';
import { formatCell } from '../../../core/restock/formatters';
import styles from './csv-import.module.css';
import steps from './import-steps.module.css';
import type { CsvImportState } from './use-csv-import';

const n = (value: number) => value.toLocaleString('en-US');

function shown(field: FieldChange['field'], value: unknown, currency: string): string {
  if (value === null || value === undefined) return '(empty)';
  const type = targetByKey(field)?.type ?? 'text';
  const text = formatCell(VALUE_FORMATS[type], value, currency);
  return type === 'text' ? `“${text}”` : text;
}

/**
 * DESIGN 12: what Save will do, as the server's dry run of the same import answered it: new,
 * updated and unchanged products, and per field how many values change and how many are cleared,
 * with the first few (old → new). Clearing values needs its own confirmation.
 */
export function ChangeReview({ state }: { state: CsvImportState }) {
  const { review, clearedCount } = state;
  if (!review) return null;
  const { preview } = review;
  const currency = state.currency ?? 'USD';
  return (
    <section aria-labelledby="change-review-title" className={steps.notice}>
      <h3 id="change-review-title" className={styles.previewTitle}>
        What this import will change
      </h3>
      <ul className={steps.counts} aria-label="Products">
        <li className={steps.count}>
          <span className={steps.countValue}>{n(preview.inserted)}</span> new products
        </li>
        <li className={steps.count}>
          <span className={steps.countValue}>{n(preview.updated)}</span> updated
        </li>
        <li className={steps.count}>
          <span className={steps.countValue}>{n(preview.unchanged)}</span> unchanged
        </li>
      </ul>
      {preview.fields.length > 0 ? (
        <div className={styles.preview}>
          <table className={styles.table} aria-label="Changes by field">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Values changed</th>
                <th scope="col">Cleared</th>
                <th scope="col">For example</th>
              </tr>
            </thead>
            <tbody>
              {preview.fields.map((change) => (
                <tr key={change.field}>
                  <th scope="row">{targetByKey(change.field)?.name ?? change.field}</th>
                  <td className={styles.numeric}>{n(change.changed)}</td>
                  <td className={`${styles.numeric} ${change.cleared > 0 ? steps.cleared : ''}`}>
                    {n(change.cleared)}
                  </td>
                  <td>
                    {change.examples.map((example) => (
                      <div key={example.msku} className={steps.example}>
                        {example.msku}: {shown(change.field, example.before, currency)}
                        <span className={steps.arrow}>→</span>
                        {shown(change.field, example.after, currency)}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.hint}>No stored value changes: the import only adds new products.</p>
      )}
      {clearedCount > 0 ? (
        <label className={`${steps.option} ${steps.cleared}`}>
          <input
            type="checkbox"
            checked={state.confirmClears}
            onChange={(event) => state.setConfirmClears(event.target.checked)}
          />
          Yes, clear {n(clearedCount)} stored value{clearedCount === 1 ? '' : 's'}
        </label>
      ) : null}
    </section>
  );
}
