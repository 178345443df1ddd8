import { describe, expect, it } from 'vitest';
import {
  ancestorPaths,
  COMPONENT_LABELS,
  COMPONENT_PATHS,
  childPaths,
  componentPathSchema,
  descendantPaths,
  isComponentPath,
  parentPath,
  ROOT_PATHS,
} from './registry';

describe('the component registry', () => {
  it('lists every gated component once', () => {
    expect(new Set(COMPONENT_PATHS).size).toBe(COMPONENT_PATHS.length);
    expect(COMPONENT_PATHS).toContain('column-picker.visible-columns');
  });

  it('registers the parent of every child component, before the child', () => {
    for (const [index, path] of COMPONENT_PATHS.entries()) {
      const parent = parentPath(path);
      if (parent === null) continue;
      expect(isComponentPath(parent)).toBe(true);
      expect(COMPONENT_PATHS.indexOf(parent as never)).toBeLessThan(index);
    }
  });

  it('gives every component a non-empty label', () => {
    expect(Object.keys(COMPONENT_LABELS).sort()).toEqual([...COMPONENT_PATHS].sort());
    for (const label of Object.values(COMPONENT_LABELS)) expect(label.trim()).not.toBe('');
  });

  it.each([
    ['restock', true],
    ['restock.edit', true],
    ['restock.edit.cost', false],
    ['Restock', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('knows whether %j is a component path: %s', (value, expected) => {
    expect(isComponentPath(value)).toBe(expected);
    expect(componentPathSchema.safeParse(value).success).toBe(expected);
  });

  it.each([
    ['restock', null],
    ['restock.edit', 'restock'],
    ['a.b.c', 'a.b'],
  ])('finds the parent of %s: %s', (path, parent) => {
    expect(parentPath(path)).toBe(parent);
  });

  it.each([
    ['restock', []],
    ['restock.edit', ['restock']],
    ['a.b.c', ['a', 'a.b']],
  ])('lists the ancestors of %s outermost first', (path, ancestors) => {
    expect(ancestorPaths(path)).toEqual(ancestors);
  });

  it('finds the roots and the children of a component', () => {
    expect(ROOT_PATHS).toEqual(['restock', 'buy-list', 'column-picker', 'settings']);
    expect(childPaths('buy-list')).toEqual(['buy-list.edit', 'buy-list.purchase-orders']);
    expect(childPaths('restock.edit')).toEqual([]);
  });

  it('counts only real descendants, not components that merely share a prefix', () => {
    expect(descendantPaths('restock')).toEqual(['restock.edit', 'restock.import']);
    expect(descendantPaths('buy')).toEqual([]);
  });
});
