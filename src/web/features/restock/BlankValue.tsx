import type { BlankCell } from '../../../core/restock/blank-cells';
import { formatCell } from '../../../core/restock/formatters';
import { Tooltip } from '../../ui/Tooltip';
import styles from './RestockGrid.module.css';

/** A blank that is not a gap: the value the engine uses instead (or '-') in grey, and why. */
export function BlankValue({ blank }: { blank: Exclude<BlankCell, { kind: 'missing' }> }) {
  const shown = blank.kind === 'default' ? formatCell('number', blank.value) : formatCell('number', null);
  return (
    <span className={`${styles.number} ${styles.blankValue}`} data-blank={blank.kind}>
      <Tooltip text={blank.note}>
        <span>{shown}</span>
      </Tooltip>
    </span>
  );
}
