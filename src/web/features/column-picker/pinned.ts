import {
  type ColumnPickerState,
  canRemove,
  type MoveDirection,
  moveSelected,
} from '../../../core/access/column-picker';
import { columnByKey } from '../../../core/restock/columns';

/**
 * The server always shows the frozen product column, first (orderColumns). The picker keeps it
 * in place rather than letting the user make a choice the save would silently undo.
 */
export const isPinned = (column: string | null): boolean =>
  column !== null && columnByKey(column)?.frozen === true;

export const canRemoveColumn = (state: ColumnPickerState): boolean =>
  canRemove(state) && !isPinned(state.selectedVisible);

/** Whether '<' (-1) or '>' (1) would move the selection: not at an end, not across the pinned column. */
export function canMove(state: ColumnPickerState, direction: MoveDirection): boolean {
  const from = state.selectedVisible === null ? -1 : state.visible.indexOf(state.selectedVisible);
  const neighbour = state.visible[from + direction];
  return from !== -1 && neighbour !== undefined && !isPinned(state.selectedVisible) && !isPinned(neighbour);
}

/** SPEC 5: a move at a list end (or against the pinned column) does nothing. */
export const moveColumn = (state: ColumnPickerState, direction: MoveDirection): ColumnPickerState =>
  canMove(state, direction) ? moveSelected(state, direction) : state;

/** The human name shown beside a column key, when the restock table knows one. */
export const columnName = (key: string): string | undefined => columnByKey(key)?.name;
