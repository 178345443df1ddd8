import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { reloadRestockTable, restockKeys, supersedingSignal } from './table-reads';

/**
 * The whole table's query as the page has it (an observer, no data yet), whose first read answers
 * only when `answerFirstRead` is called (rejecting if it is given up first), and whose later reads
 * answer at once.
 */
function tableQuery(queryClient: QueryClient) {
  const signals: AbortSignal[] = [];
  let answerFirstRead: (answer: string) => void = () => {};
  const observer = new QueryObserver<string>(queryClient, {
    queryKey: restockKeys.data,
    queryFn: () => {
      const signal = supersedingSignal(queryClient);
      signals.push(signal);
      const read = signals.length;
      if (read > 1) return Promise.resolve(`read ${read}`);
      return new Promise<string>((resolve, reject) => {
        answerFirstRead = resolve;
        signal.addEventListener('abort', () => reject(signal.reason));
      });
    },
  });
  const stop = observer.subscribe(() => {});
  return { signals, stop, answerFirstRead: (answer: string) => answerFirstRead(answer) };
}

describe('reloadRestockTable', () => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  afterEach(() => queryClient.clear());

  it('gives up the read on its way and reads the table again, before the table has ever loaded', async () => {
    const table = tableQuery(queryClient);
    expect(table.signals).toHaveLength(1);
    await reloadRestockTable(queryClient);
    expect(table.signals[0]!.aborted).toBe(true);
    expect(table.signals).toHaveLength(2);
    expect(queryClient.getQueryData(restockKeys.data)).toBe('read 2');
    expect(queryClient.getQueryState(restockKeys.data)?.status).toBe('success');
    table.stop();
  });

  it('is needed: invalidating alone lands the read begun before the change, and reads no more', async () => {
    const table = tableQuery(queryClient);
    const invalidated = queryClient.invalidateQueries({ queryKey: restockKeys.all });
    table.answerFirstRead('read before the change');
    await invalidated;
    expect(table.signals).toHaveLength(1);
    expect(queryClient.getQueryData(restockKeys.data)).toBe('read before the change');
    expect(queryClient.getQueryState(restockKeys.data)?.isInvalidated).toBe(false);
    table.stop();
  });

  it('gives up the read on its way when its query leaves the cache, and only then', async () => {
    const table = tableQuery(queryClient);
    queryClient.setQueryData(restockKeys.columns, []);
    queryClient.setQueryData(restockKeys.first, { rows: [], total: 0 });
    queryClient.removeQueries({ queryKey: restockKeys.columns });
    queryClient.removeQueries({ queryKey: restockKeys.first });
    expect(table.signals[0]!.aborted).toBe(false);
    // Another user signing in on this tab clears the cache.
    queryClient.clear();
    expect(table.signals[0]!.aborted).toBe(true);
    table.stop();
  });

  it('a newer read of the whole table gives up the one on its way', () => {
    const first = supersedingSignal(queryClient);
    const second = supersedingSignal(queryClient);
    expect(first.aborted).toBe(true);
    expect(second.aborted).toBe(false);
    // Each query client has its own reads.
    supersedingSignal(new QueryClient());
    expect(second.aborted).toBe(false);
  });
});
