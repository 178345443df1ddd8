import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The README promises Node.js 20.19: every installed package must accept it, or npm ci warns
 * (EBADENGINE) and the package may use what Node 20 lacks. Reads the lock file, so a dependency
 * update that needs a newer Node fails here before it reaches a seller's machine.
 */

const SUPPORTED = [20, 19, 0] as const;
const root = path.resolve(import.meta.dirname, '../..');

type Version = [number, number, number];

/** '20', '20.19', '10.x', 'v12.22.7' → the lowest version it names. */
function lowest(text: string): Version {
  const parts = text.replace(/^v/, '').split('.');
  const number = (index: number) => {
    const part = parts[index];
    return part === undefined || part === 'x' || part === '*' ? 0 : Number(part);
  };
  return [number(0), number(1), number(2)];
}

const compare = (a: readonly number[], b: readonly number[]) =>
  a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;

/** One comparator of a range ('>=20.19', '^20.19.0', '20', '10.*') against `version`. */
function accepts(comparator: string, version: Version): boolean {
  const match = /^(>=|>|<=|<|\^|~|=)?\s*(.+)$/.exec(comparator.trim());
  if (!match) throw new Error(`unreadable comparator ${comparator}`);
  const [, operator = '', bound = ''] = match;
  const floor = lowest(bound);
  const order = compare(version, floor);
  switch (operator) {
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '^':
      return order >= 0 && version[0] === floor[0];
    case '~':
      return order >= 0 && version[0] === floor[0] && version[1] === floor[1];
    default: {
      // A bare version: every part it names must match ('20' takes any 20.x).
      const named = bound
        .replace(/^v/, '')
        .split('.')
        .filter((part) => part !== 'x' && part !== '*');
      return named.every((part, index) => Number(part) === version[index]);
    }
  }
}

/** An npm engines range: alternatives joined by '||', each a space-separated list of comparators. */
function rangeAccepts(range: string, version: Version): boolean {
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|\^|~|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => accepts(comparator, version)),
  );
}

describe('the Node.js version the README promises', () => {
  it('reads engine ranges as npm does', () => {
    const v = [...SUPPORTED] as Version;
    expect(rangeAccepts('>=22', v)).toBe(false);
    expect(rangeAccepts('>=20.19', v)).toBe(true);
    expect(rangeAccepts('^20.19.0 || >=22.12.0', v)).toBe(true);
    expect(rangeAccepts('^20.20.0 || >=22', v)).toBe(false);
    expect(rangeAccepts('18 || 20 || >=22', v)).toBe(true);
    expect(rangeAccepts('>=16 || 14 >=14.17', v)).toBe(true);
    expect(rangeAccepts('>= 10.x', v)).toBe(true);
  });

  it('is accepted by every installed package', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([name, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      return range && !rangeAccepts(range, [...SUPPORTED]) ? [`${name} needs node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it('is what package.json declares', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    expect(pkg.engines.node).toBe('>=20.19');
  });
});
