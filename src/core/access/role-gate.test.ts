import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles';
import { type RoleGateDecision, type RoleGateMode, roleGateDecision } from './role-gate';

const USER_ROLES: Array<Role | null | undefined> = [undefined, null, ...ROLES];
const REQUIRED_ROLES = [...ROLES, 'superuser', ''];
const MODES: RoleGateMode[] = ['not_visible', 'dimmed'];

// The whole matrix, written out so a reader can check each cell against SPEC 6.
const EXPECTED: Record<string, Record<string, [RoleGateDecision, RoleGateDecision]>> = {
  // required:  [not_visible, dimmed]
  undefined: {
    user: ['hidden', 'dimmed'],
    admin: ['hidden', 'dimmed'],
    beta: ['hidden', 'dimmed'],
    dev: ['hidden', 'hidden'],
    superuser: ['nothing', 'nothing'],
    '': ['nothing', 'nothing'],
  },
  null: {
    user: ['hidden', 'dimmed'],
    admin: ['hidden', 'dimmed'],
    beta: ['hidden', 'dimmed'],
    dev: ['hidden', 'hidden'],
    superuser: ['nothing', 'nothing'],
    '': ['nothing', 'nothing'],
  },
  user: {
    user: ['show', 'show'],
    admin: ['hidden', 'dimmed'],
    beta: ['hidden', 'dimmed'],
    dev: ['hidden', 'hidden'],
    superuser: ['nothing', 'nothing'],
    '': ['nothing', 'nothing'],
  },
  admin: {
    user: ['show', 'show'],
    admin: ['show', 'show'],
    beta: ['hidden', 'dimmed'],
    dev: ['hidden', 'hidden'],
    superuser: ['nothing', 'nothing'],
    '': ['nothing', 'nothing'],
  },
  beta: {
    user: ['show', 'show'],
    admin: ['show', 'show'],
    beta: ['show', 'show'],
    dev: ['hidden', 'hidden'],
    superuser: ['nothing', 'nothing'],
    '': ['nothing', 'nothing'],
  },
  dev: {
    user: ['show', 'show'],
    admin: ['show', 'show'],
    beta: ['show', 'show'],
    dev: ['show', 'show'],
    superuser: ['nothing', 'nothing'],
    '': ['nothing', 'nothing'],
  },
};

const cases = USER_ROLES.flatMap((userRole) =>
  REQUIRED_ROLES.flatMap((required) =>
    MODES.map((mode, modeIndex) => ({
      userRole,
      required,
      mode,
      expected: EXPECTED[String(userRole)]?.[required]?.[modeIndex],
    })),
  ),
);

describe('the role gate', () => {
  it('covers every user role, required role and mode', () => {
    expect(cases).toHaveLength(USER_ROLES.length * REQUIRED_ROLES.length * MODES.length);
    for (const { expected } of cases) expect(expected).toBeDefined();
  });

  it.each(cases)(
    'for a $userRole user, required "$required" in $mode mode, decides $expected',
    ({ userRole, required, mode, expected }) => {
      expect(roleGateDecision({ userRole, required, mode })).toBe(expected);
    },
  );
});
