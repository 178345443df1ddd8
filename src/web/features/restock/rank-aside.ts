import type { GridColumn } from '../../../core/restock/grid-column';
import { numberSortKeys, type TableColumns, type TableIndex } from '../../../core/restock/table-index';
import { runInTasks } from '../../lib/next-task';
import type { GridRow } from './api';
import type { RankedJob, RankJob } from './rank-numbers.worker';

/** A worker to rank number columns in, started before the table it is for has arrived. */
export type NumberRanker = { worker: Worker; isClosed: () => boolean; close: () => void };

/**
 * Starts the worker that `rankNumbersAside` ranks in, as the whole table's answer begins to
 * arrive. Started once the table was decoded, it answered 180-250 ms later on a slow machine: its
 * start waits for the page's thread, which is then busy preparing the table, and a click on a
 * column right after the table showed came before the worker had ranked it. A worker that fails
 * before it is given work closes at once. Undefined where no worker starts.
 */
export function startNumberRanker(): NumberRanker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./rank-numbers.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return undefined;
  }
  let isClosed = false;
  const close = () => {
    isClosed = true;
    worker.terminate();
  };
  worker.onerror = close;
  return { worker, isClosed: () => isClosed, close };
}

/**
 * Ranks the number columns of `columns` in the `ranker`'s worker, from copies of the table's
 * decoded numbers (one column a step, each sent as it is copied), while the page's thread
 * prepares the rest of the index and shows the table; each key is taken into `index` as it comes
 * back, unless a row changed meanwhile (`adoptRanked`). A click on a column right after the table
 * lands then only sorts: ranked on the page's thread, it waited 12-25 ms for code V8 had not
 * optimised yet, and idle time reaches the sixth column shown only after that. A key not ranked
 * here is ranked on the page as before, and a worker that fails changes nothing else. Closes the
 * ranker once done, refused, failed or aborted.
 */
export function rankNumbersAside(
  index: TableIndex<GridRow>,
  numbers: TableColumns['numbers'],
  columns: readonly GridColumn[],
  ranker: NumberRanker,
  signal?: AbortSignal,
): void {
  const keys = numberSortKeys(columns).filter(
    ({ field }) => numbers.get(field)?.length === index.rows.length,
  );
  if (keys.length === 0 || signal?.aborted || ranker.isClosed()) {
    ranker.close();
    return;
  }
  const { worker } = ranker;
  const generation = index.generation;
  let left = keys.length;
  let isStopped = false;
  const stop = () => {
    isStopped = true;
    ranker.close();
    signal?.removeEventListener('abort', stop);
  };
  worker.onmessage = (event: MessageEvent<RankedJob>) => {
    const { id, key, ascending } = event.data;
    index.adoptRanked(generation, id, key, ascending);
    // A row changed: later answers would be refused too.
    if (--left <= 0 || index.generation !== generation) stop();
  };
  worker.onerror = stop;
  worker.onmessageerror = stop;
  signal?.addEventListener('abort', stop);
  let next = 0;
  runInTasks(() => {
    if (isStopped || index.generation !== generation) return true;
    const { id, field, nullsAs } = keys[next++]!;
    const job: RankJob = { id, field, nullsAs, numbers: numbers.get(field)!.slice() };
    worker.postMessage(job, [job.numbers.buffer]);
    return next >= keys.length;
  }).catch(() => {
    // A copy that did not fit in memory: the page ranks what is left.
    if (!isStopped) stop();
  });
}
