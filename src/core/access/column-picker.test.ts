import { describe, expect, it } from 'vitest';
import {
  addSelected,
  type ColumnPickerState,
  canAdd,
  canRemove,
  initPicker,
  moveSelected,
  removeSelected,
  selectAvailable,
  selectVisible,
} from './column-picker';

const ALL = ['supplier', 'asin', 'cost', 'msku', 'roi', 'title'];
const picker = (visible: string[] = ['msku', 'title', 'cost']) => initPicker(ALL, visible);

describe('the column picker', () => {
  it('starts with the saved columns visible in order and the rest available alphabetically', () => {
    expect(picker()).toEqual({
      available: ['asin', 'roi', 'supplier'],
      visible: ['msku', 'title', 'cost'],
      selectedAvailable: null,
      selectedVisible: null,
    });
  });

  it('drops saved columns that no longer exist and repeated ones', () => {
    expect(initPicker(ALL, ['gone', 'cost', 'cost']).visible).toEqual(['cost']);
  });

  it('disables Add and Remove until a column of the list is selected', () => {
    const state = picker();
    expect(canAdd(state)).toBe(false);
    expect(canRemove(state)).toBe(false);
    expect(canAdd(selectAvailable(state, 'roi'))).toBe(true);
    expect(canRemove(selectVisible(state, 'title'))).toBe(true);
  });

  it('ignores a selection of a column that is not in the list', () => {
    const state = picker();
    expect(selectAvailable(state, 'msku')).toBe(state);
    expect(selectVisible(state, 'roi')).toBe(state);
  });

  it('adds the selected available column at the end of the visible list', () => {
    const state = addSelected(selectAvailable(picker(), 'roi'));
    expect(state.visible).toEqual(['msku', 'title', 'cost', 'roi']);
    expect(state.available).toEqual(['asin', 'supplier']);
    expect(state.selectedAvailable).toBeNull();
  });

  it('removes the selected visible column back into the available list in alphabetical place', () => {
    const state = removeSelected(selectVisible(picker(), 'msku'));
    expect(state.visible).toEqual(['title', 'cost']);
    expect(state.available).toEqual(['asin', 'msku', 'roi', 'supplier']);
    expect(state.selectedVisible).toBeNull();
  });

  it('does nothing on Add or Remove without a selection', () => {
    const state = picker();
    expect(addSelected(state)).toBe(state);
    expect(removeSelected(state)).toBe(state);
  });

  it.each([
    ['title', -1, ['title', 'msku', 'cost']],
    ['title', 1, ['msku', 'cost', 'title']],
    ['msku', 1, ['title', 'msku', 'cost']],
    ['cost', -1, ['msku', 'cost', 'title']],
  ] as const)('moves %s by %i by swapping with its neighbour', (column, direction, visible) => {
    const state = moveSelected(selectVisible(picker(), column), direction);
    expect(state.visible).toEqual(visible);
    expect(state.selectedVisible).toBe(column);
  });

  it.each([
    ['msku', -1],
    ['cost', 1],
  ] as const)('does nothing when moving %s by %i past the end', (column, direction) => {
    const state = selectVisible(picker(), column);
    expect(moveSelected(state, direction)).toBe(state);
  });

  it('does nothing when moving without a selection', () => {
    const state = picker();
    expect(moveSelected(state, 1)).toBe(state);
  });

  it('keeps every column in exactly one list through adds and removes', () => {
    let state: ColumnPickerState = picker([]);
    for (const column of ['title', 'asin', 'roi']) state = addSelected(selectAvailable(state, column));
    state = removeSelected(selectVisible(state, 'asin'));
    expect(state.visible).toEqual(['title', 'roi']);
    expect(state.available).toEqual(['asin', 'cost', 'msku', 'supplier']);
    expect([...state.available, ...state.visible].sort()).toEqual([...ALL].sort());
  });
});
