import type { GridColumn } from '../../../core/restock/grid-column';
import { numberSortKeys, type TableIndex, type TableNumbers } from '../../../core/restock/table-index';
import type { GridRow } from './api';
import type { RankedJob, RankJob } from './rank-numbers.worker';

/**
 * Ranks the number columns of `columns` in a worker, from a copy of the table's decoded numbers,
 * while the page's thread prepares the rest of the index and shows the table; each key is taken
 * into `index` as it comes back, unless a row changed meanwhile (`adoptRanked`). A click on a
 * column right after the table lands then only sorts: ranked on the page's thread, it waited
 * 12-25 ms for code V8 had not optimised yet, and idle time reaches the sixth column shown only
 * after that. Anything not ranked here is ranked on the page as before; a failed worker changes
 * nothing else.
 */
export function rankNumbersAside(
  index: TableIndex<GridRow>,
  numbers: TableNumbers,
  columns: readonly GridColumn[],
  signal?: AbortSignal,
): void {
  if (typeof Worker === 'undefined') return;
  const jobs: RankJob[] = [];
  for (const { id, field, nullsAs } of numberSortKeys(columns)) {
    const values = numbers.get(field);
    if (values !== undefined && values.length === index.rows.length) {
      jobs.push({ id, field, nullsAs, numbers: values.slice() });
    }
  }
  if (jobs.length === 0) return;
  const generation = index.generation;
  const worker = new Worker(new URL('./rank-numbers.worker.ts', import.meta.url), { type: 'module' });
  let left = jobs.length;
  const stop = () => {
    worker.terminate();
    signal?.removeEventListener('abort', stop);
  };
  worker.onmessage = (event: MessageEvent<RankedJob>) => {
    const { id, key } = event.data;
    index.adoptRanked(generation, id, key);
    // A row changed: later answers would be refused too.
    if (--left === 0 || index.generation !== generation) stop();
  };
  worker.onerror = stop;
  signal?.addEventListener('abort', stop);
  worker.postMessage(
    jobs,
    jobs.map((job) => job.numbers.buffer),
  );
}
