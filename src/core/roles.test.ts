import { describe, expect, it } from 'vitest';
import { hasRole, isRole, ROLES } from './roles';

describe('roles', () => {
  it.each([...ROLES])('knows %s', (role) => {
    expect(isRole(role)).toBe(true);
  });

  it.each(['owner', 'USER', '', null, 0, 'constructor', 'toString'])('refuses %j', (value) => {
    expect(isRole(value)).toBe(false);
  });

  it('ranks a role at or above the one required', () => {
    expect(hasRole('dev', 'admin')).toBe(true);
    expect(hasRole('user', 'admin')).toBe(false);
  });
});
