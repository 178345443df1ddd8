type Scheduler = { yield?: () => Promise<void> };

/**
 * Resolves in a task of its own, so that the browser may paint and take input first: the
 * scheduler's `yield` where there is one, else a message (a `setTimeout` is held back 4 ms once
 * nested).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** Work done on the page's thread before the browser may paint and take input again. */
const SLICE_MS = 8;

/**
 * Calls `step` until it answers true, letting the browser paint and take input every few
 * milliseconds of work; once `signal` is aborted, stops at the next pause with its reason.
 */
export async function runInTasks(step: () => boolean, signal?: AbortSignal): Promise<void> {
  let started = performance.now();
  while (!step()) {
    if (performance.now() - started > SLICE_MS) {
      await nextTask();
      signal?.throwIfAborted();
      started = performance.now();
    }
  }
}
