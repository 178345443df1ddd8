import { type Ranks, runSteps } from './sort-runs';

// Numbers as integer ranks in their order, for the grid's counting sort (grid-sort.ts). Long runs
// rank only their own rows, flagged in `only` (every row when it is undefined).

/** `values` holds each number times the direction's sign; a null is +Infinity, flagged in `isNull`. */
export type NumberKey = { kind: 'number'; values: Float64Array; isNull: Uint8Array };

/** The span of whole numbers of units, or else of cents, up to which numbers rank as themselves. */
const maxSpan = (length: number) => 2 * length + 1024;

export function numberRanks(key: NumberKey, only?: Uint8Array): Ranks {
  return runSteps(numberRankSteps(key, only));
}

/**
 * `numberRanks` in steps, pausing between passes over the rows (one to three passes a step; at a
 * million rows a pass takes a few milliseconds, the whole ranking tens), so that the page can rank
 * in idle time and a click arriving meanwhile waits for one step at most.
 */
export function* numberRankSteps({ values, isNull }: NumberKey, only?: Uint8Array): Generator<void, Ranks> {
  const length = values.length;
  const ranks = new Int32Array(length);
  const isRanked = (row: number) => (only === undefined || only[row] === 1) && isNull[row] === 0;
  for (const scale of [1, 100]) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let row = 0;
    for (; row < length; row++) {
      if (!isRanked(row)) continue;
      const value = values[row]!;
      const whole = Math.round(value * scale);
      // Distinct values that survive the round trip stay distinct, in the same order.
      if (whole / scale !== value) break;
      if (whole < min) min = whole;
      if (whole > max) max = whole;
    }
    yield;
    if (row < length) continue;
    if (min > max) return { ranks, count: 1 };
    const span = max - min + 1;
    // Infinities give a span of NaN or Infinity.
    if (!(span <= maxSpan(length))) break;
    for (let row = 0; row < length; row++) {
      if (isRanked(row)) ranks[row] = Math.round(values[row]! * scale) - min;
      else if (isNull[row] === 1) ranks[row] = span;
    }
    return { ranks, count: span + 1 };
  }
  let size = 0;
  for (let row = 0; row < length; row++) if (isRanked(row)) size++;
  const listed = new Uint32Array(size);
  size = 0;
  for (let row = 0; row < length; row++) if (isRanked(row)) listed[size++] = row;
  yield;
  const count = yield* rankFloats(values, listed, ranks);
  for (let row = 0; row < length; row++) {
    if ((only === undefined || only[row] === 1) && isNull[row] === 1) ranks[row] = count;
  }
  return { ranks, count: count + 1 };
}

// Where the high and low halves of a float's bits sit in a Uint32Array over it.
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LOW = 1 - HIGH;

/**
 * Ranks the listed rows among their distinct values; returns how many ranks. A radix sort, four
 * passes of 16 bits over each float's bits, mapped to an unsigned integer in the same order.
 */
function* rankFloats(values: Float64Array, listed: Uint32Array, ranks: Int32Array): Generator<void, number> {
  const size = listed.length;
  const floats = new Float64Array(size);
  // Adding 0 turns -0 into 0, which must rank the same.
  for (let i = 0; i < size; i++) floats[i] = values[listed[i]!]! + 0;
  const bits = new Uint32Array(floats.buffer);
  for (let i = 0; i < size; i++) {
    // Negative numbers: every bit flipped, so larger magnitudes come first; others: sign bit set.
    const high = bits[2 * i + HIGH]!;
    if (high >= 0x80000000) {
      bits[2 * i + HIGH] = ~high;
      bits[2 * i + LOW] = ~bits[2 * i + LOW]!;
    } else bits[2 * i + HIGH] = high | 0x80000000;
  }
  yield;
  let order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  let next = new Uint32Array(size);
  const starts = new Uint32Array(65537);
  for (let pass = 0; pass < 4; pass++) {
    const half = pass < 2 ? LOW : HIGH;
    const shift = pass % 2 === 0 ? 0 : 16;
    starts.fill(0);
    for (let i = 0; i < size; i++) starts[((bits[2 * order[i]! + half]! >>> shift) & 0xffff) + 1]!++;
    let isOneBucket = false;
    for (let digit = 1; digit <= 65536; digit++) {
      if (starts[digit] === size) isOneBucket = true;
      starts[digit]! += starts[digit - 1]!;
    }
    if (isOneBucket) continue;
    for (let i = 0; i < size; i++) {
      const item = order[i]!;
      next[starts[(bits[2 * item + half]! >>> shift) & 0xffff]!++] = item;
    }
    const sorted = next;
    next = order;
    order = sorted;
    yield;
  }
  let rank = -1;
  for (let i = 0; i < size; i++) {
    const item = order[i]!;
    const previous = order[i - 1];
    if (
      previous === undefined ||
      bits[2 * item + HIGH] !== bits[2 * previous + HIGH] ||
      bits[2 * item + LOW] !== bits[2 * previous + LOW]
    ) {
      rank++;
    }
    ranks[listed[item]!] = rank;
  }
  return rank + 1;
}
