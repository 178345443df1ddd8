import { PRODUCT_SORT_COLUMN } from '../../../core/restock/grid-sort';
import { TableIndex, type TableNumbers } from '../../../core/restock/table-index';
import { runInTasks } from '../../lib/next-task';
import type { GridRow } from './api';

// Rows of search text built per step.
const SEARCH_STEP = 2_000;

// The index prepared with a table travels beside its rows rather than in the query cache, whose
// rows every reader and every edit takes as a plain array.
const prepared = new WeakMap<readonly GridRow[], TableIndex<GridRow>>();

/**
 * The table index of a table just decoded, with what its first showing needs: the default
 * order's ranks (title, then msku) and the product search text. Made in steps between which the
 * browser paints and takes input: done while the table was being shown, it held the page for
 * 240-460 ms at 100,000 rows, and about a second at a million.
 */
export async function prepareIndex(rows: GridRow[], numbers: TableNumbers): Promise<TableIndex<GridRow>> {
  const index = new TableIndex<GridRow>(rows, numbers);
  await runInTasks(() => index.prepareSort(PRODUCT_SORT_COLUMN));
  let searched = 0;
  await runInTasks(() => {
    searched = index.prepareSearch(searched, searched + SEARCH_STEP);
    return searched >= rows.length;
  });
  return index;
}

export function keepPreparedIndex(rows: readonly GridRow[], index: TableIndex<GridRow>): void {
  prepared.set(rows, index);
}

/** The index prepared for `rows`, handed over once: the page's index from then on. */
export function takePreparedIndex(rows: readonly GridRow[]): TableIndex<GridRow> | undefined {
  const index = prepared.get(rows);
  prepared.delete(rows);
  return index?.rows === rows ? index : undefined;
}
