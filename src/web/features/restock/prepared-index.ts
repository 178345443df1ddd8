import type { GridColumn } from '../../../core/restock/grid-column';
import { PRODUCT_SORT_COLUMN } from '../../../core/restock/grid-sort';
import { type TableColumns, TableIndex } from '../../../core/restock/table-index';
import { runInTasks } from '../../lib/next-task';
import type { GridRow } from './api';
import { type NumberRanker, rankNumbersAside } from './rank-aside';

// Rows of search text built per step: the table index's pieces of joined text (4,096 rows) end
// where a step does.
const SEARCH_STEP = 4_096;

// The index prepared with a table travels beside its rows rather than in the query cache, whose
// rows every reader and every edit takes as a plain array.
const prepared = new WeakMap<readonly GridRow[], TableIndex<GridRow>>();

/**
 * The table index of a table just decoded, with what its first showing needs: the product search
 * text and, when it is to be shown in the default order (`inDefaultOrder`), that order's ranks
 * (title, then msku). Made in steps between which the browser paints and takes input: done while
 * the table was being shown, it held the page for 240-460 ms at 100,000 rows, and about a second
 * at a million. Meanwhile the `ranker`'s worker ranks the number columns `shown`
 * (`rankNumbersAside`; closed here when no column is known to be shown); another order is ranked
 * when the table is shown, or in idle time. Stops when `signal` is aborted (a newer table is on
 * its way).
 */
export async function prepareIndex(
  rows: GridRow[],
  columns: TableColumns,
  {
    inDefaultOrder,
    shown,
    ranker,
    signal,
  }: { inDefaultOrder: boolean; shown?: readonly GridColumn[]; ranker?: NumberRanker; signal?: AbortSignal },
): Promise<TableIndex<GridRow>> {
  const index = new TableIndex<GridRow>(rows, columns);
  if (ranker) {
    if (shown) rankNumbersAside(index, columns.numbers, shown, ranker, signal);
    else ranker.close();
  }
  if (inDefaultOrder) await runInTasks(() => index.prepareSort(PRODUCT_SORT_COLUMN), signal);
  let searched = 0;
  await runInTasks(() => {
    searched = index.prepareSearch(searched, searched + SEARCH_STEP);
    return searched >= rows.length;
  }, signal);
  return index;
}

export function keepPreparedIndex(rows: readonly GridRow[], index: TableIndex<GridRow>): void {
  prepared.set(rows, index);
}

/**
 * The index prepared for `rows` (the page's index from then on), while it is still theirs: kept
 * for a render React throws away, and gone with the rows.
 */
export function preparedIndexOf(rows: readonly GridRow[]): TableIndex<GridRow> | undefined {
  const index = prepared.get(rows);
  return index?.rows === rows ? index : undefined;
}
