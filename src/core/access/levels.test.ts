import { describe, expect, it } from 'vitest';
import {
  ACCESS_LABELS,
  canEdit,
  canView,
  componentDecision,
  grantedLabel,
  isSchemaLevel,
  levelCap,
  NO_EDIT_PERMISSION_TOOLTIP,
} from './levels';

describe('access levels', () => {
  it('label the three schema levels as the spec names them', () => {
    expect(ACCESS_LABELS).toEqual({ 0: 'Restricted', 1: 'Can View', 2: 'Can Edit' });
  });

  it('carry the spec tooltip for a disabled control', () => {
    expect(NO_EDIT_PERMISSION_TOOLTIP).toBe('You do not have permission to edit this component.');
  });

  it.each([
    [undefined, false, false],
    [0, false, false],
    [1, true, false],
    [2, true, true],
    [3, true, true],
  ])('at level %s can view: %s, can edit: %s', (level, view, edit) => {
    expect(canView(level)).toBe(view);
    expect(canEdit(level)).toBe(edit);
  });

  it.each([
    [1, 'Can View'],
    [2, 'Can Edit'],
    [3, 'Can Edit'],
  ])('label a granted level %s as %s', (level, label) => {
    expect(grantedLabel(level)).toBe(label);
  });

  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [-1, false],
    [1.5, false],
    ['1', false],
    [null, false],
  ])('treat %j as a schema level: %s', (value, expected) => {
    expect(isSchemaLevel(value)).toBe(expected);
  });
});

describe('the level cap under a parent', () => {
  it.each([
    [null, 2],
    [0, 0],
    [1, 2],
    [2, 2],
    [3, 2],
  ])('under a parent at %s is %s', (parent, cap) => {
    expect(levelCap(parent)).toBe(cap);
  });
});

describe('the component decision', () => {
  it.each([
    [undefined, 'hidden', 'nothing'],
    [undefined, 'disabled', 'nothing'],
    [0, 'hidden', 'nothing'],
    [0, 'disabled', 'nothing'],
    [1, 'hidden', 'read-only-hidden'],
    [1, 'disabled', 'read-only-disabled'],
    [2, 'hidden', 'editable'],
    [2, 'disabled', 'editable'],
    [3, 'hidden', 'editable'],
    [3, 'disabled', 'editable'],
  ] as const)('at level %s with restriction %s is %s', (level, restriction, decision) => {
    expect(componentDecision(level, restriction)).toBe(decision);
  });

  it('hides edit-only controls of a viewer when no restriction is given', () => {
    expect(componentDecision(1)).toBe('read-only-hidden');
  });
});
