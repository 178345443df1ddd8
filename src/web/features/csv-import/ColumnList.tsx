import { useDroppable } from '@dnd-kit/core';
import { ColumnChip } from './ColumnChip';
import styles from './csv-import.module.css';

export const COLUMN_LIST_ID = 'csv-columns';

/** The left list: the file's columns not mapped yet. A mapped column dropped here is unmapped. */
export function ColumnList({ columns }: { columns: readonly string[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: COLUMN_LIST_ID });
  return (
    <section className={styles.panel}>
      <div className={styles.panelHeader}>
        <span>CSV columns</span>
        <span className={styles.count}>{columns.length} unmapped</span>
      </div>
      <ul
        ref={setNodeRef}
        className={`${styles.list} ${styles.columns} ${isOver ? styles.listOver : ''}`}
        aria-label="CSV columns"
      >
        {columns.length === 0 ? (
          <li className={styles.empty}>Every column is mapped. Drag one back here to unmap it.</li>
        ) : (
          columns.map((column) => (
            <li key={column}>
              <ColumnChip column={column} />
            </li>
          ))
        )}
      </ul>
    </section>
  );
}
