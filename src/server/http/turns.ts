import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * `items.map(fn)` in slices, giving the event loop a turn between them: one request mapping
 * 200,000 rows must not keep every other request waiting until it is done.
 */
export async function mapInTurns<T, R>(items: readonly T[], fn: (item: T) => R, slice = 1000): Promise<R[]> {
  const out: R[] = new Array(items.length);
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + slice);
    for (let i = start; i < end; i++) out[i] = fn(items[i]!);
  }
  return out;
}

/** Two sorted lists merged, stable (from `a` on ties), with a turn every `step` comparisons. */
async function mergeInTurns<T>(a: T[], b: T[], compare: (x: T, y: T) => number, step: number): Promise<T[]> {
  const out: T[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    out[k++] = compare(b[j]!, a[i]!) < 0 ? b[j++]! : a[i++]!;
    if (k % step === 0) await nextTurn();
  }
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * A stable sort (a merge sort of sorted slices) with turns for other requests between slices:
 * sorting 200,000 buy-list lines with a collator held the event loop for seconds.
 */
export async function sortInTurns<T>(
  items: readonly T[],
  compare: (x: T, y: T) => number,
  slice = 2000,
): Promise<T[]> {
  let runs: T[][] = [];
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await nextTurn();
    runs.push(items.slice(start, start + slice).sort(compare));
  }
  while (runs.length > 1) {
    const merged: T[][] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const next = runs[r + 1];
      merged.push(next ? await mergeInTurns(runs[r]!, next, compare, slice * 4) : runs[r]!);
    }
    runs = merged;
  }
  return runs[0] ?? [];
}
