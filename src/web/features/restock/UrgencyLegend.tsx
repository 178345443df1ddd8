import { URGENCIES, URGENCY_DESCRIPTIONS, URGENCY_LABELS } from '../../../core/restock/urgency';
import styles from './RestockPage.module.css';

/** What the row tints mean. */
export function UrgencyLegend() {
  return (
    <ul className={styles.legend} aria-label="Row colours">
      {URGENCIES.map((urgency) => (
        <li key={urgency} title={URGENCY_DESCRIPTIONS[urgency]}>
          <span className={styles.swatch} data-urgency={urgency} aria-hidden="true" />
          {URGENCY_LABELS[urgency]}
        </li>
      ))}
    </ul>
  );
}
