import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { type Decode, detectEncoding, previewLines } from './encoding';

// Node's own TextDecoder reads windows-1252 as ISO-8859-1, so these tests decode with iconv-lite,
// shaped like the browser's fatal WHATWG decoder: null for invalid bytes, and Windows-1252's five
// undefined bytes as C1 controls.
const decode: Decode = (bytes, encoding) => {
  if (encoding === 'windows-1252') {
    const text = iconv.decode(Buffer.from(bytes), 'windows-1252');
    return [...text]
      .map((char, index) => (char === '\uFFFD' ? String.fromCharCode(bytes[index]!) : char))
      .join('');
  }
  if (encoding === 'shift_jis') {
    const text = iconv.decode(Buffer.from(bytes), 'shift_jis');
    return text.includes('\uFFFD') ? null : text;
  }
  // Node decodes the Unicode encodings correctly.
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

const encode = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding));

const US_TITLES = [
  'sku\tproduct-name\tyour-price',
  'WB-750\tWater Bottle Ø 7 cm – ½ litre\t24.99',
  'CB-1\tBamboo Cutting Board (Chef’s Choice®)\t18.50',
  'MUG-2\tCafé Mug 350 ml\t9.99',
].join('\r\n');

const DE_TITLES = ['Händler-SKU\tArtikelbezeichnung\tPreis', 'GR-1\tGrößenverstellbarer Gürtel\t12,99'].join(
  '\n',
);

const JP_LISTINGS = [
  '出品者SKU\t商品名\t価格\t数量',
  'JP-001\tステンレス製ウォーターボトル 750ml\t1980\t12',
  'JP-002\t竹のまな板（大）\t2480\t5',
].join('\r\n');

describe('detectEncoding', () => {
  it('reads a UTF-8 file with a byte-order mark as UTF-8 without the mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encode(US_TITLES, 'utf-8')]);
    expect(detectEncoding(bytes, decode)).toEqual({
      kind: 'decided',
      encoding: 'utf-8',
      text: US_TITLES,
      reason: 'bom',
    });
  });

  it('reads valid UTF-8 without a mark as UTF-8', () => {
    const result = detectEncoding(encode(JP_LISTINGS, 'utf-8'), decode);
    expect(result).toMatchObject({ kind: 'decided', encoding: 'utf-8', reason: 'valid-utf-8' });
  });

  it('reads UTF-16 with and without a byte-order mark', () => {
    const withMark = new Uint8Array([0xff, 0xfe, ...encode(US_TITLES, 'utf-16le')]);
    expect(detectEncoding(withMark, decode)).toMatchObject({ encoding: 'utf-16le', text: US_TITLES });
    const withoutMark = encode(US_TITLES, 'utf-16le');
    expect(detectEncoding(withoutMark, decode)).toMatchObject({ encoding: 'utf-16le', text: US_TITLES });
  });

  it('reads a US Windows-1252 report with Ø, –, ½, ’ and ® as Windows-1252', () => {
    const result = detectEncoding(encode(US_TITLES, 'windows-1252'), decode);
    expect(result).toEqual({
      kind: 'decided',
      encoding: 'windows-1252',
      text: US_TITLES,
      reason: 'detected',
    });
  });

  it('reads a German Windows-1252 report with umlauts as Windows-1252', () => {
    expect(detectEncoding(encode(DE_TITLES, 'windows-1252'), decode)).toMatchObject({
      kind: 'decided',
      encoding: 'windows-1252',
      text: DE_TITLES,
    });
  });

  it('reads a Japanese Shift_JIS report as Shift_JIS', () => {
    expect(detectEncoding(encode(JP_LISTINGS, 'shift_jis'), decode)).toMatchObject({
      kind: 'decided',
      encoding: 'shift_jis',
      text: JP_LISTINGS,
    });
  });

  it('asks, with both readings, when the bytes read as plausible text either way', () => {
    // '本田' in Shift_JIS is the bytes of '–{“c' in Windows-1252.
    const text = 'sku\ttitle\r\nH-1\t本田 Honda\r\n';
    const result = detectEncoding(encode(text, 'shift_jis'), decode);
    expect(result.kind).toBe('ask');
    if (result.kind !== 'ask') return;
    expect(result.readings.map((reading) => reading.encoding)).toEqual(['windows-1252', 'shift_jis']);
    expect(result.readings[0].text).toContain('–{“c Honda');
    expect(result.readings[1].text).toContain('本田 Honda');
  });

  it('takes Shift_JIS for a close call when the file is expected to be Japanese', () => {
    const text = 'sku\ttitle\r\nH-1\t本田 Honda\r\n';
    expect(detectEncoding(encode(text, 'shift_jis'), decode, { preferJapanese: true })).toMatchObject({
      kind: 'decided',
      encoding: 'shift_jis',
      text,
    });
  });

  it('reads plain ASCII as UTF-8', () => {
    expect(detectEncoding(encode('sku,cost\nA,1\n', 'utf-8'), decode)).toMatchObject({ encoding: 'utf-8' });
  });
});

describe('previewLines', () => {
  it('answers the first lines, shortened', () => {
    expect(previewLines(`a\r\nb\nc\n${'x'.repeat(300)}\ne`, 4, 10)).toEqual([
      'a',
      'b',
      'c',
      `${'x'.repeat(10)}…`,
    ]);
  });
});
