import { useEffect, useMemo } from 'react';
import type { RestockColumn } from '../../../core/restock/columns';
import { type GridColumn, PRODUCT_COLUMN_KEY } from '../../../core/restock/grid-column';
import { isSortedAsNumber, PRODUCT_SORT_COLUMN } from '../../../core/restock/grid-sort';
import { TableIndex } from '../../../core/restock/table-index';
import type { GridRow } from './api';
import { preparedIndexOf } from './prepared-index';

// Rows of a number column read per idle slice before it is ranked.
const RANK_SLICE = 10_000;
// An idle period can last 50 ms, and a click or a key that arrives meanwhile waits for it: the
// ranking yields well before, between steps (a pass over the rows, or a slice of rows read).
const IDLE_SLICE_MS = 8;

/**
 * The table kept column by column (sort ranks, filter arrays), patched in place when an edit
 * replaces a row. The whole table comes with its index prepared as it was fetched (the default
 * order ranked, the search text built: `prepareIndex`); other rows have their product search text
 * built with them, before they are shown, so that a filter keystroke made just after only scans
 * (left to idle time, it was often not built yet, and the keystroke built it: 40 ms at 100,000
 * rows). Then, in idle time, the ranks of the text columns and the product (title, then msku):
 * the default order's, which a table loaded sorted by another column has not built, and which a
 * click back to it built at once (100-200 ms at 100,000 rows on a slow machine); then those of the
 * number columns a worker has not ranked (`rankNumbersAside`), so the first click on any column
 * only sorts (a table decoded with its numbers' typed arrays is ranked from them, without reading
 * the row objects).
 */
export function useTableIndex(
  rows: readonly GridRow[] | undefined,
  columns: readonly RestockColumn[] | undefined,
): TableIndex<GridRow> {
  const kept = useMemo(() => ({ index: new TableIndex<GridRow>([]) }), []);
  if (rows && rows !== kept.index.rows) {
    const prepared = preparedIndexOf(rows);
    if (prepared) kept.index = prepared;
    else {
      kept.index.update(rows);
      kept.index.prepareSearch(0, rows.length);
    }
  }
  const index = kept.index;
  useEffect(() => {
    // The shown columns are ranked once they are known.
    if (!rows || !columns) return;
    // No idle time to rank in: each column is ranked on its first click.
    if (typeof requestIdleCallback !== 'function') return;
    // The product's keys are the default order's, shown or not.
    const texts: GridColumn[] = columns.filter((column) => !isSortedAsNumber(column));
    if (!texts.some((column) => column.key === PRODUCT_COLUMN_KEY)) texts.push(PRODUCT_SORT_COLUMN);
    // Text columns first: the number columns are most often being ranked by a worker meanwhile
    // (`rankNumbersAside`), and ranking them here too only doubled the work.
    const unranked = [...texts, ...columns.filter(isSortedAsNumber)];
    let handle = 0;
    const step = (deadline: IdleDeadline) => {
      const started = performance.now();
      // Newer rows (an edit) have their own turn of this effect.
      while (
        index.rows === rows &&
        unranked.length > 0 &&
        deadline.timeRemaining() > 2 &&
        performance.now() - started < IDLE_SLICE_MS
      ) {
        if (index.prepareSort(unranked[0]!, RANK_SLICE)) unranked.shift();
      }
      if (index.rows === rows && unranked.length > 0) handle = requestIdleCallback(step);
    };
    handle = requestIdleCallback(step);
    return () => cancelIdleCallback(handle);
  }, [index, rows, columns]);
  return index;
}
