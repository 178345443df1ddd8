import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { RESTOCK_COLUMNS } from './columns';
import type { GridColumn } from './grid-column';
import { DEFAULT_SORT, type SortColumn, type SortDirection, sortRows } from './grid-sort';
import { anyNumber, manyRows, mskus, gridRow as row, SAMPLE_ROWS as rows } from './grid-test-rows';

const collator = new Intl.Collator('en-US', { sensitivity: 'base' });

describe('sortRows', () => {
  it('sorts by product title ascending, ignoring case, with no sort chosen; rows without a title go last', () => {
    expect(mskus(sortRows(rows, [], RESTOCK_COLUMNS))).toEqual(['D-4', 'A-1', 'B-2', 'C-3']);
  });

  it('breaks title ties by msku, and keeps rows without a title last when descending', () => {
    const tied = [
      row({ msku: 'Z', title: 'Mug' }),
      row({ msku: 'y', title: null }),
      row({ msku: 'x', title: 'mug' }),
    ];
    expect(mskus(sortRows(tied, [{ columnKey: 'product', direction: 'ASC' }], RESTOCK_COLUMNS))).toEqual([
      'x',
      'Z',
      'y',
    ]);
    expect(mskus(sortRows(tied, [{ columnKey: 'product', direction: 'DESC' }], RESTOCK_COLUMNS))).toEqual([
      'Z',
      'x',
      'y',
    ]);
  });

  it('sorts titles the way the locale does: accents beside their letters, punctuation before digits', () => {
    const titles = ['Zebra', 'école', 'Eagle', 'Ember', '10 Pack', ':Colon', 'apple'];
    const sorted = sortRows(
      titles.map((title, i) => row({ msku: String(i), title })),
      [],
      RESTOCK_COLUMNS,
    ).map((r) => r.title);
    expect(sorted).toEqual([':Colon', '10 Pack', 'apple', 'Eagle', 'école', 'Ember', 'Zebra']);
  });

  // ROI: A-1 25%, B-2 10%, D-4 50%; C-3 has none.
  it.each([
    ['ASC', ['B-2', 'A-1', 'D-4', 'C-3']],
    ['DESC', ['D-4', 'A-1', 'B-2', 'C-3']],
  ] as const)('sorts a number column %s with blanks last', (direction, expected) => {
    expect(mskus(sortRows(rows, [{ columnKey: 'roi', direction }], RESTOCK_COLUMNS))).toEqual(expected);
  });

  it.each([
    ['ASC', ['A-1', 'B-2', 'D-4', 'C-3']],
    ['DESC', ['D-4', 'B-2', 'A-1', 'C-3']],
  ] as const)('sorts a money column %s with blanks last', (direction, expected) => {
    expect(mskus(sortRows(rows, [{ columnKey: 'cost', direction }], RESTOCK_COLUMNS))).toEqual(expected);
  });

  it('sorts blanks as sortNullsAs when the column defines it', () => {
    // fba_quantity: A-1 10, B-2 blank (sorts as 0), C-3 50, D-4 0.
    expect(mskus(sortRows(rows, [{ columnKey: 'fba_quantity', direction: 'ASC' }], RESTOCK_COLUMNS))).toEqual(
      ['B-2', 'D-4', 'A-1', 'C-3'],
    );
    const withoutNullsAs: GridColumn[] = [{ key: 'fba_quantity', filterBy: 'range', format: 'number' }];
    expect(mskus(sortRows(rows, [{ columnKey: 'fba_quantity', direction: 'ASC' }], withoutNullsAs))).toEqual([
      'D-4',
      'A-1',
      'C-3',
      'B-2',
    ]);
  });

  it('sorts booleans false before true', () => {
    expect(mskus(sortRows(rows, [{ columnKey: 'replen', direction: 'DESC' }], RESTOCK_COLUMNS))).toEqual([
      'A-1',
      'C-3',
      'B-2',
      'D-4',
    ]);
  });

  it('applies several sort columns in order', () => {
    const many = [
      row({ msku: '1', supplier: 'Acme', cost: 5 }),
      row({ msku: '2', supplier: 'Globex', cost: 1 }),
      row({ msku: '3', supplier: 'acme', cost: 9 }),
      row({ msku: '4', supplier: null, cost: 3 }),
      row({ msku: '5', supplier: 'Globex', cost: 7 }),
    ];
    const sorted = sortRows(
      many,
      [
        { columnKey: 'supplier', direction: 'ASC' },
        { columnKey: 'cost', direction: 'DESC' },
      ],
      RESTOCK_COLUMNS,
    );
    expect(mskus(sorted)).toEqual(['3', '1', '5', '2', '4']);
  });

  it('skips an unknown sort column and reports its key', () => {
    const onUnknownKey = vi.fn();
    const sorted = sortRows(
      rows,
      [
        { columnKey: 'gone', direction: 'ASC' },
        { columnKey: 'cost', direction: 'DESC' },
      ],
      RESTOCK_COLUMNS,
      onUnknownKey,
    );
    expect(mskus(sorted)).toEqual(['D-4', 'B-2', 'A-1', 'C-3']);
    expect(onUnknownKey).toHaveBeenCalledExactlyOnceWith('gone');
  });

  it('falls back to product order when every sort column is unknown', () => {
    expect(mskus(sortRows(rows, [{ columnKey: 'gone', direction: 'DESC' }], RESTOCK_COLUMNS))).toEqual(
      mskus(sortRows(rows, [], RESTOCK_COLUMNS)),
    );
  });

  it('sorts by product even when the product column is not among the columns', () => {
    expect(mskus(sortRows(rows, [], []))).toEqual(['D-4', 'A-1', 'B-2', 'C-3']);
  });

  it('is stable and leaves the input alone', () => {
    const before = [...rows];
    const sorted = sortRows(rows, [{ columnKey: 'replen', direction: 'ASC' }], RESTOCK_COLUMNS);
    expect(mskus(sorted)).toEqual(['B-2', 'D-4', 'A-1', 'C-3']);
    expect(rows).toEqual(before);
  });

  it("orders any titles exactly as the locale's collator does", () => {
    const title = fc.option(fc.stringMatching(/^[ a-zA-Z0-9éÉèàüñß,.'():;_\-#&/]{0,8}$/), {
      nil: null,
      freq: 6,
    });
    fc.assert(
      fc.property(fc.array(title, { maxLength: 40 }), fc.constantFrom('ASC', 'DESC'), (titles, direction) => {
        const input = titles.map((t, i) => row({ msku: `m${String(i).padStart(3, '0')}`, title: t }));
        const sorted = sortRows(input, [{ columnKey: 'product', direction }], RESTOCK_COLUMNS);
        const sign = direction === 'ASC' ? 1 : -1;
        for (let i = 1; i < sorted.length; i++) {
          const a = sorted[i - 1]!;
          const b = sorted[i]!;
          if (b.title === null) continue;
          expect(a.title).not.toBeNull();
          const order = collator.compare(a.title!, b.title) * sign;
          expect(order <= 0).toBe(true);
          if (order === 0) expect(collator.compare(a.msku, b.msku) * sign <= 0).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('sortRows on 100,000 rows', () => {
  const count = 100_000;
  const many = manyRows(count);

  it('sorts them by product exactly as the collator orders titles, blanks last', () => {
    const sorted = sortRows(many, [], RESTOCK_COLUMNS);
    expect(sorted).toHaveLength(count);
    expect(new Set(sorted).size).toBe(count);
    for (let i = 1; i < count; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      if (b.title === null) continue;
      if (a.title === null) throw new Error(`a blank title precedes "${b.title}"`);
      const order = collator.compare(a.title, b.title);
      if (order > 0 || (order === 0 && collator.compare(a.msku, b.msku) > 0)) {
        throw new Error(`"${a.title}" (${a.msku}) precedes "${b.title}" (${b.msku})`);
      }
    }
  });

  it('sorts them by two columns, blanks last', () => {
    const sorted = sortRows(
      many,
      [
        { columnKey: 'recommended_buy_quantity', direction: 'DESC' },
        { columnKey: 'cost', direction: 'ASC' },
      ],
      RESTOCK_COLUMNS,
    );
    for (let i = 1; i < count; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      const inOrder =
        a.recommended_buy_quantity > b.recommended_buy_quantity ||
        (a.recommended_buy_quantity === b.recommended_buy_quantity &&
          (b.cost === null || (a.cost !== null && a.cost <= b.cost)));
      if (!inOrder) throw new Error(`${a.msku} precedes ${b.msku}`);
    }
  });
});

describe('sortRows against a plain comparison sort', () => {
  const columns: GridColumn[] = [
    { key: 'supplier', filterBy: 'text', format: 'text' },
    { key: 'msku', filterBy: 'text', format: 'text' },
    { key: 'cost', filterBy: 'range', format: 'currency' },
    { key: 'roi', filterBy: 'range', format: 'percent' },
    { key: 'fba_quantity', filterBy: 'range', format: 'number', sortNullsAs: 0 },
    { key: 'replen', filterBy: 'boolean', format: 'boolean' },
  ];
  type Row = Record<string, unknown> & { id: number };

  const textOf = (value: unknown) =>
    typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  const numberOf = (value: unknown) => {
    if (typeof value === 'number') return Number.isNaN(value) ? null : value;
    return typeof value === 'boolean' ? Number(value) : null;
  };
  // Nulls last in either direction; 0 leaves it to the next key.
  const withNullsLast = <T>(x: T | null, y: T | null, compare: (x: T, y: T) => number) =>
    x === null || y === null ? Number(x === null) - Number(y === null) : compare(x, y);

  /** SPEC 2 spelled out: each key in turn with Array.prototype.sort and the collator. */
  function referenceSort(input: readonly Row[], sortColumns: readonly SortColumn[]): Row[] {
    const keys: ((a: Row, b: Row) => number)[] = [];
    const chosen = sortColumns.filter(
      (s) => s.columnKey === 'product' || columns.some((c) => c.key === s.columnKey),
    );
    for (const { columnKey, direction } of chosen.length > 0 ? chosen : DEFAULT_SORT) {
      const sign = direction === 'ASC' ? 1 : -1;
      const column = columns.find((c) => c.key === columnKey);
      if (column === undefined || column.format === 'text') {
        for (const field of column === undefined ? ['title', 'msku'] : [columnKey]) {
          keys.push((a, b) =>
            withNullsLast(textOf(a[field]), textOf(b[field]), (x, y) => collator.compare(x, y) * sign),
          );
        }
      } else {
        const value = (r: Row) => numberOf(r[columnKey]) ?? column.sortNullsAs ?? null;
        keys.push((a, b) => withNullsLast(value(a), value(b), (x, y) => (x < y ? -sign : x > y ? sign : 0)));
      }
    }
    return [...input].sort((a, b) => {
      for (const key of keys) {
        const order = key(a, b);
        if (order !== 0) return order;
      }
      return a.id - b.id;
    });
  }

  const titles = [
    'Stainless Steel Water Bottle, 32 oz (Blue) – Leak-Proof',
    'stainless steel water bottle, 32 oz (blue) - leak-proof',
    'Stainless Steel Water Bottle 32 oz',
    'Stainless Steel Water Bottle: 32oz',
    'Éco Yoga Mat',
    'eco yoga mat',
    'Eco-Yoga Mat',
    'ECO_YOGA MAT',
    'Café Grinder #2',
    'cafe grinder #10',
    "Kids' Leash",
    'Kids Leash',
    'Straße Lamp',
    'Strasse Lamp',
    '[Bundle] LED Lamp',
    '10 Pack LED',
    ':Colon',
    '',
    '42',
  ];
  const aRow = fc.record({
    title: fc.oneof(fc.constantFrom(...titles), fc.string({ maxLength: 6 }), fc.constant(null)),
    msku: fc.oneof(fc.constantFrom('A-1', 'a-1', 'B-2', 'b 2', 'SKU-001', 'sku-001', 'SKU-010'), fc.string()),
    supplier: fc.constantFrom('Acme', 'acme', 'Globex', null),
    cost: anyNumber,
    roi: anyNumber,
    fba_quantity: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(null)),
    replen: fc.boolean(),
  });
  const keys = ['product', 'supplier', 'msku', 'cost', 'roi', 'fba_quantity', 'replen', 'gone'];
  const aSort = fc.array(
    fc.record({
      columnKey: fc.constantFrom(...keys),
      direction: fc.constantFrom<SortDirection>('ASC', 'DESC'),
    }),
    { maxLength: 3 },
  );

  it('orders any rows exactly as comparing them key by key does, long runs of ties included', () => {
    fc.assert(
      fc.property(fc.array(aRow, { maxLength: 300, size: 'max' }), aSort, (records, sortColumns) => {
        const input: Row[] = records.map((r, id) => ({ ...r, id }));
        const ids = (sorted: readonly Row[]) => sorted.map((r) => r.id);
        expect(ids(sortRows(input, sortColumns, columns))).toEqual(ids(referenceSort(input, sortColumns)));
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['Infinity and blanks', [Infinity, null, Number.NaN]],
    ['-Infinity and blanks', [-Infinity, null]],
    ['all sorts of numbers', [Infinity, null, -Infinity, -0, 0, 2.5, Number.NaN]],
    ['-0, 0 and fractions', [-0, 0, null, 1 / 3]],
  ])('sorts %s in runs too long to compare: blanks last, -0 with 0', (_, values) => {
    const input: Row[] = Array.from({ length: 70 }, (_, id) => ({ id, roi: values[id % values.length] }));
    for (const direction of ['ASC', 'DESC'] as const) {
      const sortColumns = [{ columnKey: 'roi', direction }];
      expect(sortRows(input, sortColumns, columns)).toEqual(referenceSort(input, sortColumns));
    }
  });

  it('orders 20,000 marketplace titles as the collator does, whether they come sorted or not', () => {
    const words = [
      'Stainless',
      'steel',
      'WATER',
      'Bottle,',
      '32 oz',
      '(Blue)',
      '–',
      'Leak-Proof',
      'Café',
      'éco',
    ];
    const input: Row[] = Array.from({ length: 20_000 }, (_, id) => ({
      id,
      title: `${words[id % 10]} ${words[(id * 7) % 10]} ${words[(id * 3) % 10]}${id % 1000}`,
      msku: `SKU-${String((id * 7919) % 20_000).padStart(6, '0')}`,
    }));
    const byMsku = referenceSort(input, [{ columnKey: 'msku', direction: 'ASC' }]);
    for (const rows of [input, byMsku]) {
      for (const sortColumns of [
        [],
        [{ columnKey: 'product', direction: 'DESC' }],
        [{ columnKey: 'msku', direction: 'ASC' }],
      ] as const) {
        expect(sortRows(rows, sortColumns, columns)).toEqual(referenceSort(rows, sortColumns));
      }
    }
  });
});
