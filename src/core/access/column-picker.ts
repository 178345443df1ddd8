/**
 * The /test column picker (SPEC 2, SPEC 4, SPEC 5): two lists and one selection in each. Every
 * operation answers a new state, or the same object when it does nothing.
 */
export type ColumnPickerState = {
  readonly available: readonly string[];
  readonly visible: readonly string[];
  readonly selectedAvailable: string | null;
  readonly selectedVisible: string | null;
};

export type MoveDirection = -1 | 1;

// SPEC 4: the available list stays sorted alphabetically.
const alphabetically = (columns: Iterable<string>): string[] =>
  [...columns].sort((a, b) => a.localeCompare(b));

/**
 * The picker for all columns and the saved visible ones (in their saved order). Saved columns that
 * no longer exist and repeated names are dropped, so each column sits in exactly one list.
 */
export function initPicker(
  allColumns: readonly string[],
  savedVisible: readonly string[],
): ColumnPickerState {
  const all = new Set(allColumns);
  const visible = [...new Set(savedVisible)].filter((column) => all.has(column));
  const shown = new Set(visible);
  return {
    available: alphabetically([...all].filter((column) => !shown.has(column))),
    visible,
    selectedAvailable: null,
    selectedVisible: null,
  };
}

/** Selects a column of the available list (null clears); a column not in the list is ignored. */
export function selectAvailable(state: ColumnPickerState, column: string | null): ColumnPickerState {
  if (column !== null && !state.available.includes(column)) return state;
  return { ...state, selectedAvailable: column };
}

/** Selects a column of the visible list (null clears); a column not in the list is ignored. */
export function selectVisible(state: ColumnPickerState, column: string | null): ColumnPickerState {
  if (column !== null && !state.visible.includes(column)) return state;
  return { ...state, selectedVisible: column };
}

/** SPEC 5: Add is disabled until an available column is selected. */
export const canAdd = (state: ColumnPickerState): boolean =>
  state.selectedAvailable !== null && state.available.includes(state.selectedAvailable);

/** SPEC 5: Remove is disabled until a visible column is selected. */
export const canRemove = (state: ColumnPickerState): boolean =>
  state.selectedVisible !== null && state.visible.includes(state.selectedVisible);

/** Moves the selected available column to the end of the visible list and clears that selection. */
export function addSelected(state: ColumnPickerState): ColumnPickerState {
  const column = state.selectedAvailable;
  if (column === null || !canAdd(state)) return state;
  return {
    ...state,
    available: state.available.filter((candidate) => candidate !== column),
    visible: [...state.visible, column],
    selectedAvailable: null,
  };
}

/** Moves the selected visible column back into the available list, in alphabetical place. */
export function removeSelected(state: ColumnPickerState): ColumnPickerState {
  const column = state.selectedVisible;
  if (column === null || !canRemove(state)) return state;
  return {
    ...state,
    available: alphabetically([...state.available, column]),
    visible: state.visible.filter((candidate) => candidate !== column),
    selectedVisible: null,
  };
}

/** SPEC 4: swaps the selected visible column with its neighbour; SPEC 5: nothing happens at the ends. */
export function moveSelected(state: ColumnPickerState, direction: MoveDirection): ColumnPickerState {
  const from = state.selectedVisible === null ? -1 : state.visible.indexOf(state.selectedVisible);
  const to = from + direction;
  const moving = state.visible[from];
  const neighbour = state.visible[to];
  if (from === -1 || moving === undefined || neighbour === undefined) return state;
  const visible = [...state.visible];
  visible[from] = neighbour;
  visible[to] = moving;
  return { ...state, visible };
}
