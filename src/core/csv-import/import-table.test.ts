import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldSpec } from '../product-fields/fields';
import { readColumns, rowsOfColumns } from './import-columns';
import { type ImportRow, validateImportRows } from './import-rows';
import { tableOfRows, validateImportColumns, validateSentColumns } from './import-table';
import { TARGET_KEYS, type TargetKey } from './targets';

/** Values of each kind of field, valid and not: blanks, padding, NFC twins, wrong types, bounds. */
function valuesFor(field: TargetKey): fc.Arbitrary<unknown> {
  const { type } = fieldSpec(field);
  const common = [null, 7, true, 'x'.repeat(3000), {}];
  if (field === 'msku')
    return fc.constantFrom('A', 'B', ' A ', 'C', 'e\u0301', '\u00e9', '', '   ', 'bad\u0000', ...common);
  if (field === 'marketplace') return fc.constantFrom('US', 'uk', 'XX', ' ', ...common);
  if (field === 'currency') return fc.constantFrom('usd', 'GBP', 'ABC', ...common);
  if (type === 'text' || type === 'url')
    return fc.constantFrom('Acme', '  padded  ', '', 'https://example.com/a.jpg', 'not a url', ...common);
  if (type === 'boolean') return fc.constantFrom(true, false, 'yes', null, 1);
  return fc.constantFrom(0, 1, 2.5, 3, 12, -1, 1e12, Number.NaN, '4', null, 0.001);
}

/** A body as the page sends it, or as a hand-made client might: any fields, any left-out nulls. */
const bodies = fc.integer({ min: 1, max: 12 }).chain((size) =>
  fc.subarray([...TARGET_KEYS], { minLength: 1 }).chain((fields) =>
    fc
      .tuple(
        fc.tuple(...fields.map((field) => fc.array(valuesFor(field), { minLength: size, maxLength: size }))),
        fc.tuple(...fields.map(() => fc.array(fc.boolean(), { minLength: size, maxLength: size }))),
      )
      .map(([lists, leaves]) => {
        const columns: Record<string, unknown[]> = {};
        const leftOut: Record<string, number[]> = {};
        fields.forEach((field, column) => {
          const list = lists[column]!;
          columns[field] = list;
          // Only a null can be left out; here about half of them are.
          const indexes = list.flatMap((value, index) =>
            value === null && leaves[column]![index] ? [index] : [],
          );
          if (indexes.length > 0) leftOut[field] = indexes;
        });
        return { columns, leftOut };
      }),
  ),
);

describe('rows sent as columns, checked column by column', () => {
  it('answer exactly what the rows they stand for answer: the same problem, or the same table', () => {
    fc.assert(
      fc.property(bodies, ({ columns, leftOut }) => {
        const read = readColumns(columns, leftOut);
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        const rows = rowsOfColumns(columns, leftOut);
        if (!rows.ok) throw new Error(rows.message);
        const byRows = validateImportRows(rows.rows);
        const byColumns = validateImportColumns(read.body);
        if (!byRows.ok) expect(byColumns).toEqual(byRows);
        else expect(byColumns).toStrictEqual({ ok: true, table: tableOfRows(byRows.rows) });
      }),
      { numRuns: 600 },
    );
  });

  it('name a value problem before a later repeated msku, and a repeated msku before a later problem', () => {
    const check = (columns: Record<string, unknown[]>) => {
      const read = readColumns(columns, undefined);
      if (!read.ok) throw new Error(read.message);
      return validateImportColumns(read.body);
    };
    expect(check({ msku: ['A', 'B', 'A'], cost: [1, -1, 1] })).toEqual({
      ok: false,
      message: 'Row 2: Your Cost must be an amount from 0 to 1,000,000,000',
    });
    expect(check({ msku: ['A', ' A', 'B'], cost: [1, 1, -1] })).toEqual({
      ok: false,
      message: 'Row 2: MSKU "A" is already on row 1',
    });
  });

  it('keep a column the page never sends, left out of every row, out of the table', () => {
    const read = readColumns({ msku: ['A', 'B'], cost: [null, null] }, { cost: [0, 1] });
    if (!read.ok) throw new Error(read.message);
    const checked = validateImportColumns(read.body);
    expect(checked.ok && checked.table.fields).toEqual(['msku']);
  });
});

describe('rows sent as objects, as a table', () => {
  it('hold each field a row carries, null where another row leaves it out or has a blank', () => {
    const rows: ImportRow[] = [
      { msku: 'A', cost: 2 },
      { msku: 'B', title: null },
    ];
    expect(tableOfRows(rows)).toStrictEqual({
      size: 2,
      fields: ['msku', 'title', 'cost'],
      values: { msku: ['A', 'B'], title: [null, null], cost: [2, null] },
      leftOut: { title: new Uint8Array([1, 0]), cost: new Uint8Array([0, 1]) },
    });
  });
});

describe('validateSentColumns', () => {
  it('holds the MSKU to its length as stored, after NFC, as the page sends it raw', () => {
    const msku = `${'x'.repeat(99)}\u09DC`;
    expect(msku.length).toBe(100);
    expect(validateSentColumns({ msku: [msku] }, undefined)).toEqual({
      ok: false,
      message: 'Row 1: MSKU must be at most 100 characters',
    });
    expect(validateSentColumns({ msku: [msku.slice(1)] }, undefined).ok).toBe(true);
  });
});
