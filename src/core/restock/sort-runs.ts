// Runs of rows tied on the sort keys so far, and how each is put in order on the next key.

/** An integer rank per row, below `count`, in key order: equal keys share a rank, nulls rank last. */
export type Ranks = { ranks: Int32Array; count: number };

// Runs of tied rows up to this long are sorted by comparing values; longer ones by rank.
export const SHORT_RUN = 32;

/** Where the run beginning at `start` ends: `runStarts` flags each run's first position. */
export function runEnd(runStarts: Uint8Array, start: number): number {
  let end = start + 1;
  while (runStarts[end] === 0) end++;
  return end;
}

/** Flags the rows in runs of at least `minLength`; `only` is undefined when that is every row. */
export function rowsInRuns(order: Uint32Array, runStarts: Uint8Array, minLength: number) {
  const isIn = new Uint8Array(order.length);
  let count = 0;
  for (let start = 0; start < order.length; ) {
    const end = runEnd(runStarts, start);
    if (end - start >= minLength) {
      for (let i = start; i < end; i++) isIn[order[i]!] = 1;
      count += end - start;
    }
    start = end;
  }
  return { only: count === order.length ? undefined : isIn, count };
}

/**
 * Binary insertion sort, for short ranges. Runs of tied rows are often in order already, or in
 * reverse order, which then costs about one comparison a row.
 */
export function insertionSort(
  order: Uint32Array,
  start: number,
  end: number,
  compare: (a: number, b: number) => number,
) {
  if (end - start > 2 && compare(order[start]!, order[end - 1]!) > 0) {
    for (let i = start, j = end - 1; i < j; i++, j--) {
      const row = order[i]!;
      order[i] = order[j]!;
      order[j] = row;
    }
  }
  for (let i = start + 1; i < end; i++) {
    const row = order[i]!;
    if (compare(order[i - 1]!, row) <= 0) continue;
    let low = start;
    let high = i - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(order[middle]!, row) <= 0) low = middle + 1;
      else high = middle;
    }
    for (let j = i; j > low; j--) order[j] = order[j - 1]!;
    order[low] = row;
  }
}

/**
 * Sorts the runs longer than SHORT_RUN by rank in linear time: their positions are bucketed by
 * rank, then dealt back to their own runs in that order. Both steps keep the order of rows of
 * equal rank.
 */
export function sortLongRuns(order: Uint32Array, runStarts: Uint8Array, { ranks, count }: Ranks) {
  const length = order.length;
  const bucketStarts = new Uint32Array(count + 1);
  const runOf = new Uint32Array(length);
  const next = new Uint32Array(length);
  let size = 0;
  for (let start = 0; start < length; ) {
    const end = runEnd(runStarts, start);
    if (end - start > SHORT_RUN) {
      for (let i = start; i < end; i++) {
        bucketStarts[ranks[order[i]!]! + 1]!++;
        runOf[i] = start;
      }
      next[start] = start;
      size += end - start;
    }
    start = end;
  }
  for (let rank = 1; rank <= count; rank++) bucketStarts[rank]! += bucketStarts[rank - 1]!;
  const byRank = new Uint32Array(size);
  for (let start = 0; start < length; ) {
    const end = runEnd(runStarts, start);
    if (end - start > SHORT_RUN) {
      for (let i = start; i < end; i++) byRank[bucketStarts[ranks[order[i]!]!]!++] = i;
    }
    start = end;
  }
  const sorted = order.slice();
  for (const i of byRank) sorted[next[runOf[i]!]!++] = order[i]!;
  order.set(sorted);
}

/** Runs a ranking's steps to the end at once. */
export function runSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
