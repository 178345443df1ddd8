import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnsOfRows } from './import-columns';
import type { ImportRow } from './import-rows';
import {
  applySavedMapping,
  clearMappings,
  dropOnTarget,
  EMPTY_CSV_MESSAGE,
  emptyMapping,
  hasMappedRows,
  importRows,
  isUsableCsv,
  keepCompatible,
  type Mapping,
  mapColumn,
  mappedColumns,
  mappedRows,
  NO_DATA_MESSAGE,
  noConfigMessage,
  targetOfColumn,
  unmapColumn,
  unmappedColumns,
} from './mapping';
import { TARGET_KEYS, type TargetKey } from './targets';

const HEADERS = ['SKU', 'Cost', 'Supplier', 'Qty', 'Flag'];

const withMapped = (entries: Partial<Mapping>): Mapping => ({ ...emptyMapping(), ...entries });

const onlyMapped = (mapping: Mapping) =>
  Object.fromEntries(Object.entries(mapping).filter(([, column]) => column !== null));

describe('the empty mapping', () => {
  it('holds every target, all unmapped', () => {
    const mapping = emptyMapping();
    expect(Object.keys(mapping)).toEqual(TARGET_KEYS);
    expect(Object.values(mapping).every((column) => column === null)).toBe(true);
  });

  it('is what Clear All Mappings answers', () => {
    expect(clearMappings()).toEqual(emptyMapping());
  });
});

describe('dragging a column onto a target (SPEC 4)', () => {
  it.each<[string, Partial<Mapping>, string, TargetKey, Partial<Mapping>]>([
    ['maps a column from the left list onto an empty target', {}, 'Cost', 'cost', { cost: 'Cost' }],
    [
      'unmaps the column a target held when a column from the left list replaces it',
      { cost: 'Cost' },
      'Qty',
      'cost',
      { cost: 'Qty' },
    ],
    [
      'clears the old target when a mapped column moves to an empty target',
      { cost: 'Cost' },
      'Cost',
      'your_price',
      { your_price: 'Cost' },
    ],
    [
      'swaps two mapped columns',
      { cost: 'Cost', your_price: 'Qty' },
      'Cost',
      'your_price',
      { cost: 'Qty', your_price: 'Cost' },
    ],
    [
      'changes nothing when a column is dropped on its own target',
      { cost: 'Cost' },
      'Cost',
      'cost',
      { cost: 'Cost' },
    ],
    [
      'leaves other targets alone',
      { msku: 'SKU', supplier: 'Supplier' },
      'Qty',
      'fba_quantity',
      { msku: 'SKU', supplier: 'Supplier', fba_quantity: 'Qty' },
    ],
  ])('%s', (_label, before, column, target, after) => {
    expect(onlyMapped(mapColumn(withMapped(before), column, target))).toEqual(after);
  });

  it('shows a displaced column on the left list again', () => {
    const mapping = mapColumn(withMapped({ cost: 'Cost' }), 'Qty', 'cost');
    expect(unmappedColumns(HEADERS, mapping)).toEqual(['SKU', 'Cost', 'Supplier', 'Flag']);
  });

  it('never changes the mapping it is given', () => {
    const before = withMapped({ cost: 'Cost', your_price: 'Qty' });
    const copy = { ...before };
    mapColumn(before, 'Cost', 'your_price');
    unmapColumn(before, 'Cost');
    expect(before).toEqual(copy);
  });

  it('keeps every column on at most one target, whatever the sequence of drops', () => {
    const move = fc.oneof(
      fc.record({
        kind: fc.constant('map' as const),
        column: fc.constantFrom(...HEADERS),
        target: fc.constantFrom(...TARGET_KEYS),
      }),
      fc.record({ kind: fc.constant('unmap' as const), column: fc.constantFrom(...HEADERS) }),
    );
    fc.assert(
      fc.property(fc.array(move, { maxLength: 40 }), (moves) => {
        let mapping = emptyMapping();
        for (const step of moves) {
          mapping =
            step.kind === 'map'
              ? mapColumn(mapping, step.column, step.target)
              : unmapColumn(mapping, step.column);
        }
        const mapped = Object.values(mapping).filter((column) => column !== null);
        expect(new Set(mapped).size).toBe(mapped.length);
        expect(unmappedColumns(HEADERS, mapping).length + mapped.length).toBe(HEADERS.length);
      }),
    );
  });
});

describe('dropping on a target through dropOnTarget', () => {
  const rows = [
    { SKU: 'A-1', Cost: '$4.00', Supplier: 'Acme', Qty: '10', Flag: 'yes' },
    { SKU: 'A-2', Cost: '$5.00', Supplier: 'Acme', Qty: 'ten', Flag: 'no' },
  ];

  it('maps a compatible column', () => {
    expect(dropOnTarget(emptyMapping(), rows, 'Cost', 'cost')).toEqual({
      ok: true,
      mapping: withMapped({ cost: 'Cost' }),
    });
  });

  it('refuses an incompatible column with the spec message', () => {
    expect(dropOnTarget(emptyMapping(), rows, 'Qty', 'fba_quantity')).toEqual({
      ok: false,
      message: 'CSV column "Qty" is not compatible with "FBA Stock"',
    });
  });

  it('refuses an unknown target with "No config found"', () => {
    expect(dropOnTarget(emptyMapping(), rows, 'Cost', 'roi')).toEqual({
      ok: false,
      message: 'No config found for "roi"',
    });
  });
});

describe('unmapping', () => {
  it('unmaps a column dropped back on the left list', () => {
    expect(onlyMapped(unmapColumn(withMapped({ cost: 'Cost', msku: 'SKU' }), 'Cost'))).toEqual({
      msku: 'SKU',
    });
  });

  it('changes nothing for a column that was not mapped', () => {
    const mapping = withMapped({ msku: 'SKU' });
    expect(unmapColumn(mapping, 'Cost')).toBe(mapping);
  });

  it('finds the target a column is mapped to', () => {
    expect(targetOfColumn(withMapped({ moq: 'Qty' }), 'Qty')).toBe('moq');
    expect(targetOfColumn(withMapped({ moq: 'Qty' }), 'Cost')).toBeNull();
  });
});

describe('the left list', () => {
  it('keeps the file order and hides mapped columns', () => {
    expect(unmappedColumns(HEADERS, withMapped({ msku: 'SKU', replen: 'Flag', cost: 'Cost' }))).toEqual([
      'Supplier',
      'Qty',
    ]);
  });

  it('shows every column when nothing is mapped', () => {
    expect(unmappedColumns(HEADERS, emptyMapping())).toEqual(HEADERS);
  });
});

describe('applying a saved mapping (SPEC 4)', () => {
  it.each<[string, Record<string, unknown> | null, Partial<Mapping>]>([
    [
      'applies targets whose column is in the file',
      { msku: 'SKU', cost: 'Cost' },
      { msku: 'SKU', cost: 'Cost' },
    ],
    ['drops columns this file lacks', { msku: 'SKU', supplier: 'Vendor' }, { msku: 'SKU' }],
    ['ignores unknown targets', JSON.parse('{"msku":"SKU","roi":"Cost","__proto__":"Qty"}'), { msku: 'SKU' }],
    [
      'ignores null and non-text columns',
      { msku: null, cost: 5, supplier: 'Supplier' },
      { supplier: 'Supplier' },
    ],
    [
      'keeps a column saved twice on its first target only',
      { cost: 'Cost', your_price: 'Cost' },
      { cost: 'Cost' },
    ],
    ['answers an empty mapping when nothing was saved', null, {}],
  ])('%s', (_label, saved, expected) => {
    expect(onlyMapped(applySavedMapping(saved, HEADERS))).toEqual(expected);
  });

  it('hides the applied columns from the left list', () => {
    const mapping = applySavedMapping({ msku: 'SKU', cost: 'Cost' }, HEADERS);
    expect(unmappedColumns(HEADERS, mapping)).toEqual(['Supplier', 'Qty', 'Flag']);
  });
});

describe('the mapped rows', () => {
  const rows = [
    { SKU: '00123', Cost: '$1,200.50', Supplier: ' Acme ', Qty: '1,000', Flag: 'Yes' },
    { SKU: '  ', Cost: '$2', Supplier: 'Beta', Qty: '3', Flag: 'no' },
    { SKU: 'B-2', Cost: '(3.00)', Supplier: '', Qty: 'n/a', Flag: '#N/A' },
  ];
  const mapping = withMapped({
    msku: 'SKU',
    cost: 'Cost',
    supplier: 'Supplier',
    fba_quantity: 'Qty',
    replen: 'Flag',
  });

  it('parses each mapped value by its target type, keeping SKUs as text', () => {
    expect(mappedRows(rows, mapping)).toEqual([
      { msku: '00123', cost: 1200.5, supplier: 'Acme', fba_quantity: 1000, replen: true },
      { msku: 'B-2', cost: -3, supplier: null, fba_quantity: null, replen: null },
    ]);
  });

  it('sends a blank cell as null but leaves out a cell that does not parse, so it keeps the stored value', () => {
    const source = [{ SKU: 'A', Cost: 'cheap', Supplier: '#REF!', Qty: '', Flag: 'maybe' }];
    const mapped = mappedRows(source, mapping);
    expect(mapped).toEqual([{ msku: 'A', supplier: null, fba_quantity: null }]);
    // As the page sends it: the cells that did not parse are left out, the blanks are null.
    expect(columnsOfRows(mapped as ImportRow[])).toEqual({
      columns: { msku: ['A'], supplier: [null], cost: [null], fba_quantity: [null], replen: [null] },
      leftOut: { cost: [0], replen: [0] },
    });
  });

  it('reads numbers with the decimal separator it is given', () => {
    const source = [{ SKU: 'A', Cost: '€1.234,50', Supplier: 'x', Qty: '1.200', Flag: 'yes' }];
    expect(mappedRows(source, mapping, { decimal: ',' })).toEqual([
      { msku: 'A', cost: 1234.5, supplier: 'x', fba_quantity: 1200, replen: true },
    ]);
  });

  it('answers the index of the CSV row each import row came from', () => {
    expect(importRows(rows, mapping).sourceIndexes).toEqual([0, 2]);
  });

  it('holds only the mapped targets', () => {
    expect(mappedRows(rows, withMapped({ msku: 'SKU' }))).toEqual([{ msku: '00123' }, { msku: 'B-2' }]);
  });

  it('drops rows without an msku and keeps the file order', () => {
    expect(mappedRows(rows, mapping).map((row) => row.msku)).toEqual(['00123', 'B-2']);
  });

  it('answers no rows while msku is unmapped', () => {
    expect(mappedRows(rows, withMapped({ cost: 'Cost' }))).toEqual([]);
  });

  it('reads a cell missing from a short row as empty', () => {
    expect(mappedRows([{ SKU: 'X' }], mapping)).toEqual([
      { msku: 'X', cost: null, supplier: null, fba_quantity: null, replen: null },
    ]);
  });

  it.each<[string, Partial<Mapping>, readonly Record<string, string>[], boolean]>([
    ['a row has an msku', { msku: 'SKU' }, rows, true],
    ['msku is unmapped', { cost: 'Cost' }, rows, false],
    ['every msku is blank', { msku: 'SKU' }, [{ SKU: '' }, { SKU: ' ' }], false],
    ['the file has no rows', { msku: 'SKU' }, [], false],
  ])('says whether there is something to save when %s', (_label, entries, source, expected) => {
    expect(hasMappedRows(source, withMapped(entries))).toBe(expected);
    expect(mappedRows(source, withMapped(entries)).length > 0).toBe(expected);
  });
});

describe('the mapped columns', () => {
  // Cells of every kind the parsers tell apart: blanks, placeholders, marks, signs, both decimal
  // separators, grouped thousands, words, and missing cells of short lines.
  const cell = fc.oneof(
    fc.constantFrom(undefined, '', ' ', 'N/A', '#REF!', '-', 'nan', 'Yes', 'no', '0', '1', 'us', 'GBP', '£'),
    fc.constantFrom(
      '$12.50',
      '12,5',
      '1.234,5',
      '1,234.5',
      '(3.00)',
      '-7',
      ' 42 ',
      '5.',
      '.5',
      '12.5%',
      '$',
      '$1',
    ),
    fc.stringMatching(/^[\d.,$ -]{0,6}$/),
    fc.string({ maxLength: 4 }),
  );
  const sheet = fc.array(
    fc.record(Object.fromEntries(HEADERS.map((header) => [header, cell])), { requiredKeys: [] }),
    { maxLength: 12 },
  );
  const mapping = fc
    .array(fc.constantFrom(null, ...HEADERS), {
      minLength: TARGET_KEYS.length,
      maxLength: TARGET_KEYS.length,
    })
    .map((columns) => {
      // One column feeds one target, as the mapping's own moves keep it.
      const used = new Set<string>();
      const mapped = emptyMapping();
      TARGET_KEYS.forEach((key, index) => {
        const column = columns[index] ?? null;
        if (column !== null && used.has(column)) return;
        if (column !== null) used.add(column);
        mapped[key] = column;
      });
      return mapped;
    });

  it('are the mapped rows as the page sends them, with the same source rows', () => {
    fc.assert(
      fc.property(sheet, mapping, fc.constantFrom('.' as const, ',' as const), (source, chosen, decimal) => {
        const rows = source as Record<string, string | undefined>[];
        const expected = importRows(rows, chosen, { decimal });
        expect(mappedColumns(rows, chosen, { decimal })).toEqual({
          columns: columnsOfRows(expected.rows as ImportRow[]),
          sourceIndexes: expected.sourceIndexes,
        });
      }),
      { numRuns: 600 },
    );
  });

  it('leave a cell that does not parse out of its row and send a blank as null', () => {
    const source = [
      { SKU: 'A', Cost: 'cheap', Qty: '' },
      { SKU: ' ', Cost: '$2', Qty: '3' },
      { SKU: 'B', Cost: '$2.50', Qty: 'many' },
    ];
    expect(mappedColumns(source, withMapped({ msku: 'SKU', cost: 'Cost', fba_quantity: 'Qty' }))).toEqual({
      columns: {
        columns: { msku: ['A', 'B'], cost: [null, 2.5], fba_quantity: [null, null] },
        leftOut: { cost: [0], fba_quantity: [1] },
      },
      sourceIndexes: [0, 2],
    });
  });
});

describe('keepCompatible', () => {
  it('unmaps each column that fails the 80 percent rule and says which', () => {
    const rows = [
      { SKU: 'A', Cost: 'cheap', Qty: '5.0' },
      { SKU: 'B', Cost: 'dear', Qty: '7' },
    ];
    const result = keepCompatible(withMapped({ msku: 'SKU', cost: 'Cost', fba_quantity: 'Qty' }), rows);
    expect(onlyMapped(result.mapping)).toEqual({ msku: 'SKU', fba_quantity: 'Qty' });
    expect(result.refused).toEqual(['CSV column "Cost" is not compatible with "Your Cost"']);
  });
});

describe('messages and file checks (SPEC 8)', () => {
  it('words the messages as the spec does', () => {
    expect(noConfigMessage('total_spend')).toBe('No config found for "total_spend"');
    expect(EMPTY_CSV_MESSAGE).toBe('CSV file is empty or invalid');
    expect(NO_DATA_MESSAGE).toBe('No data to save');
  });

  it.each([
    [['SKU'], [{ SKU: 'A' }], true],
    [[], [], false],
    [['SKU'], [], false],
    [['', ' '], [{ '': 'A' }], false],
  ])('calls headers %j with rows %j usable: %j', (headers, rows, expected) => {
    expect(isUsableCsv(headers, rows)).toBe(expected);
  });
});
