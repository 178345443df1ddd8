import { duplicateMessage } from '../../../core/csv-import/duplicates';
import { Button } from '../../ui/Button';
import styles from './import-steps.module.css';
import type { CsvImportState } from './use-csv-import';

/** How many duplicates are listed; the rest are counted. */
const SHOWN_DUPLICATES = 100;

/** What the importer found in the file that the seller should know before saving. */
export function ImportNotices({ state }: { state: CsvImportState }) {
  const { file, refused, savedAlternative, duplicates, keepLast } = state;
  if (!file) return null;
  const missing = file.report?.missing ?? [];
  return (
    <>
      {missing.length > 0 ? (
        <p className={`${styles.notice} ${styles.warning}`} role="status">
          This {file.report?.profile.name} lacks {missing.length === 1 ? 'the column' : 'the columns'}{' '}
          {missing.map((name) => `"${name}"`).join(', ')}: the fields they fill stay as they are.
        </p>
      ) : null}
      {refused.length > 0 ? (
        <div className={`${styles.notice} ${styles.warning}`} role="status">
          <span>Not mapped, because most of their values do not fit:</span>
          <ul className={styles.noticeList}>
            {refused.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {savedAlternative ? (
        <div className={styles.notice} role="status">
          <span>Your saved column mapping also fits this file. The report’s own mapping is used.</span>
          <div className={styles.noticeActions}>
            <Button variant="secondary" onClick={state.applySavedAlternative}>
              Use my saved mapping
            </Button>
          </div>
        </div>
      ) : null}
      {duplicates.length > 0 && !keepLast ? (
        <section className={`${styles.notice} ${styles.warning}`} aria-label="Duplicate MSKUs">
          <strong>
            {duplicates.length.toLocaleString('en-US')} MSKU
            {duplicates.length === 1 ? ' appears' : 's appear'} on more than one row. Each product can be
            imported once.
          </strong>
          <ul className={styles.noticeList}>
            {duplicates.slice(0, SHOWN_DUPLICATES).map((duplicate) => (
              <li key={duplicate.msku}>{duplicateMessage(duplicate)}</li>
            ))}
            {duplicates.length > SHOWN_DUPLICATES ? (
              <li>and {(duplicates.length - SHOWN_DUPLICATES).toLocaleString('en-US')} more</li>
            ) : null}
          </ul>
          <div className={styles.noticeActions}>
            <Button variant="secondary" onClick={() => state.setKeepLast(true)}>
              Keep the last row of each
            </Button>
            <span>or fix the file and choose it again.</span>
          </div>
        </section>
      ) : null}
      {duplicates.length > 0 && keepLast ? (
        <p className={styles.notice} role="status">
          Keeping the last row of each of {duplicates.length.toLocaleString('en-US')} repeated MSKUs.{' '}
          <Button variant="ghost" onClick={() => state.setKeepLast(false)}>
            Show them again
          </Button>
        </p>
      ) : null}
    </>
  );
}
