import { useDraggable } from '@dnd-kit/core';
import styles from './csv-import.module.css';

export const columnDragId = (column: string) => `column:${column}`;
export type ColumnDragData = { column: string };

/** A CSV column that can be dragged onto a target, or back to the column list. */
export function ColumnChip({ column }: { column: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: columnDragId(column),
    data: { column } satisfies ColumnDragData,
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // Keyboard users map with each field's select, so the chip is not a tab stop.
      tabIndex={-1}
      className={`${styles.chip} ${isDragging ? styles.chipDragging : ''}`}
      title={column}
    >
      <ChipContent column={column} />
    </div>
  );
}

export function ChipContent({ column }: { column: string }) {
  return (
    <>
      <span className={styles.grip} aria-hidden="true">
        ⋮⋮
      </span>
      <span className={styles.chipText}>{column}</span>
    </>
  );
}

/** What follows the pointer while dragging. */
export function ChipOverlay({ column }: { column: string }) {
  return (
    <div className={`${styles.chip} ${styles.chipOverlay}`}>
      <ChipContent column={column} />
    </div>
  );
}
