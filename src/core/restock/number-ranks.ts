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
 * in idle time and a click arriving meanwhile waits for one step at most. Each pass is a function
 * of its own: V8 optimises a loop of a long function while it runs, then throws that code away at
 * the next loop, which has not run yet (in Node, the first ranking of 100,000 distinct decimals
 * took 45-60 ms that way, 27-34 ms this way; 14 ms warm either way).
 */
export function* numberRankSteps({ values, isNull }: NumberKey, only?: Uint8Array): Generator<void, Ranks> {
  const length = values.length;
  const ranks = new Int32Array(length);
  for (const scale of [1, 100]) {
    const span = wholeSpan(values, isNull, only, scale);
    yield;
    if (span === undefined) continue;
    if (span.min > span.max) return { ranks, count: 1 };
    const count = span.max - span.min + 1;
    // Infinities give a span of NaN or Infinity.
    if (!(count <= maxSpan(length))) break;
    rankWhole(values, isNull, only, scale, span.min, count, ranks);
    return { ranks, count: count + 1 };
  }
  const listed = listRanked(isNull, only);
  yield;
  const count = yield* rankFloats(values, listed, ranks);
  rankNullsLast(isNull, only, ranks, count);
  return { ranks, count: count + 1 };
}

const isRanked = (isNull: Uint8Array, only: Uint8Array | undefined, row: number) =>
  (only === undefined || only[row] === 1) && isNull[row] === 0;

/** The least and greatest ranked number times `scale`, or undefined if one is not whole then. */
function wholeSpan(values: Float64Array, isNull: Uint8Array, only: Uint8Array | undefined, scale: number) {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let row = 0; row < values.length; row++) {
    if (!isRanked(isNull, only, row)) continue;
    const value = values[row]!;
    const whole = Math.round(value * scale);
    // Distinct values that survive the round trip stay distinct, in the same order.
    if (whole / scale !== value) return undefined;
    if (whole < min) min = whole;
    if (whole > max) max = whole;
  }
  return { min, max };
}

/** Each number ranks as itself times `scale`, less `min`; nulls after them all (at `count`). */
function rankWhole(
  values: Float64Array,
  isNull: Uint8Array,
  only: Uint8Array | undefined,
  scale: number,
  min: number,
  count: number,
  ranks: Int32Array,
) {
  for (let row = 0; row < values.length; row++) {
    if (isRanked(isNull, only, row)) ranks[row] = Math.round(values[row]! * scale) - min;
    else if (isNull[row] === 1) ranks[row] = count;
  }
}

function listRanked(isNull: Uint8Array, only: Uint8Array | undefined): Uint32Array {
  const listed = new Uint32Array(countRanked(isNull, only));
  let size = 0;
  for (let row = 0; row < isNull.length; row++) if (isRanked(isNull, only, row)) listed[size++] = row;
  return listed;
}

function countRanked(isNull: Uint8Array, only: Uint8Array | undefined): number {
  let size = 0;
  for (let row = 0; row < isNull.length; row++) if (isRanked(isNull, only, row)) size++;
  return size;
}

function rankNullsLast(isNull: Uint8Array, only: Uint8Array | undefined, ranks: Int32Array, count: number) {
  for (let row = 0; row < isNull.length; row++) {
    if ((only === undefined || only[row] === 1) && isNull[row] === 1) ranks[row] = count;
  }
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
  const bits = orderedBits(values, listed);
  yield;
  let order = identityOrder(size);
  let next = new Uint32Array(size);
  const starts = new Uint32Array(65537);
  for (let pass = 0; pass < 4; pass++) {
    const half = pass < 2 ? LOW : HIGH;
    const shift = pass % 2 === 0 ? 0 : 16;
    countDigits(bits, order, half, shift, starts);
    if (!sumStarts(starts, size)) continue;
    dealByDigit(bits, order, half, shift, starts, next);
    const sorted = next;
    next = order;
    order = sorted;
    yield;
  }
  return rankInOrder(bits, order, listed, ranks);
}

/** The listed values' bits, as unsigned integers (two halves each) in the values' order. */
function orderedBits(values: Float64Array, listed: Uint32Array): Uint32Array {
  const floats = new Float64Array(listed.length);
  const bits = new Uint32Array(floats.buffer);
  for (let i = 0; i < listed.length; i++) {
    // Adding 0 turns -0 into 0, which must rank the same.
    floats[i] = values[listed[i]!]! + 0;
    // Negative numbers: every bit flipped, so larger magnitudes come first; others: sign bit set.
    const high = bits[2 * i + HIGH]!;
    if (high >= 0x80000000) {
      bits[2 * i + HIGH] = ~high;
      bits[2 * i + LOW] = ~bits[2 * i + LOW]!;
    } else bits[2 * i + HIGH] = high | 0x80000000;
  }
  return bits;
}

function identityOrder(size: number) {
  const order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  return order;
}

function countDigits(
  bits: Uint32Array,
  order: Uint32Array,
  half: number,
  shift: number,
  starts: Uint32Array,
) {
  starts.fill(0);
  for (let i = 0; i < order.length; i++) starts[((bits[2 * order[i]! + half]! >>> shift) & 0xffff) + 1]!++;
}

/** Turns the digits' counts into where each digit's items start; false if all share one digit. */
function sumStarts(starts: Uint32Array, size: number): boolean {
  let isOneBucket = false;
  for (let digit = 1; digit <= 65536; digit++) {
    if (starts[digit] === size) isOneBucket = true;
    starts[digit]! += starts[digit - 1]!;
  }
  return !isOneBucket;
}

function dealByDigit(
  bits: Uint32Array,
  order: Uint32Array,
  half: number,
  shift: number,
  starts: Uint32Array,
  next: Uint32Array,
) {
  for (let i = 0; i < order.length; i++) {
    const item = order[i]!;
    next[starts[(bits[2 * item + half]! >>> shift) & 0xffff]!++] = item;
  }
}

/** Ranks the listed rows from their items in sorted order; returns how many ranks. */
function rankInOrder(bits: Uint32Array, order: Uint32Array, listed: Uint32Array, ranks: Int32Array): number {
  let rank = -1;
  for (let i = 0; i < order.length; i++) {
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
