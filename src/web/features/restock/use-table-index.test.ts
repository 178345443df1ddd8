import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BUILT_IN_DEFAULTS } from '../../../core/restock/calculation-defaults';
import { RESTOCK_COLUMNS } from '../../../core/restock/columns';
import { rowsFromCompact } from '../../../core/restock/compact-rows';
import { demoProducts } from '../../../core/restock/demo-products';
import { deriveFields } from '../../../core/restock/engine';
import { isSortedAsNumber, sortRows } from '../../../core/restock/grid-sort';
import { countingReads } from '../../../core/restock/grid-test-rows';
import { TableIndex } from '../../../core/restock/table-index';
import type { GridRow } from './api';
import { keepPreparedIndex, preparedIndexOf, prepareIndex } from './prepared-index';
import { useTableIndex } from './use-table-index';

const gridRows = (count: number): GridRow[] =>
  demoProducts(count).map((product, at) => ({
    ...product,
    ...deriveFields(product, BUILT_IN_DEFAULTS),
    id: product.msku,
    version: at,
  }));

/** How many rows have their search text: prepareSearch from there on says where it got to. */
const searchBuilt = (index: ReturnType<typeof useTableIndex>) =>
  index.prepareSearch(index.rows.length, index.rows.length);

describe('the restock page keeps its table index', () => {
  it('builds the search text of a table that arrives whole before the table is shown', () => {
    const rows = gridRows(5_000);
    const { result } = renderHook(() => useTableIndex(rows, RESTOCK_COLUMNS));
    expect(result.current.rows).toBe(rows);
    expect(searchBuilt(result.current)).toBe(5_000);
    const lamps = result.current.view({ product: 'lamp 4' }, [], RESTOCK_COLUMNS);
    expect(lamps.length).toBeGreaterThan(0);
    for (const row of lamps) expect(`${row.title} ${row.asin} ${row.msku}`.toLowerCase()).toContain('lamp 4');
  });

  it('patches the search text of an edited row, and builds a new table again', () => {
    const rows = gridRows(3_000);
    const { result, rerender } = renderHook(({ table }) => useTableIndex(table, RESTOCK_COLUMNS), {
      initialProps: { table: rows },
    });
    const edited = rows.slice();
    edited[7] = { ...rows[7]!, title: 'Zebra Umbrella' };
    rerender({ table: edited });
    expect(
      result.current.view({ product: 'zebra umbrella' }, [], RESTOCK_COLUMNS).map((row) => row.id),
    ).toEqual([rows[7]!.id]);

    const imported = gridRows(4_000);
    rerender({ table: imported });
    expect(result.current.rows).toBe(imported);
    expect(searchBuilt(result.current)).toBe(4_000);
  });

  it('takes the index prepared with a table once, and sorts by its numbers without reading the rows', async () => {
    // Idle callbacks are held, so the table is as it is right after it arrives.
    const held: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => held.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      const made = gridRows(2_000);
      const keys = Object.keys(made[0]!);
      const decoded = rowsFromCompact<GridRow>({
        keys,
        rows: made.map((row) => keys.map((key) => row[key as keyof GridRow])),
      });
      const { rows: counted, reads } = countingReads(decoded.rows, 'total_spend');
      const prepared = await prepareIndex(counted, decoded.columns, { inDefaultOrder: true });
      keepPreparedIndex(counted, prepared);
      const { result, unmount } = renderHook(() => useTableIndex(counted, RESTOCK_COLUMNS));
      expect(result.current).toBe(prepared);
      // Another table's rows (an edit laid over these) are not this index's.
      expect(preparedIndexOf(counted.slice())).toBeUndefined();
      expect(held).toHaveLength(1);
      const sortColumns = [{ columnKey: 'total_spend', direction: 'DESC' as const }];
      const shown = result.current.view({}, sortColumns, RESTOCK_COLUMNS).map((row) => row.id);
      expect(reads()).toBe(0);
      expect(shown).toEqual(sortRows(decoded.rows, sortColumns, RESTOCK_COLUMNS).map((row) => row.id));
      unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ranks the shown columns in idle time, the texts and the default order first, then the numbers', () => {
    const held: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => held.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const prepared = vi.spyOn(TableIndex.prototype, 'prepareSort');
    try {
      const { rows: counted, reads } = countingReads(gridRows(20_000), 'title');
      const { result, unmount } = renderHook(() => useTableIndex(counted, RESTOCK_COLUMNS));
      const titleReadsBefore = reads();
      // Idle periods one after another, each with time to spare, until nothing more is asked for.
      const idle = { didTimeout: false, timeRemaining: () => 50 };
      let periods = 0;
      while (held.length > 0) {
        held.shift()!(idle);
        periods++;
      }
      expect(periods).toBeGreaterThan(2);
      expect(reads()).toBeGreaterThan(titleReadsBefore);
      // A worker is most often ranking the number columns meanwhile: they come last here.
      const isNumber = prepared.mock.calls.map(([column]) => isSortedAsNumber(column));
      expect(isNumber.indexOf(true)).toBeGreaterThan(isNumber.lastIndexOf(false));
      expect(isNumber.filter(Boolean).length).toBeGreaterThanOrEqual(
        RESTOCK_COLUMNS.filter(isSortedAsNumber).length,
      );
      // A table loaded sorted by another column goes back to the default order without reading a title.
      const ranked = reads();
      const shown = result.current.view({}, [], RESTOCK_COLUMNS).map((row) => row.id);
      expect(reads()).toBe(ranked);
      expect(shown).toEqual(sortRows(counted, [], RESTOCK_COLUMNS).map((row) => row.id));
      unmount();
    } finally {
      prepared.mockRestore();
      vi.unstubAllGlobals();
    }
  });

  it('prepares a fetched table in steps: the default order and the search text, ready to show without reading a title', async () => {
    const { rows: counted, reads } = countingReads(gridRows(20_000), 'title');
    let otherTaskRan = false;
    setTimeout(() => {
      otherTaskRan = true;
    }, 0);
    // A table with no columns beside its rows: each row is read.
    const noColumns = { numbers: new Map(), odd: new Map(), values: new Map() };
    const prepared = await prepareIndex(counted, noColumns, { inDefaultOrder: true });
    expect(otherTaskRan).toBe(true);
    expect(searchBuilt(prepared)).toBe(20_000);
    const before = reads();
    const shown = prepared.view({ product: 'lamp 4' }, [], RESTOCK_COLUMNS).map((row) => row.id);
    expect(reads()).toBe(before);
    expect(shown).toEqual(
      sortRows(counted, [], RESTOCK_COLUMNS)
        .filter((row) => `${row.title} ${row.asin} ${row.msku}`.toLowerCase().includes('lamp 4'))
        .map((row) => row.id),
    );
  });
});
