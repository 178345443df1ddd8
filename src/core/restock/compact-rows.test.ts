import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COMPACT_ANSWER_END,
  CompactAnswerError,
  CompactAnswerReader,
  type CompactRows,
  CompactRowsDecoder,
  compactAnswerHead,
  plainRow,
  rowsFromCompact,
} from './compact-rows';

describe('rowsFromCompact', () => {
  const keys = ['id', 'msku', 'cost', 'replen', 'fba_quantity', 'title'];
  const decoded = rowsFromCompact({
    keys,
    rows: [
      ['a', 'A-1', 12.5, true, 3, 'Lamp'],
      ['b', 'B-2', null, false, 'many', null],
      ['c', 'C-3', -0, null, 0, 'Mat'],
    ],
  });

  it('rebuilds each row with every key', () => {
    expect(decoded.rows.map(plainRow)).toEqual([
      { id: 'a', msku: 'A-1', cost: 12.5, replen: true, fba_quantity: 3, title: 'Lamp' },
      { id: 'b', msku: 'B-2', cost: null, replen: false, fba_quantity: 'many', title: null },
      { id: 'c', msku: 'C-3', cost: -0, replen: null, fba_quantity: 0, title: 'Mat' },
    ]);
  });

  it('gives the number fields a sort reads as typed arrays: booleans as 0 and 1, NaN where there is no number', () => {
    expect([...decoded.columns.numbers.keys()].sort()).toEqual(['cost', 'fba_quantity', 'replen']);
    expect([...decoded.columns.numbers.get('cost')!]).toEqual([12.5, Number.NaN, -0]);
    expect([...decoded.columns.numbers.get('replen')!]).toEqual([1, 0, Number.NaN]);
    expect([...decoded.columns.numbers.get('fba_quantity')!]).toEqual([3, Number.NaN, 0]);
  });

  it('keeps beside the numbers the values that are not numbers, and every other field as it came', () => {
    const { odd, values } = decoded.columns;
    expect([...odd.keys()]).toEqual(['fba_quantity']);
    expect([...odd.get('fba_quantity')!]).toEqual([[1, 'many']]);
    expect([...values.keys()]).toEqual(['id', 'msku', 'replen', 'title']);
    expect(values.get('replen')).toEqual([true, false, null]);
    expect(values.get('title')).toEqual(['Lamp', null, 'Mat']);
  });

  it('gives rows that read their fields from the columns: listed by for...in, copied whole, written as JSON', () => {
    const [first, second] = decoded.rows as Array<Record<string, unknown>>;
    expect(first!.cost).toBe(12.5);
    expect(second!.fba_quantity).toBe('many');
    expect(second!.replen).toBe(false);
    expect('title' in second!).toBe(true);
    expect(second!.title).toBeNull();
    const copy = plainRow(first!);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(keys);
    expect(JSON.stringify(decoded.rows)).toBe(JSON.stringify(decoded.rows.map(plainRow)));
    // A copy changed leaves the row as it was; a plain row is its own copy.
    expect({ ...copy, cost: 1 }.cost).toBe(1);
    expect(first!.cost).toBe(12.5);
    expect(plainRow(copy)).toBe(copy);
  });

  it('reads a key given twice from its last slot, as the row does', () => {
    const twice = rowsFromCompact({ keys: ['id', 'cost', 'cost'], rows: [['a', 1, 2]] });
    expect(twice.rows[0]!.cost).toBe(2);
    expect([...twice.columns.numbers.get('cost')!]).toEqual([2]);
  });
});

describe('CompactRowsDecoder', () => {
  it('grows its number arrays past the capacity it was given, batch by batch', () => {
    const decoder = new CompactRowsDecoder(['id', 'cost'], 2);
    const batches = [
      [['a', 1]],
      [
        ['b', 2],
        ['c', null],
        ['d', 4],
      ],
      [],
      [['e', 5]],
    ];
    for (const batch of batches) decoder.add(batch);
    const { rows, columns } = decoder.finish();
    expect(rows.map((row) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([...columns.numbers.get('cost')!]).toEqual([1, 2, Number.NaN, 4, 5]);
  });

  it.each([0, Number.NaN, -1, 2.5, 2 ** 40])(
    'decodes every row when told to expect %s of them',
    (expected) => {
      const decoder = new CompactRowsDecoder(['id', 'cost'], expected);
      decoder.add([
        ['a', 1],
        ['b', null],
      ]);
      const { rows, columns } = decoder.finish();
      expect(rows.map(plainRow)).toEqual([
        { id: 'a', cost: 1 },
        { id: 'b', cost: null },
      ]);
      expect(columns.values.get('id')).toEqual(['a', 'b']);
    },
  );

  it('holds exactly the rows that came when fewer came than expected, with no place left empty', () => {
    const decoder = new CompactRowsDecoder(['id', 'cost', 'title'], 10);
    decoder.add([
      ['a', 1, 'Lamp'],
      ['b', null, null],
    ]);
    decoder.add([['c', 3, 'Mat']]);
    const { rows, columns } = decoder.finish();
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows)).toEqual(['0', '1', '2']);
    expect(columns.numbers.get('cost')).toHaveLength(3);
    for (const key of ['id', 'title']) {
      const values = columns.values.get(key)!;
      expect(values).toHaveLength(3);
      expect(Object.keys(values)).toEqual(['0', '1', '2']);
    }
    expect(rows.map(plainRow)).toEqual([
      { id: 'a', cost: 1, title: 'Lamp' },
      { id: 'b', cost: null, title: null },
      { id: 'c', cost: 3, title: 'Mat' },
    ]);
  });

  it.each([
    ['the msku before the id', ['msku', 'id']],
    ['the id before the msku', ['id', 'msku']],
  ])(
    'gives each row its own texts, in columns of a few repeated texts, of texts all different, or of both by turns (%s)',
    (_, first) => {
      // A supplier of three texts, a title each its own, a column repeating a few texts and then
      // a new one on every row (past what a column may share), an id that is the msku but on a
      // few rows, and a few image addresses too long to share.
      const keys = [...first, 'supplier', 'title', 'batch', 'rate_source', 'main_thumbnail'];
      const addresses = [1, 2, 3].map((n) => `https://images.example/${'a'.repeat(2_000)}/${n}.jpg`);
      const rows = Array.from({ length: 900 }, (_, row) => {
        const msku = `SKU-LONGER-THAN-TEN-${row}`;
        const id = row % 97 === 0 ? `other-${row}` : msku;
        return [
          ...first.map((key) => (key === 'id' ? id : msku)),
          ['Keystone Goods', 'Acme Wholesale', null][row % 3],
          `Organic LED Desk Lamp ${row}`,
          row < 400 ? `batch-${row % 5}` : `batch-${row}`,
          row % 4 === 0 ? 7 : 'sales_last_30_days',
          addresses[row % 3],
        ];
      });
      const decoder = new CompactRowsDecoder(keys, 300);
      for (let from = 0; from < rows.length; from += 128) decoder.add(rows.slice(from, from + 128));
      const decoded = decoder.finish();
      keys.forEach((key, slot) => {
        expect(decoded.columns.values.get(key)).toEqual(rows.map((row) => row[slot]));
      });
      expect(decoded.rows.map((row) => Object.values(plainRow(row)))).toEqual(rows);
    },
  );
});

describe('CompactAnswerReader', () => {
  const keys = ['id', 'msku', 'cost', 'replen', 'title'];
  const slices: unknown[][][] = [
    [
      ['a', 'A-1', 12.5, true, 'Line\nbreak and "quotes"'],
      ['b', 'B-2', null, false, 'Ünïcødé ☃ 𝄞'],
    ],
    [['c', 'C-3', -0, null, '{"keys":[],"rows":[']],
    [
      ['d', 'D-4', 1e21, true, ']}'],
      ['e', 'E-5', 3, false, ',\\n,'],
    ],
  ];
  // Framed as the server frames it: the head, one line per slice (the later ones after a comma), the end.
  const framed = [
    compactAnswerHead(keys),
    ...slices.map((slice, i) => `${i > 0 ? ',' : ''}${slice.map((row) => JSON.stringify(row)).join(',')}`),
    COMPACT_ANSWER_END,
  ].join('\n');
  // Compared as plain rows: decoded rows hold only their place, so any two tables would be equal.
  const plain = ({ rows, columns }: ReturnType<typeof rowsFromCompact>) => ({
    rows: rows.map(plainRow),
    columns,
  });
  const whole = plain(rowsFromCompact(JSON.parse(framed) as CompactRows));

  const readInPieces = (text: string, cuts: number[]) => {
    const reader = new CompactAnswerReader();
    let start = 0;
    for (const cut of [...cuts, text.length]) {
      reader.push(text.slice(start, cut));
      start = cut;
    }
    return plain(reader.finish());
  };

  it('is JSON to any reader, and gives the rows a parse of the whole gives', () => {
    expect(framed.split('\n')).toHaveLength(5);
    expect(readInPieces(framed, [])).toEqual(whole);
  });

  it('gives the same rows wherever the text is cut', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: framed.length }), { maxLength: 12 }), (cuts) => {
        expect(
          readInPieces(
            framed,
            cuts.sort((a, b) => a - b),
          ),
        ).toEqual(whole);
      }),
    );
    // Every cut at once: one character a piece.
    expect(
      readInPieces(
        framed,
        Array.from({ length: framed.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(whole);
  });

  it('reads an empty table', () => {
    const empty = readInPieces(`${compactAnswerHead(keys)}\n${COMPACT_ANSWER_END}`, [3]);
    expect(empty.rows).toEqual([]);
    expect([...empty.columns.numbers.get('cost')!]).toEqual([]);
  });

  it('fails, and never hands over part of the table, when the answer is cut short or not framed', () => {
    const lastLine = framed.lastIndexOf('\n');
    expect(() => readInPieces(framed.slice(0, lastLine), [10])).toThrow(CompactAnswerError);
    expect(() => readInPieces(framed.slice(0, lastLine - 5), [])).toThrow('The table arrived incomplete');
    expect(() => readInPieces('', [])).toThrow('The table arrived incomplete');
    expect(() => readInPieces(`${framed}\n[1]`, [])).toThrow('The table goes on after its end');
    expect(() => readInPieces(`{"message":"no"}\n${COMPACT_ANSWER_END}`, [])).toThrow(
      'The table does not start with its keys',
    );
    // An answer in one line (not framed) is not taken for a framed one.
    expect(() => readInPieces(JSON.stringify({ keys, rows: slices.flat() }), [])).toThrow();
  });
});
