import { describe, expect, it } from 'vitest';
import { computeAccessMap } from './access-map';
import { type Access, can, PERMISSION_NAMES, PERMISSIONS } from './permissions';
import { COMPONENT_PATHS } from './registry';

const member = (schema: Record<string, number> | null): Access => ({
  role: 'user',
  ...computeAccessMap('user', schema),
});
const owner: Access = { role: 'admin', ...computeAccessMap('admin', null) };
const dev: Access = { role: 'dev', ...computeAccessMap('dev', null) };

describe('named permissions', () => {
  it('lets an owner do everything but staff work', () => {
    expect(PERMISSION_NAMES.filter((name) => !can(owner, name))).toEqual(['early-access.view']);
  });

  it('lets dev do everything', () => {
    expect(PERMISSION_NAMES.filter((name) => !can(dev, name))).toEqual([]);
  });

  it('lets a member of an account without a schema view every area and edit nothing', () => {
    expect(PERMISSION_NAMES.filter((name) => can(member(null), name))).toEqual([
      'restock.view',
      'restock.import.view',
      'buy-list.view',
      'purchase-orders.view',
      'column-picker.view',
      'calculations.view',
      'marketplace.view',
    ]);
  });

  it('follows a custom schema area by area', () => {
    const access = member({ restock: 1, 'restock.edit': 2, settings: 1, 'settings.calculations': 2 });
    expect(PERMISSION_NAMES.filter((name) => can(access, name))).toEqual([
      'restock.view',
      'restock.edit',
      'calculations.view',
      'calculations.edit',
    ]);
  });

  it('refuses everything to nobody', () => {
    expect(PERMISSION_NAMES.filter((name) => can(null, name))).toEqual([]);
  });

  it('names every registered component in at least one permission', () => {
    const named = new Set(
      Object.values(PERMISSIONS).flatMap((rule) => ('component' in rule ? [rule.component] : [])),
    );
    // A parent counts through its children: restricting it restricts them.
    const unnamed = COMPONENT_PATHS.filter(
      (path) => ![...named].some((component) => component === path || component.startsWith(`${path}.`)),
    );
    expect(unnamed).toEqual([]);
  });
});
