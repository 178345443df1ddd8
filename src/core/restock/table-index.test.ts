import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { RESTOCK_COLUMNS } from './columns';
import { plainRow, rowsFromCompact } from './compact-rows';
import type { GridColumn } from './grid-column';
import { type Filters, filterRows } from './grid-filters';
import { type SortColumn, type SortDirection, sortRows } from './grid-sort';
import { anyNumber, countingReads, manyRows, mskus, SAMPLE_ROWS } from './grid-test-rows';
import {
  ascendingOrder,
  numberSortKeys,
  rankTableNumbers,
  type TableColumns,
  TableIndex,
} from './table-index';

type Row = Record<string, unknown> & { id: string };
type SkuRow = Row & { msku: string };

const withIds = <T extends object>(rows: readonly T[]): (T & { id: string })[] =>
  rows.map((row, i) => ({ ...row, id: String(i) }));

/** What the page showed before: the rows filtered, then sorted, on row objects. */
const reference = <R extends Row>(
  rows: readonly R[],
  filters: Filters,
  sortColumns: readonly SortColumn[],
  columns: readonly GridColumn[],
) => sortRows(filterRows(rows, filters, columns), sortColumns, columns);

/** Rows as the page gets them: decoded from the compact answer, with their numbers' typed arrays. */
function decodedRows(count: number) {
  const many: SkuRow[] = withIds(manyRows(count));
  const keys = ['id', 'msku', 'title', 'asin', 'supplier', 'replen', 'cost'];
  const decoded = rowsFromCompact<SkuRow>({
    keys,
    rows: many.map((row) => keys.map((key) => row[key] ?? null)),
  });
  return { many, decoded };
}

describe('TableIndex', () => {
  const rows = withIds(SAMPLE_ROWS);

  it('sorts by product with no sort chosen, blanks last', () => {
    expect(mskus(new TableIndex(rows).view({}, [], RESTOCK_COLUMNS))).toEqual(['D-4', 'A-1', 'B-2', 'C-3']);
  });

  it.each([
    ['ASC', ['A-1', 'B-2', 'D-4', 'C-3']],
    ['DESC', ['D-4', 'B-2', 'A-1', 'C-3']],
  ] as const)('sorts a money column %s with blanks last', (direction, expected) => {
    const index = new TableIndex(rows);
    expect(mskus(index.view({}, [{ columnKey: 'cost', direction }], RESTOCK_COLUMNS))).toEqual(expected);
  });

  it('filters the sorted rows: product text, a range and a checkbox together', () => {
    const index = new TableIndex(rows);
    const filters: Filters = { product: 'b0', cost: [false, '15'], replen: 1 };
    expect(mskus(index.view(filters, [{ columnKey: 'cost', direction: 'DESC' }], RESTOCK_COLUMNS))).toEqual([
      'A-1',
    ]);
  });

  it('skips an unknown sort column and reports its key', () => {
    const onUnknown = vi.fn();
    const index = new TableIndex(rows);
    expect(
      mskus(index.view({}, [{ columnKey: 'gone', direction: 'ASC' }], RESTOCK_COLUMNS, onUnknown)),
    ).toEqual(['D-4', 'A-1', 'B-2', 'C-3']);
    expect(onUnknown).toHaveBeenCalledWith('gone');
  });

  it('patches an edited row in place: a new title takes its place in the order, new numbers too', () => {
    const index = new TableIndex(rows);
    expect(mskus(index.view({ product: 'zz' }, [], RESTOCK_COLUMNS))).toEqual([]);
    expect(mskus(index.view({}, [{ columnKey: 'cost', direction: 'ASC' }], RESTOCK_COLUMNS))).toEqual([
      'A-1',
      'B-2',
      'D-4',
      'C-3',
    ]);
    const edited = rows.slice();
    edited[2] = { ...rows[2]!, title: 'Ábaco zz', cost: 7 };
    index.update(edited);
    expect(mskus(index.view({}, [], RESTOCK_COLUMNS))).toEqual(['C-3', 'D-4', 'A-1', 'B-2']);
    expect(mskus(index.view({}, [{ columnKey: 'cost', direction: 'ASC' }], RESTOCK_COLUMNS))).toEqual([
      'A-1',
      'C-3',
      'B-2',
      'D-4',
    ]);
    expect(mskus(index.view({ product: 'zz' }, [], RESTOCK_COLUMNS))).toEqual(['C-3']);
  });

  it('reads number columns in slices ahead of a sort, an edit between slices included', () => {
    const many = withIds(manyRows(500));
    const index = new TableIndex(many);
    const cost = RESTOCK_COLUMNS.find((column) => column.key === 'cost')!;
    expect(index.prepareSort(cost, 200)).toBe(false);
    const edited = many.slice();
    edited[10] = { ...many[10]!, cost: 99.5 };
    edited[400] = { ...many[400]!, cost: null };
    index.update(edited);
    expect(index.prepareSort(cost, 200)).toBe(false);
    // Read whole, then ranked in steps (a pass over the rows each).
    let steps = 1;
    while (!index.prepareSort(cost, 200)) steps++;
    expect(steps).toBeGreaterThan(2);
    for (const direction of ['ASC', 'DESC'] as const) {
      const sortColumns = [{ columnKey: 'cost', direction }];
      expect(mskus(index.view({}, sortColumns, RESTOCK_COLUMNS))).toEqual(
        mskus(reference(edited, {}, sortColumns, RESTOCK_COLUMNS)),
      );
    }
  });

  it('ranks a number column again when a row is edited while its ranking goes on, or finishes it at the click', () => {
    const many = withIds(manyRows(500));
    const cost = RESTOCK_COLUMNS.find((column) => column.key === 'cost')!;
    const sortColumns = [{ columnKey: 'cost', direction: 'ASC' as const }];
    const index = new TableIndex(many);
    // Read whole at the first call, then two steps of its ranking.
    for (let step = 0; step < 3; step++) expect(index.prepareSort(cost)).toBe(false);
    const edited = many.slice();
    edited[3] = { ...many[3]!, cost: -5 };
    index.update(edited);
    let steps = 1;
    while (!index.prepareSort(cost)) steps++;
    expect(steps).toBeGreaterThan(2);
    const shown = mskus(index.view({}, sortColumns, RESTOCK_COLUMNS));
    expect(shown[0]).toBe(many[3]!.msku);
    expect(shown).toEqual(mskus(reference(edited, {}, sortColumns, RESTOCK_COLUMNS)));

    const clicked = new TableIndex(many);
    for (let step = 0; step < 3; step++) expect(clicked.prepareSort(cost)).toBe(false);
    expect(mskus(clicked.view({}, sortColumns, RESTOCK_COLUMNS))).toEqual(
      mskus(reference(many, {}, sortColumns, RESTOCK_COLUMNS)),
    );
    expect(clicked.prepareSort(cost)).toBe(true);
  });

  it('ranks the product and text columns in steps ahead of a sort, going on at the click', () => {
    const many = withIds(manyRows(30_000));
    const product = RESTOCK_COLUMNS.find((column) => column.key === 'product')!;
    const index = new TableIndex(many);
    let steps = 1;
    while (!index.prepareSort(product)) steps++;
    expect(steps).toBeGreaterThan(4);
    for (const sortColumns of [[], [{ columnKey: 'product', direction: 'DESC' as const }]]) {
      expect(mskus(index.view({}, sortColumns, RESTOCK_COLUMNS))).toEqual(
        mskus(reference(many, {}, sortColumns, RESTOCK_COLUMNS)),
      );
    }

    // Stopped while reading the titles, edited, then sorted: the ranking starts over from the
    // edited rows (the steps read so far held the old titles).
    const halfWay = new TableIndex(many);
    for (let step = 0; step < 2; step++) expect(halfWay.prepareSort(product)).toBe(false);
    const edited = many.slice();
    edited[10] = { ...many[10]!, title: 'Aardvark lamp' };
    edited[20_000] = { ...many[20_000]!, title: null };
    halfWay.update(edited);
    expect(halfWay.prepareSort(product)).toBe(false);
    const shown = mskus(halfWay.view({}, [], RESTOCK_COLUMNS));
    expect(shown[0]).toBe(many[10]!.msku);
    expect(shown).toEqual(mskus(reference(edited, {}, [], RESTOCK_COLUMNS)));

    // Stopped while ranking the mskus, one of them edited: ranked again from the edited rows.
    const late = new TableIndex(many);
    for (let step = 0; step < steps - 2; step++) expect(late.prepareSort(product)).toBe(false);
    // Of the rows that share row 1's title, the one with the last msku is renamed to come first.
    const group = many.flatMap((row, at) => (row.title === many[1]!.title ? [at] : []));
    const last = group.reduce((a, b) => (many[a]!.msku > many[b]!.msku ? a : b));
    expect(group.length).toBeGreaterThan(1);
    const renamed = many.slice();
    renamed[last] = { ...many[last]!, msku: '000-first' };
    late.update(renamed);
    expect(mskus(late.view({}, [], RESTOCK_COLUMNS))).toEqual(
      mskus(reference(renamed, {}, [], RESTOCK_COLUMNS)),
    );
  });

  it('ranks a number column from the numbers decoded with the table, reading no row object', () => {
    const { many, decoded } = decodedRows(300);
    const { rows: counted, reads } = countingReads(decoded.rows, 'cost');
    const index = new TableIndex(counted, decoded.columns);
    const cost = RESTOCK_COLUMNS.find((column) => column.key === 'cost')!;
    while (!index.prepareSort(cost, 10));
    expect(reads()).toBe(0);
    const sortColumns = [{ columnKey: 'cost', direction: 'DESC' as const }];
    expect(mskus(index.view({}, sortColumns, RESTOCK_COLUMNS))).toEqual(
      mskus(reference(many, {}, sortColumns, RESTOCK_COLUMNS)),
    );

    // A table that came without its numbers (edits laid over it) is read from its rows.
    const withoutNumbers = new TableIndex(counted);
    while (!withoutNumbers.prepareSort(cost));
    expect(reads()).toBe(300);
    expect(mskus(withoutNumbers.view({}, sortColumns, RESTOCK_COLUMNS))).toEqual(
      mskus(reference(many, {}, sortColumns, RESTOCK_COLUMNS)),
    );
  });

  it('sorts by text and searches and filters from the columns decoded with the table, reading no row object', () => {
    const { many, decoded } = decodedRows(300);
    const fields = ['title', 'asin', 'msku', 'supplier', 'cost', 'replen'] as const;
    const { rows: counted, reads } = countingReads(decoded.rows, ...fields);
    const index = new TableIndex(counted, decoded.columns);
    const views: Array<[Filters, SortColumn[]]> = [
      [{}, []],
      [{ product: 'lamp' }, [{ columnKey: 'cost', direction: 'DESC' }]],
      [{ cost: [true, '20'], msku: '1', replen: 1 }, [{ columnKey: 'supplier', direction: 'ASC' }]],
      [{ supplier: 'plier 1', replen: 2 }, [{ columnKey: 'replen', direction: 'DESC' }]],
    ];
    const ids = (shown: readonly Row[]) => shown.map((row) => row.id);
    const check = (table: readonly SkuRow[]) => {
      for (const [filters, sortColumns] of views) {
        const expected = ids(reference(table, filters, sortColumns, RESTOCK_COLUMNS));
        expect(expected.length).toBeGreaterThan(0);
        expect(ids(index.view(filters, sortColumns, RESTOCK_COLUMNS))).toEqual(expected);
      }
    };
    check(many);
    expect(reads()).toBe(0);

    // An edited title is read from the rows from then on: the columns still hold the old one.
    const edited = counted.slice();
    edited[4] = { ...plainRow(edited[4]!), title: 'Desk Lamp Deluxe' };
    index.update(edited);
    index.update(edited.slice());
    expect(ids(index.view({ product: 'lamp deluxe' }, [], RESTOCK_COLUMNS))).toEqual([edited[4]!.id]);
    check(edited);
  });

  it('takes a number key ranked elsewhere from the decoded numbers, unless a row changed since', () => {
    const { many, decoded } = decodedRows(300);
    const cost = RESTOCK_COLUMNS.find((column) => column.key === 'cost')!;
    const [key] = numberSortKeys([cost]);
    const rankedAside = () =>
      rankTableNumbers(key!.field, key!.nullsAs, decoded.columns.numbers.get('cost')!.slice());
    const { rows: counted, reads } = countingReads(decoded.rows, 'cost');
    const index = new TableIndex(counted, decoded.columns);
    const generation = index.generation;
    // The same rows in a new array (edits laid over, none of them changing a row): still taken.
    index.update(counted.slice());
    expect(index.adoptRanked(generation, key!.id, rankedAside())).toBe(true);
    expect(index.adoptRanked(generation, key!.id, rankedAside())).toBe(false);
    for (const direction of ['ASC', 'DESC'] as const) {
      const sortColumns = [{ columnKey: 'cost', direction }];
      expect(mskus(index.view({}, sortColumns, RESTOCK_COLUMNS))).toEqual(
        mskus(reference(many, {}, sortColumns, RESTOCK_COLUMNS)),
      );
    }
    expect(reads()).toBe(0);

    // With its ascending order: a sort by the column alone is that order, either way, until a row
    // changes.
    const ordered = new TableIndex(decoded.rows, decoded.columns);
    const rankedWithOrder = rankedAside();
    // Its values travel as a typed array (no boxed number per decimal); the edit below adds one.
    expect(rankedWithOrder.values).toBeInstanceOf(Float64Array);
    const ascending = ascendingOrder(rankedWithOrder);
    expect(ordered.adoptRanked(ordered.generation, key!.id, rankedWithOrder, ascending)).toBe(true);
    const byCost = (direction: 'ASC' | 'DESC') => [{ columnKey: 'cost', direction }];
    expect(ordered.sortedOrder(byCost('ASC'), RESTOCK_COLUMNS)).toBe(ascending);
    for (const direction of ['DESC', 'ASC'] as const) {
      expect(mskus(ordered.view({}, byCost(direction), RESTOCK_COLUMNS))).toEqual(
        mskus(reference(many, {}, byCost(direction), RESTOCK_COLUMNS)),
      );
    }
    const cheaper = decoded.rows.slice();
    cheaper[9] = { ...plainRow(cheaper[9]!), cost: -7 };
    ordered.update(cheaper);
    const afterEdit = ordered.sortedOrder(byCost('ASC'), RESTOCK_COLUMNS);
    expect(afterEdit).not.toBe(ascending);
    expect(decoded.rows[afterEdit[0]!]!.msku).toBe(cheaper[9]!.msku);

    // An edit between the numbers' copy and the answer: the answer is refused, the edit shows.
    const stale = new TableIndex(decoded.rows, decoded.columns);
    const before = stale.generation;
    const edited = decoded.rows.slice();
    edited[7] = { ...plainRow(edited[7]!), cost: -5 };
    stale.update(edited);
    const staleKey = rankedAside();
    expect(stale.adoptRanked(before, key!.id, staleKey, ascendingOrder(staleKey))).toBe(false);
    const sortColumns = [{ columnKey: 'cost', direction: 'ASC' as const }];
    expect(mskus(stale.view({}, sortColumns, RESTOCK_COLUMNS))[0]).toBe(edited[7]!.msku);
  });

  it('patches the decoded numbers of an edited row before its column is ranked', () => {
    const { many, decoded } = decodedRows(200);
    const index = new TableIndex(decoded.rows, decoded.columns);
    const edited = decoded.rows.slice();
    edited[5] = { ...plainRow(edited[5]!), cost: -1 };
    edited[6] = { ...plainRow(edited[6]!), cost: 1_000 };
    index.update(edited);
    const sortColumns = [{ columnKey: 'cost', direction: 'ASC' as const }];
    const shown = mskus(index.view({}, sortColumns, RESTOCK_COLUMNS));
    expect(shown[0]).toBe(edited[5]!.msku);
    expect(shown.indexOf(edited[6]!.msku)).toBe(
      shown.length - 1 - many.filter((row) => row.cost === null).length,
    );
    expect(shown).toEqual(mskus(reference(edited, {}, sortColumns, RESTOCK_COLUMNS)));
  });

  it('reads a number field an edit changed from the rows, and leaves the decoded numbers as they were', () => {
    const { decoded } = decodedRows(50);
    const index = new TableIndex(decoded.rows, decoded.columns);
    const before = decoded.rows[5]!.cost;
    const numbers = decoded.columns.numbers.get('cost')!.slice();
    const edited = decoded.rows.slice();
    edited[5] = { ...plainRow(edited[5]!), cost: -1 };
    index.update(edited);
    // The decoded rows read those numbers: an old row kept for a rollback shows its own value.
    expect(decoded.rows[5]!.cost).toBe(before);
    expect(decoded.columns.numbers.get('cost')).toEqual(numbers);
    expect(mskus(index.view({}, [{ columnKey: 'cost', direction: 'ASC' }], RESTOCK_COLUMNS))[0]).toBe(
      edited[5]!.msku,
    );
  });

  it('starts over on a table of another length', () => {
    const index = new TableIndex(rows);
    index.view({ product: 'a' }, [], RESTOCK_COLUMNS);
    const fewer = rows.slice(1);
    index.update(fewer);
    expect(index.view({ product: 'a' }, [], RESTOCK_COLUMNS)).toEqual(
      reference(fewer, { product: 'a' }, [], RESTOCK_COLUMNS),
    );
  });

  it('builds the search text piece by piece from the columns across edits of rows on either side of it', () => {
    // Three pieces of joined text (4,096 rows each); edits land before, inside and after the part built.
    const { decoded } = decodedRows(9_000);
    const index = new TableIndex(decoded.rows, decoded.columns);
    expect(index.prepareSearch(0, 4_096)).toBe(4_096);
    let table = decoded.rows.slice();
    const retitle = (at: number, title: string) => {
      table = table.slice();
      table[at] = { ...plainRow(table[at]!), title };
      index.update(table);
    };
    retitle(100, 'Quartz Pendulum Alpha');
    retitle(6_000, 'Quartz Pendulum Beta');
    retitle(8_500, 'Quartz Pendulum Gamma');
    expect(index.prepareSearch(4_096, 8_192)).toBe(8_192);
    // A rollback to the decoded row, in the part built, and another in the part still to build.
    table = table.slice();
    table[100] = decoded.rows[100]!;
    table[8_500] = decoded.rows[8_500]!;
    index.update(table);
    expect(index.prepareSearch(8_192, 9_000)).toBe(9_000);
    for (const query of ['quartz pendulum', 'pendulum beta', decoded.rows[100]!.title as string]) {
      const filters = { product: query };
      expect(mskus(index.view(filters, [], RESTOCK_COLUMNS))).toEqual(
        mskus(reference(table, filters, [], RESTOCK_COLUMNS)),
      );
    }
    expect(mskus(index.view({ product: 'quartz pendulum' }, [], RESTOCK_COLUMNS))).toEqual([
      table[6_000]!.msku,
    ]);
  });

  it('searches each row as lowercased alone: a final sigma, a dotted capital I', () => {
    const greek = withIds([
      { title: 'ΟΔΟΣ', asin: null, msku: 'ΑΣ' },
      { title: 'Σ', asin: 'b0', msku: 'x' },
    ]);
    // Lowercased alone, 'ΑΣ' ends in a final sigma and 'Σ' does not.
    const dotted = withIds([...greek, { title: 'İstanbul', asin: null, msku: 'i' }]);
    for (const table of [greek, dotted]) {
      for (const query of ['σ', 'ς', 'i̇', 'ς\nb0', 'σ\nb0']) {
        const index = new TableIndex(table);
        const filters = { product: query };
        expect(index.view(filters, [], RESTOCK_COLUMNS)).toEqual(
          reference(table, filters, [], RESTOCK_COLUMNS),
        );
      }
    }
  });

  it('equals filtering and sorting the row objects on many rows, search text built ahead in slices', () => {
    const many = withIds(manyRows(3000));
    const index = new TableIndex(many);
    for (let from = 0; from < many.length; ) from = index.prepareSearch(from, from + 700);
    for (const column of RESTOCK_COLUMNS) index.prepareSort(column);
    const sortColumns: SortColumn[] = [
      { columnKey: 'supplier', direction: 'ASC' },
      { columnKey: 'roi', direction: 'DESC' },
    ];
    for (const filters of [{}, { product: 'lamp 4' }, { cost: [true, '20'] }, { replen: 2 }] as Filters[]) {
      expect(mskus(index.view(filters, sortColumns, RESTOCK_COLUMNS))).toEqual(
        mskus(reference(many, filters, sortColumns, RESTOCK_COLUMNS)),
      );
    }
  });
});

describe('TableIndex against sortRows and filterRows on any rows, edits included', () => {
  const columns: GridColumn[] = [
    { key: 'product', filterBy: 'text', format: 'product' },
    { key: 'supplier', filterBy: 'text', format: 'text' },
    { key: 'msku', filterBy: 'text', format: 'text' },
    { key: 'cost', filterBy: 'range', format: 'currency' },
    { key: 'roi', filterBy: 'range', format: 'percent' },
    { key: 'fba_quantity', filterBy: 'range', format: 'number', sortNullsAs: 0 },
    { key: 'replen', filterBy: 'boolean', format: 'boolean' },
  ];
  const titles = [
    'Stainless Steel Water Bottle, 32 oz (Blue) – Leak-Proof',
    'stainless steel water bottle, 32 oz (blue) - leak-proof',
    'Éco Yoga Mat',
    'eco yoga mat',
    'Eco-Yoga Mat',
    'Café Grinder #2',
    'cafe grinder #10',
    'Straße Lamp',
    'Strasse Lamp',
    '10 Pack LED',
    ':Colon',
    '',
    '42',
    'nul \u0000 inside',
    'İstanbul Lamp',
    'ΟΔΟΣ Σ',
    'Σ',
    'aΣ',
  ];
  const aTitle = fc.oneof(
    fc.constantFrom(...titles),
    fc.stringMatching(/^[ a-zA-Z0-9éÉàüß,.'():;_\-#&/]{0,8}$/),
    fc.constant(null),
    fc.integer({ min: 0, max: 20 }),
  );
  const aRecord = fc.record({
    title: aTitle,
    asin: fc.oneof(fc.constantFrom('B0AAA', 'b0aab', 'B0LAMP'), fc.constant(null)),
    msku: fc.oneof(fc.constantFrom('A-1', 'a-1', 'B-2', 'b 2', 'SKU-001', 'sku-001', 'SKU-010'), fc.string()),
    supplier: fc.oneof(fc.constantFrom('Acme', 'acme', 'Globex', 'Ácme'), fc.constant(null), fc.integer()),
    // With the odd value that is not a number: a sort reads a boolean as 0 or 1, a range filter as none.
    cost: fc.oneof(anyNumber, fc.constantFrom<unknown>('12', true, false)),
    roi: anyNumber,
    fba_quantity: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(null), fc.constant(1.5)),
    // A flag is a boolean to its filter and a number to a sort: with values that are neither.
    replen: fc.oneof(fc.boolean(), fc.constant(null), fc.constantFrom<unknown>(1, 'yes')),
  });
  const keys = ['product', 'supplier', 'msku', 'cost', 'roi', 'fba_quantity', 'replen', 'gone'];
  const aSort = fc.array(
    fc.record({
      columnKey: fc.constantFrom(...keys),
      direction: fc.constantFrom<SortDirection>('ASC', 'DESC'),
    }),
    { maxLength: 3 },
  );
  const aFilters: fc.Arbitrary<Filters> = fc.record(
    {
      product: fc.constantFrom(
        'a',
        'LAMP',
        ' eco ',
        'b0',
        '',
        'ß',
        'l \u0000 i',
        '\u0000',
        'ς',
        'σ',
        'i̇',
        'σ\n',
        'ς\n',
      ),
      supplier: fc.constantFrom('acme', 'x', '1'),
      msku: fc.constantFrom('sku', '-'),
      cost: fc.tuple(fc.boolean(), fc.constantFrom('0', '2.5', '-1', '', '.')),
      roi: fc.tuple(fc.boolean(), fc.constantFrom('10', '33.333333', '0')),
      fba_quantity: fc.tuple(fc.boolean(), fc.constantFrom('0', '1')),
      replen: fc.constantFrom(0, 1, 2),
      gone: fc.constant('a'),
    },
    { requiredKeys: [] },
  ) as fc.Arbitrary<Filters>;
  // An edit: the row at an index replaced by another record (the same id), as the edit path does,
  // or by the table's first row there (an edit rolled back).
  const fields = ['title', 'asin', 'msku', 'supplier', 'cost', 'roi', 'fba_quantity', 'replen'] as const;
  const anEdit = fc.record({
    at: fc.nat(),
    record: aRecord,
    fields: fc.subarray([...fields], { minLength: 1 }),
    isRollback: fc.boolean(),
  });

  // Work done ahead (in idle time on the page) before rows are edited: part of a number column
  // read, a step of a text column's ranking, or part of the search text.
  const aReadAhead = fc.option(
    fc.tuple(
      fc.constantFrom('cost', 'roi', 'fba_quantity', 'replen', 'product', 'supplier', 'search'),
      fc.integer({ min: 1, max: 60 }),
    ),
  );

  it("sorts a number column alone by the order found with its ranks, either way, as the rows' sort does", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(anyNumber, fc.constantFrom(1, 2, 2.5)), { minLength: 1, maxLength: 200 }),
        fc.constantFrom('cost', 'roi', 'fba_quantity'),
        (values, field) => {
          const keys = ['id', field];
          const decoded = rowsFromCompact<Row>({ keys, rows: values.map((value, i) => [String(i), value]) });
          const index = new TableIndex(decoded.rows, decoded.columns);
          const [key] = numberSortKeys(columns.filter((column) => column.key === field));
          const ranked = rankTableNumbers(
            key!.field,
            key!.nullsAs,
            decoded.columns.numbers.get(field)!.slice(),
          );
          expect(index.adoptRanked(index.generation, key!.id, ranked, ascendingOrder(ranked))).toBe(true);
          for (const direction of ['DESC', 'ASC'] as const) {
            const sortColumns = [{ columnKey: field, direction }];
            expect(index.view({}, sortColumns, columns).map((row) => row.id)).toEqual(
              reference(decoded.rows, {}, sortColumns, columns).map((row) => row.id),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('shows the same rows in the same order, before and after rows are edited', () => {
    fc.assert(
      fc.property(
        fc.array(aRecord, { minLength: 1, maxLength: 120, size: 'max' }),
        fc.array(fc.tuple(aFilters, aSort), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(aReadAhead, fc.array(anEdit, { maxLength: 3 })), { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (records, views, editRounds, isViewedFirst, isDecoded, isRankedAside) => {
          let table: Row[] = records.map((record, i) => ({ ...record, id: String(i) }));
          let decodedColumns: TableColumns | undefined;
          // Or as the page gets it: decoded from the compact answer, with its values column by column.
          if (isDecoded) {
            const keys = Object.keys(table[0]!);
            const decoded = rowsFromCompact<Row>({
              keys,
              rows: table.map((row) => keys.map((key) => row[key])),
            });
            table = decoded.rows;
            decodedColumns = decoded.columns;
          }
          const first = table;
          const index = new TableIndex(table, decodedColumns);
          // Or with the number keys ranked and ordered elsewhere, as the page's worker does.
          for (const { id, field, nullsAs } of isRankedAside ? numberSortKeys(columns) : []) {
            const decodedNumbers = decodedColumns?.numbers.get(field);
            if (decodedNumbers === undefined) continue;
            const key = rankTableNumbers(field, nullsAs, decodedNumbers.slice());
            index.adoptRanked(index.generation, id, key, ascendingOrder(key));
          }
          const ids = (shown: readonly Row[]) => shown.map((row) => row.id);
          const check = () => {
            for (const [filters, sortColumns] of views) {
              expect(ids(index.view(filters, sortColumns, columns))).toEqual(
                ids(reference(table, filters, sortColumns, columns)),
              );
            }
          };
          // Unviewed, no key is read before the first edits: they patch what is still to read.
          if (isViewedFirst) check();
          for (const [readAhead, edits] of editRounds) {
            if (readAhead?.[0] === 'search') index.prepareSearch(0, readAhead[1]);
            else if (readAhead !== null) {
              const [key, rowBudget] = readAhead;
              index.prepareSort(columns.find((column) => column.key === key)!, rowBudget);
            }
            table = table.slice();
            for (const { at, record, fields, isRollback } of edits) {
              const place = at % table.length;
              const changed: Record<string, unknown> = {};
              for (const field of fields) changed[field] = record[field];
              table[place] = isRollback ? first[place]! : { ...plainRow(table[place]!), ...changed };
            }
            index.update(table);
            check();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
