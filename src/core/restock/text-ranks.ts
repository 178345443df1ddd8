import { insertionSort, type Ranks, runSteps } from './sort-runs';

// Texts as integer ranks in the collator's order, for the grid's counting sort (grid-sort.ts).

const collator = new Intl.Collator('en-US', { sensitivity: 'base' });

const NON_ASCII = /[^\p{ASCII}]/u;
const COMBINING_MARKS = /\p{M}/gu;

function foldText(value: string): string {
  const lower = value.toLowerCase();
  return NON_ASCII.test(lower) ? lower.normalize('NFKD').replace(COMBINING_MARKS, '') : lower;
}

const isPlain = (code: number) => code === 32 || (code >= 48 && code <= 57) || (code >= 97 && code <= 122);

/**
 * The collator's order of two texts. Most comparisons are settled by character codes alone, at a
 * fraction of a collator call: when, up to their first difference ignoring case, both are ASCII,
 * and there they differ by a space, digit or letter, which the collator orders as ASCII does.
 */
export function compareText(x: string, y: string): number {
  const length = Math.min(x.length, y.length);
  let i = 0;
  for (; i < length; i++) {
    let a = x.charCodeAt(i);
    let b = y.charCodeAt(i);
    if (a > 127 || b > 127) return collator.compare(x, y);
    if (a === b) continue;
    if (a >= 65 && a <= 90) a += 32;
    if (b >= 65 && b <= 90) b += 32;
    if (a === b) continue;
    if (isPlain(a) && isPlain(b)) return a < b ? -1 : 1;
    return collator.compare(x, y);
  }
  if (x.length === y.length) return 0;
  // A text that goes on with a space, digit or letter comes after the one that ends there.
  const next = x.length > y.length ? x.charCodeAt(i) : y.charCodeAt(i);
  if (!isPlain(next >= 65 && next <= 90 ? next + 32 : next)) return collator.compare(x, y);
  return x.length < y.length ? -1 : 1;
}

export type TextKey = { kind: 'text'; texts: (string | null)[]; sign: 1 | -1 };

/**
 * Texts, rows or ranges handled between two pauses of a ranking run in steps (`textRankSteps`):
 * a few milliseconds of work at most, so that idle time can rank a text column of a million rows
 * and still yield to a click.
 */
export const RANK_STEP = 8192;
/** Characters read between two pauses: long texts take fewer rows a step. */
const CHARACTERS_PER_STEP = 1 << 18;

/** Rows a step of passes over `texts` reads: `RANK_STEP`, fewer for long texts. */
function rowsPerStep(texts: readonly (string | null)[]): number {
  const every = Math.max(1, Math.floor(texts.length / 256));
  let characters = 0;
  let sampled = 0;
  for (let row = 0; row < texts.length; row += every) {
    const text = texts[row];
    if (text == null) continue;
    characters += text.length;
    sampled++;
  }
  const average = sampled === 0 ? 1 : Math.max(1, characters / sampled);
  return Math.max(64, Math.min(RANK_STEP, Math.floor(CHARACTERS_PER_STEP / average)));
}

/** A typed array's values in a plain array (`Array.from` reads a million through its iterator: 200 ms). */
function plainArray(values: Uint32Array): number[] {
  const plain = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) plain[i] = values[i]!;
  return plain;
}

/** Ranks texts in collator order: texts it calls equal share a rank. */
function* rankTexts(texts: readonly string[]): Generator<void, Ranks> {
  const step = rowsPerStep(texts);
  const folded = new Array<string>(texts.length);
  for (let from = 0; from < texts.length; from += step) {
    const to = Math.min(texts.length, from + step);
    for (let i = from; i < to; i++) folded[i] = foldText(texts[i]!);
    yield;
  }
  const order = yield* orderFolded(folded, step);
  const ranks = new Int32Array(texts.length);
  let count = yield* rankInOrder(texts, order, ranks, false, step);
  if (count < 0) {
    // A plain array, whose sort is adaptive, unlike that of typed arrays in V8. One piece: it
    // happens only when the folded texts' order is not the collator's (some punctuation).
    const exact = plainArray(order).sort((a, b) => compareText(texts[a]!, texts[b]!));
    yield;
    count = yield* rankInOrder(texts, exact, ranks, true, step);
  }
  return { ranks, count };
}

// Texts sorted by their first characters in one native sort of numbers: seven bits a character,
// and enough bits left of a float's 53 for the text's index.
const CHARACTER_BITS = 7;
const MAX_PACKED_CODE = 2 ** CHARACTER_BITS - 1;
// Groups this small are sorted by comparing their texts.
const SMALL_GROUP = 16;
// Groups larger than this are first dealt out by one character, so that no native sort (one
// piece of work) holds more texts than a step can sort.
const LARGEST_PACKED_GROUP = 65_536;

/**
 * The indices of `texts` in code unit order: a radix sort from the most significant end, whose
 * digits are several characters packed into a number together with the index and sorted natively;
 * texts that share a digit are sorted again past it, or compared whole.
 */
function* orderFolded(texts: readonly string[], step: number): Generator<void, Uint32Array> {
  const order = new Uint32Array(texts.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  // Texts often come nearly sorted already (by msku, say): then comparing them costs about one
  // comparison each, in the engines' adaptive merge sort.
  let descents = 0;
  for (let from = 1; from < texts.length; from += step) {
    const to = Math.min(texts.length, from + step);
    for (let i = from; i < to; i++) if (texts[i]! < texts[i - 1]!) descents++;
    yield;
  }
  if (descents === 0) return order;
  if (descents < texts.length / 64) {
    order.set(plainArray(order).sort(byCodeUnits(texts)));
    return order;
  }
  const indexScale = 2 ** Math.max(1, Math.ceil(Math.log2(texts.length)));
  const width = Math.floor((53 - Math.log2(indexScale)) / CHARACTER_BITS);
  // Ranges [start, end) of `order` left to sort, whose texts all agree before `depth`.
  const pending = [0, order.length, 0];
  let sinceStep = 0;
  while (pending.length > 0) {
    const depth = pending.pop()!;
    const end = pending.pop()!;
    const start = pending.pop()!;
    if (sinceStep >= RANK_STEP) {
      sinceStep = 0;
      yield;
    }
    sinceStep += end - start;
    if (end - start <= SMALL_GROUP || width < 1) {
      sortTexts(texts, order, start, end);
      continue;
    }
    const first = texts[order[start]!]!;
    let common = first.length;
    // Texts that share a long start (a brand in every title) make this the dear pass: it pauses by
    // the characters compared.
    let compared = 0;
    for (let i = start + 1; i < end && common > depth; i++) {
      const text = texts[order[i]!]!;
      const limit = Math.min(common, text.length);
      let j = depth;
      while (j < limit && text.charCodeAt(j) === first.charCodeAt(j)) j++;
      common = j;
      compared += j - depth + 1;
      if (compared >= CHARACTERS_PER_STEP) {
        compared = 0;
        yield;
      }
    }
    common = Math.max(common, depth);
    if (end - start > LARGEST_PACKED_GROUP) {
      yield* dealByCharacter(texts, order, start, end, common, pending);
      continue;
    }
    const packed = new Float64Array(end - start);
    for (let i = start; i < end; i++) {
      const text = texts[order[i]!]!;
      let digit = 0;
      let isCut = false;
      for (let j = common; j < common + width; j++) {
        // 0 past the end, which sorts first. A code too large to pack is cut to the largest, and
        // the rest of the digit left 0: texts that tie on such a digit are compared whole.
        let code = isCut || j >= text.length ? 0 : text.charCodeAt(j) + 1;
        if (code >= MAX_PACKED_CODE) {
          code = MAX_PACKED_CODE;
          isCut = true;
        }
        digit = digit * (MAX_PACKED_CODE + 1) + code;
      }
      packed[i - start] = digit * indexScale + order[i]!;
    }
    packed.sort();
    let groupStart = start;
    let groupDigit = -1;
    for (let i = start; i <= end; i++) {
      const digit = i < end ? Math.floor(packed[i - start]! / indexScale) : -1;
      if (i < end) order[i] = packed[i - start]! - digit * indexScale;
      if (digit === groupDigit) continue;
      // A digit of 0 means texts that all ended: equal.
      if (i - groupStart > 1 && groupDigit !== 0) {
        const cut = cutPosition(groupDigit, width);
        if (cut < 0) pending.push(groupStart, i, common + width);
        // Texts that tie up to a code too large to pack: compared whole, or, too many to compare
        // in one step, dealt out by that character.
        else if (i - groupStart <= RANK_STEP) sortTexts(texts, order, groupStart, i);
        else yield* dealByCharacter(texts, order, groupStart, i, common + cut, pending);
      }
      groupStart = i;
      groupDigit = digit;
    }
  }
  return order;
}

/** The indices of `texts` in code unit order, at once. */
export const codeUnitOrder = (texts: readonly string[]): Uint32Array =>
  runSteps(orderFolded(texts, rowsPerStep(texts)));

/**
 * Deals `order` from `start` to `end` out by the character at `depth` (a counting sort, texts
 * that end there first), and leaves each group of more than one text with a character to `pending`.
 */
function* dealByCharacter(
  texts: readonly string[],
  order: Uint32Array,
  start: number,
  end: number,
  depth: number,
  pending: number[],
): Generator<void> {
  // Slot 0 for texts that end before `depth`, then one per UTF-16 code unit.
  const starts = new Uint32Array(0x10000 + 2);
  const slotOf = (row: number) => {
    const text = texts[row]!;
    return depth < text.length ? text.charCodeAt(depth) + 1 : 0;
  };
  for (let from = start; from < end; from += RANK_STEP) {
    const to = Math.min(end, from + RANK_STEP);
    for (let i = from; i < to; i++) starts[slotOf(order[i]!) + 1]!++;
    yield;
  }
  starts[0] = start;
  for (let slot = 1; slot < starts.length; slot++) starts[slot]! += starts[slot - 1]!;
  const bounds = starts.slice();
  const dealt = new Uint32Array(end - start);
  for (let from = start; from < end; from += RANK_STEP) {
    const to = Math.min(end, from + RANK_STEP);
    for (let i = from; i < to; i++) {
      const row = order[i]!;
      dealt[starts[slotOf(row)]!++ - start] = row;
    }
    yield;
  }
  order.set(dealt, start);
  // Slot 0's texts all ended: they are equal, and first.
  for (let slot = 1; slot < bounds.length - 1; slot++) {
    if (bounds[slot + 1]! - bounds[slot]! > 1) pending.push(bounds[slot]!, bounds[slot + 1]!, depth + 1);
  }
}

/** Where in a digit its code was cut (0 for its first character), or -1 when none was. */
function cutPosition(digit: number, width: number): number {
  let rest = digit;
  for (let k = 0; k < width; k++) {
    if (rest % (MAX_PACKED_CODE + 1) === MAX_PACKED_CODE) return width - 1 - k;
    rest = Math.floor(rest / (MAX_PACKED_CODE + 1));
  }
  return -1;
}

/** Compares texts, by index, in code unit order. */
const byCodeUnits =
  (texts: readonly string[]) =>
  (a: number, b: number): number => {
    const x = texts[a]!;
    const y = texts[b]!;
    if (x < y) return -1;
    return x > y ? 1 : 0;
  };

/** Sorts `order` from `start` to `end` by comparing the texts. */
function sortTexts(texts: readonly string[], order: Uint32Array, start: number, end: number) {
  if (end - start > SMALL_GROUP) order.subarray(start, end).sort(byCodeUnits(texts));
  else insertionSort(order, start, end, byCodeUnits(texts));
}

/** Ranks texts in `order`; returns how many ranks, or -1 if neighbours are out of collator order. */
function* rankInOrder(
  texts: readonly string[],
  order: ArrayLike<number>,
  ranks: Int32Array,
  isSorted: boolean,
  step: number,
): Generator<void, number> {
  if (order.length === 0) return 0;
  let rank = 0;
  ranks[order[0]!] = 0;
  for (let from = 1; from < order.length; from += step) {
    const to = Math.min(order.length, from + step);
    for (let i = from; i < to; i++) {
      const previous = texts[order[i - 1]!]!;
      const text = texts[order[i]!]!;
      const comparison = previous === text ? 0 : compareText(previous, text);
      if (comparison > 0 && !isSorted) return -1;
      if (comparison !== 0) rank++;
      ranks[order[i]!] = rank;
    }
    yield;
  }
  return rank + 1;
}

// Long runs rank only their own rows, flagged in `only` (every row when it is undefined); the
// ranks of other rows are left unset.

export function textRanks(key: TextKey, only?: Uint8Array): Ranks {
  return runSteps(textRankSteps(key, only));
}

/** `textRanks` in steps: pauses after each few milliseconds of work. */
export function* textRankSteps({ texts, sign }: TextKey, only?: Uint8Array): Generator<void, Ranks> {
  const step = rowsPerStep(texts);
  const ranks = new Int32Array(texts.length);
  // The texts to rank, and each row's index into them, or -1 for a null.
  const toRank: string[] = [];
  if (hasRepeats(texts, only)) {
    const idOf = new Map<string, number>();
    for (let from = 0; from < texts.length; from += step) {
      const to = Math.min(texts.length, from + step);
      for (let row = from; row < to; row++) {
        if (only !== undefined && only[row] === 0) continue;
        const text = texts[row] ?? null;
        if (text === null) {
          ranks[row] = -1;
          continue;
        }
        let id = idOf.get(text);
        if (id === undefined) {
          id = toRank.push(text) - 1;
          idOf.set(text, id);
        }
        ranks[row] = id;
      }
      yield;
    }
  } else {
    // Texts need not be distinct to be ranked: skipping the lookups is cheaper when few repeat.
    for (let from = 0; from < texts.length; from += step) {
      const to = Math.min(texts.length, from + step);
      for (let row = from; row < to; row++) {
        if (only !== undefined && only[row] === 0) continue;
        const text = texts[row] ?? null;
        ranks[row] = text === null ? -1 : toRank.push(text) - 1;
      }
      yield;
    }
  }
  const { ranks: rankOf, count } = yield* rankTexts(toRank);
  for (let from = 0; from < texts.length; from += step) {
    const to = Math.min(texts.length, from + step);
    for (let row = from; row < to; row++) {
      if (only !== undefined && only[row] === 0) continue;
      const id = ranks[row]!;
      ranks[row] = id < 0 ? count : sign === 1 ? rankOf[id]! : count - 1 - rankOf[id]!;
    }
    yield;
  }
  return { ranks, count: count + 1 };
}

const SAMPLE_SIZE = 1000;

/**
 * Whether enough texts repeat to be worth ranking each distinct text once. Judged on a sample
 * spread over the rows: 1,000 texts drawn from 25,000 distinct ones repeat about 20 times.
 */
function hasRepeats(texts: readonly (string | null)[], only?: Uint8Array): boolean {
  const step = Math.max(1, Math.floor(texts.length / SAMPLE_SIZE));
  const seen = new Set<string>();
  let repeats = 0;
  for (let row = 0; row < texts.length; row += step) {
    const text = texts[row];
    if ((only !== undefined && only[row] === 0) || text == null) continue;
    if (seen.has(text)) repeats++;
    else seen.add(text);
  }
  return repeats * 50 >= seen.size + repeats;
}
