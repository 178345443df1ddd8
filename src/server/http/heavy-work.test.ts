import { describe, expect, it } from 'vitest';
import { ACCOUNT_BUSY_MESSAGE, createHeavyWorkGate, SERVER_BUSY_MESSAGE } from './heavy-work';

const deferred = () => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
};

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { statusCode?: number; message?: string }) => error.statusCode ?? 500,
  );

describe('the heavy-work gate', () => {
  it('runs an account’s work in turns, queues a few more and refuses the rest with 429', async () => {
    const run = createHeavyWorkGate({ perAccount: 1, perAccountQueue: 1, global: 4, globalWaitMs: 1000 });
    const first = deferred();
    const order: string[] = [];
    const a = run('A', async () => {
      order.push('a');
      await first.done;
    });
    const b = run('A', async () => {
      order.push('b');
    });
    await expect(run('A', async () => {})).rejects.toMatchObject({
      statusCode: 429,
      message: ACCOUNT_BUSY_MESSAGE,
    });
    // Another account is not held up by A.
    await run('B', async () => {
      order.push('other');
    });
    first.release();
    await Promise.all([a, b]);
    expect(order).toEqual(['a', 'other', 'b']);
  });

  it('bounds the whole server: past the global turns a request waits, then answers 503', async () => {
    const run = createHeavyWorkGate({ perAccount: 1, perAccountQueue: 1, global: 1, globalWaitMs: 50 });
    const held = deferred();
    const first = run('A', () => held.done);
    await expect(run('B', async () => {})).rejects.toMatchObject({
      statusCode: 503,
      message: SERVER_BUSY_MESSAGE,
    });
    held.release();
    await first;
    expect(await statusOf(run('B', async () => {}))).toBe(200);
  });

  it('gives turns back when the work fails', async () => {
    const run = createHeavyWorkGate({ perAccount: 1, perAccountQueue: 0, global: 1, globalWaitMs: 50 });
    await expect(run('A', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await statusOf(run('A', async () => {}))).toBe(200);
  });
});

describe('sorting in turns', () => {
  it('sorts as Array.prototype.sort does, stably, whatever the slice', async () => {
    const { sortInTurns } = await import('./turns');
    const items = Array.from({ length: 5003 }, (_, i) => ({ key: (i * 7919) % 97, at: i }));
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    for (const slice of [1, 7, 100, 2000, 10_000]) {
      expect(await sortInTurns(items, byKey, slice)).toEqual([...items].sort(byKey));
    }
    expect(await sortInTurns([], byKey)).toEqual([]);
  });
});
