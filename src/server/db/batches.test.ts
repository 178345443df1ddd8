import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatcher, perDatabase } from './batches';

/** A runner whose batches the test answers by hand, recording what each batch held. */
function heldRunner<I>() {
  const batches: I[][] = [];
  const pending: Array<{ resolve: (results: string[]) => void; reject: (error: unknown) => void }> = [];
  const run = (items: I[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => pending.push({ resolve, reject }));
  };
  const answer = (index: number) => pending[index]!.resolve(batches[index]!.map((item) => `done ${item}`));
  const fail = (index: number, error: unknown) => pending[index]!.reject(error);
  return { run, batches, answer, fail };
}

const waitedTooLong = new Error('waited too long');
const patient = { maxWaitMs: 60_000, waitError: () => waitedTooLong };

describe('createBatcher', () => {
  it('sends a lone call at once, alone', async () => {
    const runner = heldRunner<string>();
    const call = createBatcher(runner.run, { ...patient, maxBatch: 10, maxInFlight: 1 });
    const result = call('a');
    expect(runner.batches).toEqual([['a']]);
    runner.answer(0);
    await expect(result).resolves.toBe('done a');
  });

  it('sends the calls made while a batch is in flight together, each answered with its own result', async () => {
    const runner = heldRunner<string>();
    const call = createBatcher(runner.run, { ...patient, maxBatch: 10, maxInFlight: 1 });
    const first = call('a');
    const later = ['b', 'c', 'd'].map((item) => call(item));
    expect(runner.batches).toEqual([['a']]);
    runner.answer(0);
    await first;
    expect(runner.batches).toEqual([['a'], ['b', 'c', 'd']]);
    runner.answer(1);
    await expect(Promise.all(later)).resolves.toEqual(['done b', 'done c', 'done d']);
  });

  it('keeps up to maxInFlight batches going and no batch larger than maxBatch', async () => {
    const runner = heldRunner<number>();
    const call = createBatcher(runner.run, { ...patient, maxBatch: 2, maxInFlight: 2 });
    const results = [1, 2, 3, 4, 5, 6].map((item) => call(item));
    expect(runner.batches).toEqual([[1], [2]]);
    runner.answer(0);
    await results[0];
    expect(runner.batches).toEqual([[1], [2], [3, 4]]);
    runner.answer(1);
    runner.answer(2);
    await Promise.all(results.slice(0, 4));
    expect(runner.batches).toEqual([[1], [2], [3, 4], [5, 6]]);
  });

  it('puts only items of one group in a batch, and never two of one key', async () => {
    type Edit = { field: string; row: string };
    const runner = heldRunner<Edit>();
    const call = createBatcher(runner.run, {
      ...patient,
      maxBatch: 10,
      maxInFlight: 1,
      groupOf: (edit) => edit.field,
      keyOf: (edit) => edit.row,
    });
    const edits: Edit[] = [
      { field: 'cost', row: 'x' },
      { field: 'cost', row: 'y' },
      { field: 'moq', row: 'y' },
      { field: 'cost', row: 'y' },
      { field: 'cost', row: 'z' },
    ];
    const results = edits.map((edit) => call(edit));
    runner.answer(0);
    await results[0];
    // The second edit of row y waits for a later batch, as does the other field's.
    expect(runner.batches[1]).toEqual([edits[1], edits[4]]);
    runner.answer(1);
    await results[1];
    expect(runner.batches[2]).toEqual([edits[2]]);
    runner.answer(2);
    await results[2];
    expect(runner.batches[3]).toEqual([edits[3]]);
  });

  it('fails every item of a failed batch with its error, and goes on with the next', async () => {
    const down = new Error('connection lost');
    const runner = heldRunner<string>();
    const call = createBatcher(runner.run, { ...patient, maxBatch: 10, maxInFlight: 1 });
    const first = call('a');
    const later = ['b', 'c'].map((item) => call(item).catch((error: unknown) => error));
    runner.answer(0);
    await first;
    runner.fail(1, down);
    await expect(Promise.all(later)).resolves.toEqual([down, down]);
    const next = call('d');
    runner.answer(2);
    await expect(next).resolves.toBe('done d');
  });

  it('fails the items of a batch answered with another number of results', async () => {
    const call = createBatcher(async (items: string[]) => items.slice(1), {
      ...patient,
      maxBatch: 10,
      maxInFlight: 1,
    });
    await expect(call('a')).rejects.toThrow('another number of results');
  });

  describe('a call that waits too long to be sent', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('fails with the wait error and is never sent, while the calls sent in time are answered', async () => {
      vi.useFakeTimers();
      const runner = heldRunner<string>();
      const call = createBatcher(runner.run, {
        maxWaitMs: 5_000,
        waitError: () => waitedTooLong,
        maxBatch: 10,
        maxInFlight: 1,
      });
      const hung = call('a');
      const late = call('b').catch((error: unknown) => error);
      vi.advanceTimersByTime(4_999);
      const later = call('c');
      vi.advanceTimersByTime(1);
      await expect(late).resolves.toBe(waitedTooLong);
      runner.answer(0);
      await expect(hung).resolves.toBe('done a');
      expect(runner.batches).toEqual([['a'], ['c']]);
      runner.answer(1);
      await expect(later).resolves.toBe('done c');
    });

    it('stops its clock once it is sent', async () => {
      vi.useFakeTimers();
      const runner = heldRunner<string>();
      const call = createBatcher(runner.run, {
        maxWaitMs: 10,
        waitError: () => waitedTooLong,
        maxBatch: 10,
        maxInFlight: 1,
      });
      const slow = call('a');
      const sentLater = call('b');
      vi.advanceTimersByTime(5);
      runner.answer(0);
      await slow;
      // 'b' went in the second batch before its 10 ms were up; that batch may take longer.
      vi.advanceTimersByTime(60_000);
      runner.answer(1);
      await expect(sentLater).resolves.toBe('done b');
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  it('fails the items of a runner that throws before it answers', async () => {
    const call = createBatcher<string, string>(
      () => {
        throw new Error('refused');
      },
      { ...patient, maxBatch: 10, maxInFlight: 1 },
    );
    await expect(call('a')).rejects.toThrow('refused');
    await expect(call('b')).rejects.toThrow('refused');
  });
});

describe('perDatabase', () => {
  it('makes one batcher per database and keeps it', () => {
    let made = 0;
    const batcherOf = perDatabase((db: { name: string }) => ({ db, serial: ++made }));
    const one = { name: 'one' };
    const two = { name: 'two' };
    expect(batcherOf(one)).toBe(batcherOf(one));
    expect(batcherOf(two)).not.toBe(batcherOf(one));
    expect(made).toBe(2);
  });
});
