/**
 * How long each step of a history write takes, for `npm run bench:history` to print a breakdown.
 * Without a listener (the server) a step costs one comparison.
 */
type PhaseListener = (phase: string, ms: number) => void;

let listener: PhaseListener | null = null;

export function onHistoryPhase(next: PhaseListener | null): void {
  listener = next;
}

export async function phase<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!listener) return work();
  const start = performance.now();
  try {
    return await work();
  } finally {
    listener(name, performance.now() - start);
  }
}

/** Laps of one piece of work: each call reports the time since the previous one. */
export function phaseClock(): (name: string) => void {
  let last = performance.now();
  return (name) => {
    if (!listener) return;
    const now = performance.now();
    listener(name, now - last);
    last = now;
  };
}
