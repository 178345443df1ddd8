import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessSchemaIsConsistent, computeAccessMap } from './access-map';
import { saveAccessSchemaRequest } from './access-requests';
import type { SchemaLevel } from './levels';
import {
  buildTree,
  grantedList,
  isCollapseBlocked,
  isDimmed,
  nextLevel,
  type PermissionTree,
  selectedItems,
  setLevel,
  toggleLevel,
  toggleOpen,
} from './permission-tree';
import { COMPONENT_PATHS, type ComponentPath, descendantPaths, parentPath } from './registry';

const levelsOf = (tree: PermissionTree, paths: readonly ComponentPath[]) =>
  paths.map((path) => tree.levels[path]);
const openTree = (saved: Record<string, number>, ...paths: ComponentPath[]) =>
  paths.reduce(toggleOpen, buildTree(saved));

/** SPEC 4: no child above its parent + 1, nothing above Restricted under a Restricted parent. */
function invariantBreaks(tree: PermissionTree): string[] {
  return COMPONENT_PATHS.flatMap((path) => {
    const parent = parentPath(path) as ComponentPath | null;
    if (parent === null) return [];
    const level = tree.levels[path];
    const parentLevel = tree.levels[parent];
    const broken = level > parentLevel + 1 || (parentLevel === 0 && level > 0);
    return broken ? [`${path}=${level} under ${parent}=${parentLevel}`] : [];
  });
}

describe('building the tree', () => {
  it('starts every node closed and Restricted from an empty schema', () => {
    const tree = buildTree({});
    expect(new Set(Object.values(tree.levels))).toEqual(new Set([0]));
    expect(new Set(Object.values(tree.open))).toEqual(new Set([false]));
    expect(Object.keys(tree.levels)).toEqual([...COMPONENT_PATHS]);
  });

  it.each([
    [
      'a missing parent takes the highest child level',
      { 'restock.edit': 1, 'restock.import': 2 },
      'restock',
      2,
    ],
    ['a missing parent of one child takes its level', { 'buy-list.edit': 1 }, 'buy-list', 1],
    ['a missing parent without granted children is Restricted', { 'buy-list': 2 }, 'settings', 0],
    ['a saved parent keeps its own level', { restock: 1, 'restock.edit': 2 }, 'restock', 1],
    ['a missing leaf is Restricted', { restock: 2 }, 'restock.edit', 0],
    [
      'a child under a parent saved as Restricted is Restricted',
      { restock: 0, 'restock.edit': 2 },
      'restock.edit',
      0,
    ],
    ['an invalid level counts as missing', { 'buy-list': 9 }, 'buy-list', 0],
  ])('%s', (_rule, saved, path, level) => {
    expect(buildTree(saved).levels[path as ComponentPath]).toBe(level);
  });

  it('ignores paths the registry does not know', () => {
    expect(buildTree({ nowhere: 2 })).toEqual(buildTree({}));
  });
});

describe('the toggle cycle', () => {
  it.each([
    ['a root', {}, 'buy-list', [1, 2, 0, 1]],
    ['a child of a Can View parent', { restock: 1 }, 'restock.edit', [1, 2, 0, 1]],
    ['a child of a Can Edit parent', { restock: 2 }, 'restock.edit', [1, 2, 0, 1]],
    ['a child of a Restricted parent', {}, 'restock.edit', [0, 0, 0, 0]],
  ] as const)('on %s goes through %j', (_node, saved, path, expected) => {
    let tree = buildTree(saved);
    const seen: SchemaLevel[] = [];
    for (let step = 0; step < expected.length; step += 1) {
      expect(nextLevel(tree, path)).toBe(expected[step]);
      tree = toggleLevel(tree, path);
      seen.push(tree.levels[path]);
    }
    expect(seen).toEqual(expected);
  });

  it.each([
    [{}, 'restock.edit', true],
    [{ restock: 1 }, 'restock.edit', false],
    [{}, 'restock', false],
  ] as const)('with %j dims %s: %s', (saved, path, dimmed) => {
    expect(isDimmed(buildTree(saved), path)).toBe(dimmed);
  });
});

describe('setting a level', () => {
  it('applies the level to the node and all its descendants', () => {
    const tree = setLevel(buildTree({ restock: 2, 'restock.edit': 2 }), 'restock', 1);
    expect(levelsOf(tree, ['restock', ...descendantPaths('restock')])).toEqual([1, 1, 1]);
  });

  it('restricts every descendant when a parent becomes Restricted', () => {
    const tree = setLevel(buildTree({ settings: 2, 'settings.calculations': 1 }), 'settings', 0);
    expect(levelsOf(tree, descendantPaths('settings'))).toEqual(descendantPaths('settings').map(() => 0));
  });

  it('clamps a level the parent does not allow to Restricted', () => {
    expect(setLevel(buildTree({}), 'restock.edit', 2).levels['restock.edit']).toBe(0);
  });

  it('leaves the parent and the siblings alone', () => {
    const tree = setLevel(buildTree({ restock: 1 }), 'restock.edit', 2);
    expect(levelsOf(tree, ['restock', 'restock.edit', 'restock.import'])).toEqual([1, 2, 0]);
  });

  it('answers the same tree when nothing changes', () => {
    const tree = buildTree({ 'restock.edit': 1 });
    expect(setLevel(tree, 'restock.edit', 1)).toBe(tree);
    expect(setLevel(tree, 'nowhere' as ComponentPath, 2)).toBe(tree);
  });

  it('does not change the tree it was given', () => {
    const tree = buildTree({});
    setLevel(tree, 'restock', 2);
    expect(tree.levels.restock).toBe(0);
  });
});

describe('opening and closing', () => {
  it('opens a closed parent without opening its children', () => {
    const tree = toggleOpen(buildTree({}), 'restock');
    expect(tree.open.restock).toBe(true);
    expect(tree.open['restock.edit']).toBe(false);
  });

  it('closes an open parent whose children share one level', () => {
    const tree = openTree({ restock: 1, 'restock.edit': 1, 'restock.import': 1 }, 'restock');
    expect(isCollapseBlocked(tree, 'restock')).toBe(false);
    expect(toggleOpen(tree, 'restock').open.restock).toBe(false);
  });

  it('refuses to close an open parent whose children differ in level', () => {
    const tree = openTree({ restock: 1, 'restock.edit': 2 }, 'restock');
    expect(isCollapseBlocked(tree, 'restock')).toBe(true);
    expect(toggleOpen(tree, 'restock')).toBe(tree);
  });

  it('opens a closed parent even when its children differ in level', () => {
    const tree = toggleOpen(buildTree({ restock: 1, 'restock.edit': 2 }), 'restock');
    expect(tree.open.restock).toBe(true);
  });

  it('closes the descendants of a parent it closes', () => {
    // A hand-made deeper state: the registry is two levels deep, but the rule holds at any depth.
    const tree = {
      ...openTree({}, 'restock'),
      open: { ...buildTree({}).open, restock: true, 'restock.edit': true },
    };
    const closed = toggleOpen(tree, 'restock');
    expect(closed.open.restock).toBe(false);
    expect(closed.open['restock.edit']).toBe(false);
  });

  it('leaves a leaf and an unknown path alone', () => {
    const tree = buildTree({});
    expect(toggleOpen(tree, 'restock.edit')).toBe(tree);
    expect(toggleOpen(tree, 'nowhere' as ComponentPath)).toBe(tree);
  });
});

describe('what the editor saves and lists', () => {
  const tree = buildTree({
    settings: 1,
    'settings.calculations': 2,
    restock: 2,
    'restock.edit': 1,
    'buy-list': 0,
  });

  it('saves only the entries above Restricted', () => {
    expect(selectedItems(tree)).toEqual({
      restock: 2,
      'restock.edit': 1,
      settings: 1,
      'settings.calculations': 2,
    });
  });

  it('lists the granted paths sorted by name with their labels', () => {
    expect(grantedList(tree)).toEqual([
      { path: 'restock', label: 'Can Edit' },
      { path: 'restock.edit', label: 'Can View' },
      { path: 'settings', label: 'Can View' },
      { path: 'settings.calculations', label: 'Can Edit' },
    ]);
  });

  it('lists nothing for an all-Restricted tree', () => {
    expect(grantedList(buildTree({}))).toEqual([]);
    expect(selectedItems(buildTree({}))).toEqual({});
  });
});

describe('the tree invariant, for any saved start and any operations', () => {
  const pathArb = fc.constantFrom(...COMPONENT_PATHS);
  const savedArb = fc.dictionary(
    fc.oneof(pathArb, fc.string()),
    fc.oneof(fc.constantFrom(0, 1, 2), fc.integer({ min: -2, max: 5 }), fc.double()),
  );
  const operationArb = fc.oneof(
    fc.record({ kind: fc.constant('toggleLevel' as const), path: pathArb }),
    fc.record({
      kind: fc.constant('setLevel' as const),
      path: pathArb,
      level: fc.constantFrom<SchemaLevel>(0, 1, 2),
    }),
    fc.record({ kind: fc.constant('toggleOpen' as const), path: pathArb }),
  );
  type Operation = typeof operationArb extends fc.Arbitrary<infer T> ? T : never;

  const apply = (tree: PermissionTree, operation: Operation): PermissionTree => {
    switch (operation.kind) {
      case 'toggleLevel':
        return toggleLevel(tree, operation.path);
      case 'setLevel':
        return setLevel(tree, operation.path, operation.level);
      case 'toggleOpen':
        return toggleOpen(tree, operation.path);
    }
  };

  it('never leaves a child above its parent + 1 or granted under a Restricted parent', () => {
    fc.assert(
      fc.property(savedArb, fc.array(operationArb, { maxLength: 40 }), (saved, operations) => {
        let tree = buildTree(saved);
        expect(invariantBreaks(tree)).toEqual([]);
        for (const operation of operations) {
          tree = apply(tree, operation);
          expect(invariantBreaks(tree)).toEqual([]);
        }
      }),
    );
  });

  it('saves a schema that rebuilds the same levels, passes the server check and reaches members as shown', () => {
    fc.assert(
      fc.property(savedArb, fc.array(operationArb, { maxLength: 40 }), (saved, operations) => {
        const tree = operations.reduce(apply, buildTree(saved));
        const items = selectedItems(tree);
        expect(buildTree(items).levels).toEqual(tree.levels);
        expect(accessSchemaIsConsistent(items)).toBe(true);
        expect(saveAccessSchemaRequest.safeParse({ selectedItems: items }).success).toBe(true);
        expect(computeAccessMap('user', items).accessMap).toEqual(tree.levels);
      }),
    );
  });

  it('never shows a dimmed node above Restricted', () => {
    fc.assert(
      fc.property(savedArb, fc.array(operationArb, { maxLength: 40 }), (saved, operations) => {
        const tree = operations.reduce(apply, buildTree(saved));
        for (const path of COMPONENT_PATHS) if (isDimmed(tree, path)) expect(tree.levels[path]).toBe(0);
      }),
    );
  });
});
