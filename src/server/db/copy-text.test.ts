import { describe, expect, it } from 'vitest';
import {
  COPY_NULL,
  type CopyTable,
  checkCopyable,
  copyChunks,
  copyValue,
  NulCharacterError,
} from './copy-text';

describe('copyValue', () => {
  it.each([
    [null, COPY_NULL],
    [undefined, COPY_NULL],
    [true, 't'],
    [false, 'f'],
    [12.5, '12.5'],
    [-3, '-3'],
    ['00123', '00123'],
    ['a\tb', 'a\\tb'],
    ['line1\nline2\r', 'line1\\nline2\\r'],
    ['C:\\path', 'C:\\\\path'],
    ['\\N', '\\\\N'],
  ])('encodes %j as %j', (value, expected) => {
    expect(copyValue(value)).toBe(expected);
  });

  it('refuses a NUL character, naming the field', () => {
    expect(() => copyValue('a\u0000b', 'title')).toThrow(
      new NulCharacterError('title must not contain NUL characters'),
    );
  });
});

/** Rows as the table copyChunks reads: a list per column, null where a row has no value. */
function tableOf(rows: readonly Record<string, unknown>[]): CopyTable {
  const values: Record<string, unknown[]> = {};
  rows.forEach((row, index) => {
    for (const [column, value] of Object.entries(row)) {
      values[column] ??= new Array(rows.length).fill(null);
      values[column]![index] = value;
    }
  });
  return { size: rows.length, values };
}

describe('copyChunks', () => {
  it('writes the columns in the given order, tab-separated, one line per row, null as \\N', () => {
    const table = tableOf([
      { cost: 2, msku: 'A', replen: null },
      { msku: 'B', cost: 3.5 },
    ]);
    expect([...copyChunks(table, ['msku', 'cost', 'replen'])]).toEqual(['A\t2\t\\N\nB\t3.5\t\\N\n']);
  });

  it('writes leading values on every line and a replacement for null where asked', () => {
    const table = tableOf([
      { msku: 'A', replen: null },
      { msku: 'B', replen: true },
    ]);
    const text = [...copyChunks(table, ['msku', 'replen'], { leading: ['acct'], nullAs: { replen: false } })];
    expect(text).toEqual(['acct\tA\tf\nacct\tB\tt\n']);
    // A column the table does not hold is null on every line, or its replacement.
    expect([
      ...copyChunks(tableOf([{ msku: 'C' }]), ['msku', 'replen', 'cost'], { nullAs: { replen: false } }),
    ]).toEqual(['C\tf\t\\N\n']);
  });

  it('writes values computed per row after the leading ones', () => {
    const table = tableOf([{ msku: 'A' }, { msku: 'B' }]);
    const text = [
      ...copyChunks(table, ['msku'], { leading: ['acct'], perRow: (index) => [index, `row ${index}`] }),
    ];
    expect(text).toEqual(['acct\t0\trow 0\tA\nacct\t1\trow 1\tB\n']);
  });

  it('splits the rows into chunks and names the row of a NUL character', () => {
    const rows = [{ msku: 'A' }, { msku: 'B' }, { msku: 'C' }];
    expect([...copyChunks(tableOf(rows), ['msku'], {}, 2)]).toEqual(['A\nB\n', 'C\n']);
    const bad = tableOf([...rows, { msku: 'D\u0000' }]);
    expect(() => [...copyChunks(bad, ['msku'], {}, 2)]).toThrow(
      'Row 4: msku must not contain NUL characters',
    );
  });

  it('checks without writing exactly what it refuses: the first NUL in row then column order', () => {
    const columns = ['msku', 'title', 'cost', 'replen'];
    const clean = { msku: 'A', title: 'tab\there', cost: 2.5, replen: true };
    const rows = Array.from({ length: 40 }, (_, index) => ({ ...clean, msku: `SKU-${index}` }));
    expect(() => checkCopyable(tableOf(rows), columns)).not.toThrow();
    for (const [at, field] of [
      [0, 'msku'],
      [17, 'title'],
      [39, 'title'],
    ] as const) {
      const bad = rows.map((row, index) => (index === at ? { ...row, [field]: 'x\u0000y' } : row));
      // A later NUL in another field is not the one named.
      bad[39] = { ...bad[39]!, title: 'z\u0000' };
      const written = (() => {
        try {
          [...copyChunks(tableOf(bad), columns, {}, 7)];
        } catch (error) {
          return error;
        }
      })();
      expect(written).toBeInstanceOf(NulCharacterError);
      expect(() => checkCopyable(tableOf(bad), columns)).toThrow((written as Error).message);
      expect((written as Error).message).toBe(`Row ${at + 1}: ${field} must not contain NUL characters`);
    }
  });
});
