import { useDroppable } from '@dnd-kit/core';
import { useId } from 'react';
import type { Mapping } from '../../../core/csv-import/mapping';
import { IMPORT_TARGETS, type ImportTarget, type TargetKey } from '../../../core/csv-import/targets';
import type { ValueType } from '../../../core/csv-import/values';
import { ColumnChip } from './ColumnChip';
import styles from './csv-import.module.css';

export const targetDropId = (key: string) => `target:${key}`;

const TYPE_LABELS: Record<ValueType, string> = {
  text: 'text',
  money: 'amount, e.g. $1,200.50',
  integer: 'whole number',
  decimal: 'number',
  percent: 'percent',
  boolean: 'yes / no',
  marketplace: 'country code, e.g. US, GB, DE',
  currency: 'currency code, e.g. USD, GBP, EUR',
};

type TargetRowProps = {
  target: ImportTarget;
  column: string | null;
  headers: readonly string[];
  onChoose: (target: TargetKey, column: string | null) => void;
};

function TargetRow({ target, column, headers, onChoose }: TargetRowProps) {
  const { setNodeRef, isOver } = useDroppable({ id: targetDropId(target.key) });
  const nameId = useId();
  const classes = [styles.target, isOver ? styles.targetOver : '', column ? styles.targetMapped : ''];
  return (
    <li ref={setNodeRef} className={classes.join(' ')} aria-labelledby={nameId}>
      <span className={styles.targetName} title={target.description}>
        <span id={nameId}>{target.name}</span>
        <span className={styles.targetType}>
          {TYPE_LABELS[target.type]}
          {target.required ? <span className={styles.required}> · required</span> : null}
        </span>
      </span>
      <div className={styles.slot}>
        {column ? (
          <ColumnChip column={column} />
        ) : (
          <span className={styles.placeholder}>Drop a column here</span>
        )}
      </div>
      <select
        className={styles.select}
        aria-label={`CSV column for ${target.name}`}
        value={column ?? ''}
        onChange={(event) => onChoose(target.key, event.target.value === '' ? null : event.target.value)}
      >
        <option value="">Not mapped</option>
        {headers.map((header) => (
          <option key={header} value={header}>
            {header}
          </option>
        ))}
      </select>
    </li>
  );
}

/** The right list: every import target with its mapped column and a select for keyboard users. */
export function TargetList({
  headers,
  mapping,
  onChoose,
}: {
  headers: readonly string[];
  mapping: Mapping;
  onChoose: TargetRowProps['onChoose'];
}) {
  const mappedCount = IMPORT_TARGETS.filter((target) => mapping[target.key] !== null).length;
  return (
    <section className={styles.panel}>
      <div className={styles.panelHeader}>
        <span>Import fields</span>
        <span className={styles.count}>
          {mappedCount} of {IMPORT_TARGETS.length} mapped
        </span>
      </div>
      <ul className={styles.list} aria-label="Import fields">
        {IMPORT_TARGETS.map((target) => (
          <TargetRow
            key={target.key}
            target={target}
            column={mapping[target.key]}
            headers={headers}
            onChoose={onChoose}
          />
        ))}
      </ul>
    </section>
  );
}
