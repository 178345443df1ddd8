import { type Delimiter, detectDelimiter } from '../../../core/csv-import/delimiter';
import {
  type Decode,
  detectEncoding,
  previewLines,
  type TextEncodingName,
} from '../../../core/csv-import/encoding';
import { type ParsedCsv, parseCsvText } from './parse-csv-text';

export type ReadRequest = {
  file: File;
  /** Read the bytes in this encoding instead of detecting it. */
  encoding?: TextEncodingName;
};

export type EncodingPreview = { encoding: TextEncodingName; lines: string[] };

export type ReadResult =
  | { kind: 'parsed'; csv: ParsedCsv; encoding: TextEncodingName; delimiter: Delimiter }
  /** The bytes read as plausible text in two encodings: the user picks one. */
  | { kind: 'ask'; readings: EncodingPreview[] }
  /** No delimiter splits the header: the file reads as one column. */
  | { kind: 'one-column' };

/** The browser's WHATWG decoders, which read Windows-1252 and Shift_JIS correctly; null for invalid bytes. */
export const decodeBytes: Decode = (bytes, encoding) => {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

const HEAD_CHARACTERS = 64 * 1024;

/** Reads a chosen file: its encoding, its delimiter, then its rows. */
export async function readCsv({ file, encoding }: ReadRequest): Promise<ReadResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  let used: TextEncodingName;
  if (encoding) {
    text = (decodeBytes(bytes, encoding) ?? new TextDecoder(encoding).decode(bytes)).replace(/^\uFEFF/, '');
    used = encoding;
  } else {
    const decision = detectEncoding(bytes, decodeBytes);
    if (decision.kind === 'ask') {
      return {
        kind: 'ask',
        readings: decision.readings.map((reading) => ({
          encoding: reading.encoding,
          lines: previewLines(reading.text),
        })),
      };
    }
    text = decision.text;
    used = decision.encoding;
  }
  const head = text.slice(0, HEAD_CHARACTERS);
  const delimiter = detectDelimiter(head);
  if (delimiter === null) {
    // A header alone, or nothing at all, is an empty file rather than a one-column one.
    const lines = head.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
    if (lines.length < 2)
      return { kind: 'parsed', csv: parseCsvText(text, ','), encoding: used, delimiter: ',' };
    return { kind: 'one-column' };
  }
  return { kind: 'parsed', csv: parseCsvText(text, delimiter), encoding: used, delimiter };
}
