import { ENCODING_LABELS, type TextEncodingName } from '../../../core/csv-import/encoding';
import { Button } from '../../ui/Button';
import styles from './import-steps.module.css';
import type { EncodingPreview } from './read-csv';

/** The file's bytes read as text two ways: the seller says which reading is right. */
export function EncodingQuestion({
  readings,
  onChoose,
}: {
  readings: readonly EncodingPreview[];
  onChoose: (encoding: TextEncodingName) => void;
}) {
  return (
    <section className={styles.notice} aria-labelledby="encoding-question">
      <strong id="encoding-question">Which reading of this file looks right?</strong>
      <span>
        Its text could be in either of these encodings. Pick the one whose names and titles read correctly.
      </span>
      <div className={styles.readings}>
        {readings.map((reading) => (
          <div key={reading.encoding} className={styles.reading}>
            <strong>Read as {ENCODING_LABELS[reading.encoding]}</strong>
            <pre>{reading.lines.join('\n')}</pre>
            <Button variant="secondary" onClick={() => onChoose(reading.encoding)}>
              Use {ENCODING_LABELS[reading.encoding]}
            </Button>
          </div>
        ))}
      </div>
    </section>
  );
}
