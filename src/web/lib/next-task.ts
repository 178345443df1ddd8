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

/** Calls `step` until it answers true, letting the browser paint and take input every `sliceMs` of work. */
export async function runInTasks(step: () => boolean, sliceMs = 8): Promise<void> {
  let started = performance.now();
  while (!step()) {
    if (performance.now() - started > sliceMs) {
      await nextTask();
      started = performance.now();
    }
  }
}
