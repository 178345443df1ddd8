// Marketplace reports come as bytes in several encodings: UTF-8 (sometimes with a byte-order
// mark), Windows-1252 (the usual US and European download) and Shift_JIS (Japan). Reading a
// Windows-1252 file as UTF-8 turns 'Ø', '–', '½', '’' and '®' into '�', and a non-ASCII SKU into
// another product, so the encoding is decided from the bytes, or asked when they cannot decide.

export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'shift_jis'] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

export const ENCODING_LABELS: Record<TextEncodingName, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16 (big-endian)',
  'windows-1252': 'Windows-1252 (Western European)',
  shift_jis: 'Shift_JIS (Japanese)',
};

/**
 * Decodes bytes in one encoding, answering null when they are not valid in it. Core code has no
 * decoder of its own: browsers pass the WHATWG TextDecoder (fatal), Node tests a real decoder.
 */
export type Decode = (bytes: Uint8Array, encoding: TextEncodingName) => string | null;

export type EncodingReading = { encoding: TextEncodingName; text: string };

export type EncodingDecision =
  | { kind: 'decided'; encoding: TextEncodingName; text: string; reason: 'bom' | 'valid-utf-8' | 'detected' }
  /** Both readings are plausible: the user picks one from a preview of each. */
  | { kind: 'ask'; readings: [EncodingReading, EncodingReading] };

const BOMS: readonly { bytes: readonly number[]; encoding: TextEncodingName }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/** The text without a leading byte-order mark, which would otherwise stick to the first header. */
const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

// Runs of non-ASCII characters tell the two readings apart: Japanese text read as Windows-1252
// becomes long runs of accented letters and symbols, European text read as Shift_JIS becomes
// lone kanji and half-width katakana between Latin letters.
const JAPANESE = /[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff5e\u2460-\u24ff\u25a0-\u25ff]/u;
const HALF_WIDTH_KATAKANA = /[\uff61-\uff9f]/u;
const LATIN_PLAUSIBLE =
  /[\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u2013\u2014\u2018-\u201e\u2022\u2026\u20ac\u2122]/u;
// Windows-1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D undefined; decoders map them to C1 controls.
const C1_CONTROL = /[\u0080-\u009f]/u;
const NON_ASCII_RUN = /[\u0080-\u{10ffff}]+/gu;

/** Share (0..1) of a reading's non-ASCII runs that look like real text in that script. */
function plausibility(text: string, isPlausibleRun: (run: string) => boolean): number {
  let runs = 0;
  let plausible = 0;
  for (const match of text.matchAll(NON_ASCII_RUN)) {
    runs += 1;
    if (isPlausibleRun(match[0])) plausible += 1;
  }
  return runs === 0 ? 1 : plausible / runs;
}

const isJapaneseRun = (run: string) =>
  [...run].every((char) => JAPANESE.test(char)) && (run.length >= 2 || !HALF_WIDTH_KATAKANA.test(run));

// A European word carries one accented letter at a time, two at most ('Größe').
const isLatinRun = (run: string) =>
  run.length <= 2 && [...run].every((char) => LATIN_PLAUSIBLE.test(char) && !C1_CONTROL.test(char));

/**
 * UTF-16 without a byte-order mark: ASCII text then has a zero byte beside every character, on
 * the odd positions (little-endian) or the even ones (big-endian). Such bytes are valid UTF-8
 * full of NUL characters, so this is checked first.
 */
function utf16WithoutBom(bytes: Uint8Array): TextEncodingName | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

const CLEAR = 0.8;
const DOUBTFUL = 0.5;

export type DetectOptions = {
  /** The file is expected to be Japanese (Japanese marketplace): Shift_JIS wins a close call. */
  preferJapanese?: boolean;
};

/**
 * Decides the encoding: a byte-order mark, else valid UTF-8, else Windows-1252 or Shift_JIS by
 * which reading looks like text. When both look like text, the answer is 'ask' with both readings.
 */
export function detectEncoding(
  bytes: Uint8Array,
  decode: Decode,
  options: DetectOptions = {},
): EncodingDecision {
  for (const bom of BOMS) {
    if (!startsWith(bytes, bom.bytes)) continue;
    const text = decode(bytes, bom.encoding);
    if (text !== null)
      return { kind: 'decided', encoding: bom.encoding, text: withoutBom(text), reason: 'bom' };
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) {
    const text = decode(bytes, utf16);
    if (text !== null) return { kind: 'decided', encoding: utf16, text, reason: 'detected' };
  }
  const utf8 = decode(bytes, 'utf-8');
  if (utf8 !== null)
    return { kind: 'decided', encoding: 'utf-8', text: withoutBom(utf8), reason: 'valid-utf-8' };

  const western = decode(bytes, 'windows-1252') ?? '';
  const japanese = decode(bytes, 'shift_jis');
  const decided = (encoding: TextEncodingName, text: string): EncodingDecision => ({
    kind: 'decided',
    encoding,
    text,
    reason: 'detected',
  });
  if (japanese === null) return decided('windows-1252', western);
  if (C1_CONTROL.test(western)) return decided('shift_jis', japanese);

  const japaneseScore = plausibility(japanese, isJapaneseRun);
  const westernScore = plausibility(western, isLatinRun);
  if (options.preferJapanese && japaneseScore >= DOUBTFUL) return decided('shift_jis', japanese);
  if (japaneseScore >= CLEAR && westernScore < DOUBTFUL) return decided('shift_jis', japanese);
  if (westernScore >= CLEAR && japaneseScore < DOUBTFUL) return decided('windows-1252', western);
  return {
    kind: 'ask',
    readings: [
      { encoding: 'windows-1252', text: western },
      { encoding: 'shift_jis', text: japanese },
    ],
  };
}

/** The first lines of a reading, for the "which one is right?" preview. */
export function previewLines(text: string, count = 4, maxLength = 200): string[] {
  return text
    .split(/\r\n|\n|\r/, count)
    .map((line) => (line.length > maxLength ? `${line.slice(0, maxLength)}…` : line));
}
