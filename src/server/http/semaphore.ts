/** Bounds how many tasks run at once; the rest wait in order. */
export function createSemaphore(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function withPermit<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
