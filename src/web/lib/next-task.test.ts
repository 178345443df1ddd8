import { describe, expect, it } from 'vitest';
import { runInTasks } from './next-task';

/** A step that works for `ms` milliseconds and counts its calls. */
const busyStep =
  (ms: number, calls: { count: number }, doneAfter = Number.POSITIVE_INFINITY) =>
  () => {
    const until = performance.now() + ms;
    while (performance.now() < until) {}
    calls.count++;
    return calls.count >= doneAfter;
  };

describe('runInTasks', () => {
  it('runs the steps until one answers true, letting other tasks run between slices of work', async () => {
    const calls = { count: 0 };
    let otherTaskRanAt = -1;
    setTimeout(() => {
      otherTaskRanAt = calls.count;
    });
    await runInTasks(busyStep(3, calls, 20));
    expect(calls.count).toBe(20);
    expect(otherTaskRanAt).toBeGreaterThan(0);
    expect(otherTaskRanAt).toBeLessThan(20);
  });

  it('stops with the signal’s reason once it is aborted, at the next pause', async () => {
    const calls = { count: 0 };
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('a newer table')));
    await expect(runInTasks(busyStep(3, calls), controller.signal)).rejects.toThrow('a newer table');
    const stoppedAt = calls.count;
    expect(stoppedAt).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.count).toBe(stoppedAt);
  });
});
