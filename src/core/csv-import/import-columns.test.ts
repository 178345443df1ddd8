import { describe, expect, it } from 'vitest';
import { columnsOfRows, rowsOfColumns } from './import-columns';
import type { ImportRow } from './import-rows';
import { MAX_IMPORT_ROWS, TOO_MANY_ROWS_MESSAGE } from './import-rows';

describe('rows sent as columns', () => {
  it('gives back the same rows, a field left out staying left out and a blank staying null', () => {
    const rows: ImportRow[] = [
      { msku: 'A', cost: 2.5, title: 'Mug', replen: true },
      { msku: 'B', cost: null, replen: false },
      { msku: 'C', title: null },
    ];
    const body = columnsOfRows(rows);
    expect(body).toEqual({
      columns: {
        msku: ['A', 'B', 'C'],
        title: ['Mug', null, null],
        cost: [2.5, null, null],
        replen: [true, false, null],
      },
      leftOut: { title: [1], cost: [2], replen: [2] },
    });
    const back = rowsOfColumns(body.columns, JSON.parse(JSON.stringify(body.leftOut)));
    // Strict: a field left out must be absent from its row, not undefined.
    expect(back).toStrictEqual({ ok: true, rows });
  });

  it('leaves out a value that is undefined, as JSON.stringify leaves out such a key', () => {
    const rows = [
      { msku: 'A', cost: undefined },
      { msku: 'B', cost: 3 },
    ] as unknown as ImportRow[];
    expect(columnsOfRows(rows)).toEqual({
      columns: { msku: ['A', 'B'], cost: [null, 3] },
      leftOut: { cost: [0] },
    });
  });

  it('sends no leftOut when every row carries every field', () => {
    expect(columnsOfRows([{ msku: 'A' }, { msku: 'B' }])).toEqual({ columns: { msku: ['A', 'B'] } });
  });

  it.each([
    [[], undefined, 'columns must be an object with a list of values per field'],
    [null, undefined, 'columns must be an object with a list of values per field'],
    [{ msku: 'A' }, undefined, 'columns.msku must be a list of values'],
    [{ msku: ['A'], colour: ['red'] }, undefined, 'Unknown field "colour"'],
    [{ msku: ['A', 'B'], cost: [1] }, undefined, 'columns.cost has 1 values where columns.msku has 2'],
    [{ msku: ['A'] }, [], 'leftOut must be an object with a list of row indexes per field'],
    [{ msku: ['A'] }, { cost: [0] }, 'leftOut.cost names no column'],
    [{ msku: ['A'] }, { constructor: [0] }, 'leftOut.constructor names no column'],
    [
      { msku: ['A'], cost: [null] },
      { cost: 0 },
      'leftOut must be an object with a list of row indexes per field',
    ],
    [
      { msku: ['A'], cost: [null] },
      { cost: [1] },
      'leftOut.cost must list row indexes from 0 to 0 in ascending order',
    ],
    [
      { msku: ['A'], cost: [null] },
      { cost: [-1] },
      'leftOut.cost must list row indexes from 0 to 0 in ascending order',
    ],
    [
      { msku: ['A'], cost: [null] },
      { cost: [0.5] },
      'leftOut.cost must list row indexes from 0 to 0 in ascending order',
    ],
    [
      { msku: ['A', 'B'], cost: [null, null] },
      { cost: [1, 1] },
      'leftOut.cost must list row indexes from 0 to 1 in ascending order',
    ],
    [{ msku: ['A'], cost: [3] }, { cost: [0] }, 'Row 1: a field left out must be null in columns.cost'],
  ])('refuses columns %j with leftOut %j: %s', (columns, leftOut, message) => {
    expect(rowsOfColumns(columns, leftOut)).toEqual({ ok: false, message });
  });

  it('refuses more rows than an import takes before building any', () => {
    const tooMany = new Array(MAX_IMPORT_ROWS + 1).fill('A');
    expect(rowsOfColumns({ msku: tooMany }, undefined)).toEqual({
      ok: false,
      message: TOO_MANY_ROWS_MESSAGE,
    });
  });
});
