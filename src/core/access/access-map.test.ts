import { describe, expect, it } from 'vitest';
import {
  accessSchemaInconsistency,
  accessSchemaIsConsistent,
  computeAccessMap,
  effectiveLevel,
  memberSchemaLevels,
  resolveSchemaLevels,
} from './access-map';
import { accessComponentsResponse, saveAccessSchemaRequest } from './access-requests';
import { COMPONENT_PATHS } from './registry';

const firstMessage = (body: unknown) => {
  const result = saveAccessSchemaRequest.safeParse(body);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

describe('the access map', () => {
  it.each([
    ['admin', 2, false],
    ['beta', 2, false],
    ['dev', 3, true],
  ] as const)('gives %s level %s on every component whatever the schema', (role, level, dev) => {
    for (const schema of [null, {}, { restock: 1 }]) {
      const result = computeAccessMap(role, schema);
      expect(result.dev).toBe(dev);
      expect(Object.keys(result.accessMap)).toEqual([...COMPONENT_PATHS]);
      expect(new Set(Object.values(result.accessMap))).toEqual(new Set([level]));
    }
  });

  it('lets a member view every component while the account has saved no schema', () => {
    const { accessMap, dev } = computeAccessMap('user', null);
    expect(dev).toBe(false);
    expect(new Set(Object.values(accessMap))).toEqual(new Set([1]));
  });

  it('restricts a member everywhere once the account saved an empty schema', () => {
    const { accessMap } = computeAccessMap('user', {});
    expect(new Set(Object.values(accessMap))).toEqual(new Set([0]));
  });

  it('gives a member the saved levels, Restricted where nothing was saved', () => {
    const { accessMap } = computeAccessMap('user', { restock: 2, 'restock.edit': 1, 'column-picker': 1 });
    expect(accessMap.restock).toBe(2);
    expect(accessMap['restock.edit']).toBe(1);
    // The editor saves only entries above 0, so a missing child under a granted parent was restricted.
    expect(accessMap['restock.import']).toBe(0);
    expect(accessMap['column-picker']).toBe(1);
    expect(accessMap['column-picker.visible-columns']).toBe(0);
    expect(accessMap['buy-list']).toBe(0);
  });

  it('fills a missing parent with the highest level of its children', () => {
    const { accessMap } = computeAccessMap('user', { 'buy-list.edit': 1, 'buy-list.purchase-orders': 2 });
    expect(accessMap['buy-list']).toBe(2);
  });

  it('gives the member exactly what the editor starts from', () => {
    const saved = { 'buy-list.edit': 2, restock: 1 };
    expect(computeAccessMap('user', saved).accessMap).toEqual(memberSchemaLevels(saved));
  });
});

describe('resolving a saved schema', () => {
  it.each([
    ['an unknown path', { nowhere: 2 }, 'buy-list', 0],
    ['a level above 2', { 'buy-list': 3 }, 'buy-list', 0],
    ['a fractional level', { 'buy-list': 1.5 }, 'buy-list', 0],
    ['a level given as text', { 'buy-list': '2' }, 'buy-list', 0],
    ['a child under a parent saved as Restricted', { restock: 0, 'restock.edit': 2 }, 'restock.edit', 0],
    ['a child of a filled parent', { 'restock.edit': 2 }, 'restock.edit', 2],
    ['a sibling of a granted child', { 'restock.edit': 2 }, 'restock.import', 0],
  ])('handles %s', (_case, saved, path, level) => {
    expect(resolveSchemaLevels(saved)[path as keyof ReturnType<typeof resolveSchemaLevels>]).toBe(level);
  });

  it('always answers a consistent schema', () => {
    expect(
      accessSchemaIsConsistent(resolveSchemaLevels({ restock: 0, 'restock.edit': 2, settings: 7 })),
    ).toBe(true);
  });
});

describe('the effective level of a write', () => {
  const accessMap = { restock: 2, 'restock.edit': 0, settings: 1 } as const;

  it.each([
    ['restock', 2],
    ['restock.edit', 0],
    ['restock.import', 2],
    ['restock.edit.cost', 0],
    ['settings.account.email', 1],
    ['dashboard', 0],
    ['', 0],
  ])('for %s is %s', (path, level) => {
    expect(effectiveLevel(accessMap, path)).toBe(level);
  });

  it('follows the computed map of a member', () => {
    const { accessMap: member } = computeAccessMap('user', { restock: 1, 'restock.edit': 2 });
    expect(effectiveLevel(member, 'restock.edit')).toBe(2);
    expect(effectiveLevel(member, 'restock.import')).toBe(0);
  });
});

describe('the consistency of an access schema', () => {
  it.each([
    [{}, null],
    [{ restock: 1, 'restock.edit': 2 }, null],
    [{ restock: 2, 'restock.edit': 1 }, null],
    [{ restock: 0, 'restock.edit': 0 }, null],
    [{ 'restock.edit': 1 }, '"restock.edit" cannot be granted while "restock" is Restricted'],
    [{ restock: 0, 'restock.edit': 2 }, '"restock.edit" cannot be granted while "restock" is Restricted'],
    [
      { restock: 1, 'restock.edit': 3 },
      'Access level for "restock.edit" cannot exceed "restock" by more than 1',
    ],
    [{ a: 1, 'a.b': 1, 'a.b.c': 2 }, null],
    [{ a: 1, 'a.b.c': 1 }, '"a.b.c" cannot be granted while "a.b" is Restricted'],
  ])('of %j is reported as %j', (schema, message) => {
    expect(accessSchemaInconsistency(schema)).toBe(message);
    expect(accessSchemaIsConsistent(schema)).toBe(message === null);
  });
});

describe('the save-access-schema request', () => {
  it('accepts a consistent selection of known components at 1 or 2', () => {
    const body = { selectedItems: { restock: 1, 'restock.edit': 2, 'buy-list': 2 } };
    expect(saveAccessSchemaRequest.parse(body)).toEqual(body);
  });

  it('accepts an empty selection, which restricts members everywhere', () => {
    expect(saveAccessSchemaRequest.parse({ selectedItems: {} })).toEqual({ selectedItems: {} });
  });

  it.each([
    [{}, 'selectedItems is required'],
    [{ selectedItems: [] }, 'selectedItems must be an object'],
    [{ selectedItems: null }, 'selectedItems must be an object'],
    [{ selectedItems: { 'restock.edit.cost': 1 } }, 'Unknown component "restock.edit.cost"'],
    [{ selectedItems: { 'buy-list': 0 } }, 'Access level for "buy-list" must be 1 or 2'],
    [{ selectedItems: { 'buy-list': 3 } }, 'Access level for "buy-list" must be 1 or 2'],
    [{ selectedItems: { 'buy-list': 1.5 } }, 'Access level for "buy-list" must be 1 or 2'],
    [{ selectedItems: { 'buy-list': '2' } }, 'Access level for "buy-list" must be 1 or 2'],
    [
      { selectedItems: { 'restock.edit': 2 } },
      '"restock.edit" cannot be granted while "restock" is Restricted',
    ],
  ])('refuses %j with "%s"', (body, message) => {
    expect(firstMessage(body)).toBe(message);
  });
});

describe('the access-components response', () => {
  it('parses what computeAccessMap answers', () => {
    const answer = computeAccessMap('dev', null);
    expect(accessComponentsResponse.parse(JSON.parse(JSON.stringify(answer)))).toEqual(answer);
  });

  it('refuses a level outside 0..3', () => {
    expect(accessComponentsResponse.safeParse({ accessMap: { restock: 4 }, dev: false }).success).toBe(false);
  });
});

describe('saved levels read from JSON', () => {
  it('treat a negative zero as Restricted, not as a distinct level', () => {
    const levels = resolveSchemaLevels({ restock: -0, 'buy-list': 2 });
    expect(Object.is(levels.restock, 0)).toBe(true);
    expect(levels['buy-list']).toBe(2);
  });
});
