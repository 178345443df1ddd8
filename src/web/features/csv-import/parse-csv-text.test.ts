import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { parseCsvText, uniqueHeaders } from './parse-csv-text';

/**
 * PapaParse's own header mode, with the rows the dialog keeps: what parseCsvText must agree with.
 * A line of empty cells is empty however many cells it has (header mode keeps the extra ones).
 */
function byHeaderMode(text: string, delimiter: string) {
  const result = Papa.parse<Record<string, unknown>>(text, {
    header: true,
    skipEmptyLines: false,
    delimiter,
  });
  const headers = (result.meta.fields ?? []).filter((header) => header.trim() !== '');
  const rows: Record<string, unknown>[] = [];
  const lines: number[] = [];
  result.data.forEach((row, index) => {
    const { __parsed_extra: extra = [], ...named } = row;
    const cells = [...Object.values(named), ...(extra as unknown[])];
    if (cells.every((value) => value === undefined || value === '')) return;
    rows.push(named);
    lines.push(index + 2);
  });
  return { headers, rows, lines };
}

describe('parseCsvText', () => {
  const files: Record<string, [string, string]> = {
    'a plain file': ['msku,qty\nA-1,3\nB-2,4\n', ','],
    'empty lines, counted in the row numbers': ['msku,qty\n\nA-1,3\n\n\nB-2,4\n\n', ','],
    'short and long lines': ['msku,qty,cost\nA-1\nB-2,4,1.50,extra,more\nC-3,,\n', ','],
    'a quoted value over two lines': ['msku;title\nA-1;"one\ntwo"\nB-2;three\n', ';'],
    'repeated and nameless headers': ['msku,qty,qty,qty_1,,\nA-1,1,2,3,4,5\n', ','],
    'a byte order mark': ['\uFEFFmsku\tqty\r\nA-1\t3\r\n', '\t'],
    'lines of delimiters only': ['msku,qty\n,\nA-1,3\n,,,,\n', ','],
    'a header alone': ['msku,qty\n', ','],
    'nothing at all': ['', ','],
    'over a thousand columns, a short line among full ones': [
      [1001, 1001, 3, 1001]
        .map((count, line) =>
          Array.from({ length: count }, (_, i) => (line === 0 ? `c${i}` : `${line}.${i}`)),
        )
        .map((cells) => cells.join(','))
        .join('\n'),
      ',',
    ],
  };

  for (const [name, [text, delimiter]] of Object.entries(files)) {
    it(`reads ${name} as PapaParse's header mode does`, () => {
      expect(parseCsvText(text, delimiter)).toEqual(byHeaderMode(text, delimiter));
    });
  }

  it('names each column, leaves out what a short line lacks and what a long line adds', () => {
    const sheet = parseCsvText('msku,qty,cost\nA-1\nB-2,4,1.50,extra\n\nC-3,5,2\n', ',');
    expect(sheet.headers).toEqual(['msku', 'qty', 'cost']);
    expect(sheet.rows).toEqual([
      { msku: 'A-1' },
      { msku: 'B-2', qty: '4', cost: '1.50' },
      { msku: 'C-3', qty: '5', cost: '2' },
    ]);
    expect(sheet.lines).toEqual([2, 3, 5]);
  });

  it('keeps a line whose only content lies beyond the last header', () => {
    const sheet = parseCsvText('msku,qty\n,,late\nA-1,3\n', ',');
    expect(sheet.lines).toEqual([2, 3]);
    expect(sheet.rows[0]).toEqual({ msku: '', qty: '' });
  });

  it('keeps the values of a column named like a property every object has', () => {
    const sheet = parseCsvText('msku,__proto__,constructor,toString\nA-1,X,Y,Z\n', ',');
    expect(sheet.rows[0]).toEqual({ msku: 'A-1', ['__proto__']: 'X', constructor: 'Y', toString: 'Z' });
    expect(Object.keys(sheet.rows[0]!)).toEqual(['msku', '__proto__', 'constructor', 'toString']);
    // As the mapping reads a column: by its name.
    const column: string = '__proto__';
    expect(sheet.rows[0]![column]).toBe('X');
    expect(Object.getPrototypeOf(sheet.rows[0])).toBe(Object.prototype);
  });

  it('keeps such a column on a short line too, and leaves out only what the line lacks', () => {
    const sheet = parseCsvText('msku,__proto__,qty\nA-1,X,3\nB-2,Y\n', ',');
    expect(sheet.rows.map((row) => Object.entries(row))).toEqual([
      [
        ['msku', 'A-1'],
        ['__proto__', 'X'],
        ['qty', '3'],
      ],
      [
        ['msku', 'B-2'],
        ['__proto__', 'Y'],
      ],
    ]);
    for (const row of sheet.rows) expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });
});

describe('uniqueHeaders', () => {
  it('gives a repeated name the first free suffix', () => {
    expect(uniqueHeaders(['a', 'a', 'a_1', 'a', 'b'])).toEqual(['a', 'a_2', 'a_1', 'a_3', 'b']);
    expect(uniqueHeaders(['', '', ''])).toEqual(['', '_1', '_2']);
  });

  it("names a header of many repeats as PapaParse's header mode does", () => {
    // Taken suffixes first, then repeats: each repeat must skip them all if it starts anew.
    const cells = [
      ...Array.from({ length: 20_000 }, (_, index) => `a_${index + 1}`),
      ...Array(20_000).fill('a'),
    ];
    const names = uniqueHeaders(cells);
    expect(names[20_000]).toBe('a');
    expect(names.slice(-2)).toEqual(['a_39998', 'a_39999']);
    expect(new Set(names).size).toBe(cells.length);
    const header = cells.slice(0, 300).concat(cells.slice(-300)).join(',');
    expect(parseCsvText(`${header}\n`, ',').headers).toEqual(
      (Papa.parse(`${header}\n`, { header: true }).meta.fields ?? []) as string[],
    );
  });
});
