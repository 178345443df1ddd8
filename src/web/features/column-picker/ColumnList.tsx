import { type KeyboardEvent, useId, useRef } from 'react';
import styles from './ColumnPicker.module.css';
import { columnName } from './pinned';

type ColumnListProps = {
  label: string;
  columns: readonly string[];
  selected: string | null;
  onSelect: (column: string) => void;
};

const KEY_STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index, last) => Math.min(last, index + 1),
  ArrowUp: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * One list of the picker (SPEC 2: 250px wide, 300px scroll area): a single-select listbox whose
 * options are the column keys, each with the table's human name beside it. Click, or focus an
 * option and use the arrow keys, Home and End, to select.
 */
export function ColumnList({ label, columns, selected, onSelect }: ColumnListProps) {
  const titleId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  // Roving focus: the selected option (or the first) is the one Tab reaches.
  const focusable = selected !== null && columns.includes(selected) ? selected : columns[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number) => {
    const step = KEY_STEPS[event.key];
    const next = step ? columns[step(index, columns.length - 1)] : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    const options = listRef.current?.querySelectorAll<HTMLElement>('[role="option"]');
    options?.[columns.indexOf(next)]?.focus();
  };

  return (
    <div className={styles.list}>
      <h2 className={styles.listTitle} id={titleId}>
        {label}
      </h2>
      <div ref={listRef} className={styles.scroll} role="listbox" aria-labelledby={titleId}>
        {columns.map((column, index) => (
          <div
            key={column}
            role="option"
            aria-label={column}
            aria-selected={column === selected}
            tabIndex={column === focusable ? 0 : -1}
            className={`${styles.option} ${column === selected ? styles.selected : ''}`}
            onClick={() => onSelect(column)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span>{column}</span>
            <span className={styles.name}>{columnName(column)}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
