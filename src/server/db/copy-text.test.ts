import { describe, expect, it } from 'vitest';
import { COPY_NULL, checkCopyable, copyChunks, copyLine, copyValue, NulCharacterError } from './copy-text';

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

describe('copyLine and copyChunks', () => {
  it('writes the columns in the given order, tab-separated, one line per row', () => {
    expect(copyLine({ cost: 2, msku: 'A', replen: null }, ['msku', 'cost', 'replen'])).toBe('A\t2\t\\N\n');
  });

  it('writes leading values on every line and a replacement for null where asked', () => {
    const rows = [
      { msku: 'A', replen: null },
      { msku: 'B', replen: true },
    ];
    const text = [...copyChunks(rows, ['msku', 'replen'], { leading: ['acct'], nullAs: { replen: false } })];
    expect(text).toEqual(['acct\tA\tf\nacct\tB\tt\n']);
  });

  it('writes values computed per row after the leading ones', () => {
    const rows = [{ msku: 'A' }, { msku: 'B' }];
    const text = [
      ...copyChunks(rows, ['msku'], { leading: ['acct'], perRow: (row, index) => [index, `${row.msku}!`] }),
    ];
    expect(text).toEqual(['acct\t0\tA!\tA\nacct\t1\tB!\tB\n']);
  });

  it('splits the rows into chunks and names the row of a NUL character', () => {
    const rows = [{ msku: 'A' }, { msku: 'B' }, { msku: 'C' }];
    expect([...copyChunks(rows, ['msku'], {}, 2)]).toEqual(['A\nB\n', 'C\n']);
    const bad = [...rows, { msku: 'D\u0000' }];
    expect(() => [...copyChunks(bad, ['msku'], {}, 2)]).toThrow(
      'Row 4: msku must not contain NUL characters',
    );
  });

  it('checks without writing exactly what it refuses: the first NUL in row then column order', () => {
    const columns = ['msku', 'title', 'cost', 'replen'];
    const clean = { msku: 'A', title: 'tab\there', cost: 2.5, replen: true };
    const rows = Array.from({ length: 40 }, (_, index) => ({ ...clean, msku: `SKU-${index}` }));
    expect(() => checkCopyable(rows, columns)).not.toThrow();
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
          [...copyChunks(bad, columns, {}, 7)];
        } catch (error) {
          return error;
        }
      })();
      expect(written).toBeInstanceOf(NulCharacterError);
      expect(() => checkCopyable(bad, columns)).toThrow((written as Error).message);
      expect((written as Error).message).toBe(`Row ${at + 1}: ${field} must not contain NUL characters`);
    }
  });
});
