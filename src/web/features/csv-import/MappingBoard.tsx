import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useState } from 'react';
import { type Mapping, targetOfColumn, unmappedColumns } from '../../../core/csv-import/mapping';
import { type TargetKey, targetByKey } from '../../../core/csv-import/targets';
import { ChipOverlay, type ColumnDragData } from './ColumnChip';
import { COLUMN_LIST_ID, ColumnList } from './ColumnList';
import styles from './csv-import.module.css';
import { TargetList } from './TargetList';

type MappingBoardProps = {
  headers: readonly string[];
  mapping: Mapping;
  onDrop: (column: string, targetId: string) => void;
  onUnmap: (column: string) => void;
  onChoose: (target: TargetKey, column: string | null) => void;
  onDraggingChange?: (isDragging: boolean) => void;
};

const columnOf = (data: unknown) => (data as ColumnDragData | undefined)?.column ?? null;

const targetName = (id: string | number) => {
  const key = String(id).replace(/^target:/, '');
  return targetByKey(key)?.name ?? key;
};

// Read out by screen readers; keyboard users map with the selects, so these cover pointer drags.
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up column ${columnOf(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `Column ${columnOf(active.data.current)} is over ${over.id === COLUMN_LIST_ID ? 'the CSV columns' : targetName(over.id)}.`
      : `Column ${columnOf(active.data.current)} is no longer over a field.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `Column ${columnOf(active.data.current)} was dropped on ${over.id === COLUMN_LIST_ID ? 'the CSV columns' : targetName(over.id)}.`
      : `Column ${columnOf(active.data.current)} was dropped.`,
  onDragCancel: ({ active }) => `Dragging column ${columnOf(active.data.current)} was cancelled.`,
};

/** SPEC 4: the two lists and the drag-and-drop between them. */
export function MappingBoard({
  headers,
  mapping,
  onDrop,
  onUnmap,
  onChoose,
  onDraggingChange,
}: MappingBoardProps) {
  const [dragged, setDragged] = useState<string | null>(null);
  // A small move before a drag starts, so a click on a chip stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  function start(event: DragStartEvent) {
    setDragged(columnOf(event.active.data.current));
    onDraggingChange?.(true);
  }

  function end(event: DragEndEvent) {
    setDragged(null);
    onDraggingChange?.(false);
    const column = columnOf(event.active.data.current);
    if (!column || !event.over) return;
    const overId = String(event.over.id);
    if (overId === COLUMN_LIST_ID) {
      if (targetOfColumn(mapping, column)) onUnmap(column);
      return;
    }
    // Anything else is a target; an id that names no target gets SPEC 8's 'No config found'.
    onDrop(column, overId.replace(/^target:/, ''));
  }

  function cancel() {
    setDragged(null);
    onDraggingChange?.(false);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={cancel}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Drag this column onto a field with the mouse, or choose it in the field’s list.',
        },
      }}
    >
      <div className={styles.board}>
        <ColumnList columns={unmappedColumns(headers, mapping)} />
        <TargetList headers={headers} mapping={mapping} onChoose={onChoose} />
      </div>
      <DragOverlay dropAnimation={null}>{dragged ? <ChipOverlay column={dragged} /> : null}</DragOverlay>
    </DndContext>
  );
}
