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
