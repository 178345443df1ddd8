import { describe, expect, it } from 'vitest';
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

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatcher', () => {
  it('sends a lone call at once, alone', async () => {
    const runner = heldRunner<string>();
    const call = createBatcher(runner.run, { maxBatch: 10, maxInFlight: 1 });
    const result = call('a');
    expect(runner.batches).toEqual([['a']]);
    runner.answer(0);
    await expect(result).resolves.toBe('done a');
  });

  it('sends the calls made while a batch is in flight together, each answered with its own result', async () => {
    const runner = heldRunner<string>();
    const call = createBatcher(runner.run, { maxBatch: 10, maxInFlight: 1 });
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
    const call = createBatcher(runner.run, { maxBatch: 2, maxInFlight: 2 });
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

  it('tries a batch that failed for one of its items again item by item, so only that item fails', async () => {
    const itemFailure = Object.assign(new Error('bad value'), { code: '22021' });
    const runner = heldRunner<string>();
    const call = createBatcher(runner.run, {
      maxBatch: 10,
      maxInFlight: 1,
      isItemsFailure: (error) => error === itemFailure,
    });
    const first = call('a');
    const later = ['b', 'bad', 'c'].map((item) => call(item).catch((error: unknown) => error));
    runner.answer(0);
    await first;
    runner.fail(1, itemFailure);
    await tick();
    expect(runner.batches.slice(2)).toEqual([['b']]);
    runner.answer(2);
    await tick();
    runner.fail(3, itemFailure);
    await tick();
    runner.answer(4);
    await expect(Promise.all(later)).resolves.toEqual(['done b', itemFailure, 'done c']);
    expect(runner.batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('fails every item of a batch whose failure is not one of its items', async () => {
    const down = new Error('connection lost');
    const runner = heldRunner<string>();
    const call = createBatcher(runner.run, { maxBatch: 10, maxInFlight: 1, isItemsFailure: () => false });
    const first = call('a');
    const later = ['b', 'c'].map((item) => call(item).catch((error: unknown) => error));
    runner.answer(0);
    await first;
    runner.fail(1, down);
    await expect(Promise.all(later)).resolves.toEqual([down, down]);
    // The next call is not held up by the failed batch.
    const next = call('d');
    await tick();
    runner.answer(2);
    await expect(next).resolves.toBe('done d');
  });

  it('fails the items of a runner that throws before it answers', async () => {
    const call = createBatcher<string, string>(
      () => {
        throw new Error('refused');
      },
      { maxBatch: 10, maxInFlight: 1 },
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
