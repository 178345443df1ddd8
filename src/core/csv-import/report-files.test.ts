import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './delimiter';
import { type Decode, detectEncoding } from './encoding';
import { type CsvRow, importRows, type Mapping } from './mapping';
import { recognizeReport, type SheetRows, shapeReportRows } from './reports';
import { detectDecimalSeparator } from './values';

// The browser suite's report fixtures (tests/e2e/fixtures/reports, written by make-fixtures.ts in
// the encodings sellers download) through the whole reading path: bytes, encoding, delimiter,
// report, rows. The browser tests then import them end to end.

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/e2e/fixtures/reports');

// Node's TextDecoder reads windows-1252 as ISO-8859-1; iconv-lite decodes as browsers do, with
// Windows-1252's five undefined bytes as the C1 controls the WHATWG decoder gives them.
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
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

function read(name: string) {
  const decision = detectEncoding(new Uint8Array(fs.readFileSync(path.join(FIXTURES, name))), decode);
  if (decision.kind !== 'decided') throw new Error(`${name}: encoding not decided`);
  const delimiter = detectDelimiter(decision.text);
  if (!delimiter) throw new Error(`${name}: one column`);
  const parsed = Papa.parse<CsvRow>(decision.text, { header: true, skipEmptyLines: true, delimiter });
  const sheet: SheetRows = {
    headers: parsed.meta.fields ?? [],
    rows: parsed.data,
    lines: parsed.data.map((_, index) => index + 2),
  };
  return { encoding: decision.encoding, delimiter, sheet };
}

function imported(name: string, options: { skipFiltered?: boolean } = {}) {
  const file = read(name);
  const report = recognizeReport(file.sheet.headers, file.sheet.rows);
  if (!report) throw new Error(`${name}: not recognised`);
  const shaped = shapeReportRows(file.sheet, report, options);
  const decimal =
    detectDecimalSeparator(shaped.rows.flatMap((row) => Object.values(row))) ??
    (report.language === 'de' || report.language === 'fr' ? ',' : '.');
  const rows = importRows(shaped.rows, report.mapping as Mapping, { decimal }).rows;
  return { ...file, report, rows: new Map(rows.map((row) => [row.msku, row])) };
}

describe('real report files', () => {
  it('reads a Windows-1252 Restock Inventory report with its symbols intact', () => {
    const file = imported('restock-inventory-1252.txt');
    expect(file).toMatchObject({ encoding: 'windows-1252', delimiter: '\t' });
    expect(file.report.profile.name).toBe('Restock Inventory report');
    expect(file.rows.get('WB-750')).toEqual({
      msku: 'WB-750',
      asin: 'B07WATER01',
      title: 'Steel Bottle Ø 7 cm – ½ litre',
      supplier: null,
      your_price: 24.99,
      sales_last_30_days: 60,
      fba_quantity: 100,
      inbound_quantity: 40,
      marketplace: 'US',
      currency: 'USD',
    });
    expect(file.rows.get('KN-8')).toMatchObject({ title: 'Chef’s Knife® Pro', supplier: 'Acme Wholesale' });
  });

  it('reads a UTF-8 FBA Inventory report of the UK store with a byte-order mark', () => {
    const file = imported('fba-inventory-uk-bom.txt');
    expect(file.encoding).toBe('utf-8');
    expect(file.report.profile.name).toBe('FBA Inventory report');
    expect(file.rows.get('TEA-01')).toEqual({
      msku: 'TEA-01',
      asin: 'B0TEA00001',
      title: 'Earl Grey Tea – 100 bags',
      your_price: 4.99,
      buy_box_price: 4.79,
      competitive_price: 4.5,
      sales_last_30_days: 90,
      fba_quantity: 128,
      inbound_quantity: 50,
      marketplace: 'GB',
      currency: 'GBP',
    });
    expect(file.rows.get('MUG-02')).toMatchObject({
      fba_quantity: 0,
      inbound_quantity: 24,
      sales_last_30_days: 15,
    });
  });

  it('reads the Manage FBA Inventory report, seller-fulfilled stock as Local Inventory', () => {
    const file = imported('manage-fba-inventory-1252.txt');
    expect(file.rows.get('CUP-500')).toMatchObject({
      title: 'Café Cup 500 ml',
      fba_quantity: 12,
      inbound_quantity: 5,
      local_inventory_quantity: null,
    });
    expect(file.rows.get('PLATE-M')).toMatchObject({
      fba_quantity: 0,
      inbound_quantity: 0,
      local_inventory_quantity: 7,
    });
  });

  it('sums the sellable rows of the Amazon-Fulfilled Inventory report per SKU', () => {
    const file = imported('amazon-fulfilled-inventory.txt');
    expect([...file.rows.values()]).toEqual([
      { msku: 'BOX-1', asin: 'B0BOX00001', fba_quantity: 12 },
      { msku: 'BAG-2', asin: 'B0BAG00002', fba_quantity: 0 },
    ]);
  });

  it('reads the Inventory report, its quantity as Local Inventory', () => {
    const file = imported('inventory-report.txt');
    expect(file.report.profile.name).toBe('Inventory report');
    expect(file.rows.get('LAMP-1')).toEqual({
      msku: 'LAMP-1',
      asin: 'B0LAMP0001',
      your_price: 19.99,
      local_inventory_quantity: 5,
    });
    expect(file.rows.get('LAMP-2')).toMatchObject({ your_price: 24, local_inventory_quantity: null });
  });

  it('names the Active Listings report as such, stock only for seller-fulfilled listings', () => {
    const file = imported('active-listings-bom.txt');
    expect(file.report.profile.name).toBe('Active Listings report');
    expect(file.rows.get('CANDLE-1')).toMatchObject({ your_price: 12, local_inventory_quantity: 7 });
    expect(file.rows.get('CANDLE-2')).toMatchObject({ your_price: 14.5, local_inventory_quantity: null });
  });

  it('reads the All Listings report and can leave out its inactive listings', () => {
    expect([...imported('all-listings-1252.txt').rows.keys()]).toEqual(['SOAP-1', 'SOAP-2']);
    const active = imported('all-listings-1252.txt', { skipFiltered: true });
    expect([...active.rows.keys()]).toEqual(['SOAP-1']);
    expect(active.rows.get('SOAP-1')?.title).toBe('Savon de Marseille – 200 g');
  });

  it('reads a German listings report: its headers, umlauts and decimal commas', () => {
    const file = imported('de-all-listings-1252.txt');
    expect(file.report.language).toBe('de');
    expect(file.rows.get('GUERTEL-1')).toMatchObject({
      title: 'Größenverstellbarer Gürtel',
      your_price: 12.99,
      local_inventory_quantity: 3,
    });
    expect(file.rows.get('BOERSE-2')).toMatchObject({ your_price: 1249 });
  });

  it('reads a Japanese listings report in Shift_JIS', () => {
    const file = imported('jp-all-listings-sjis.txt');
    expect(file.encoding).toBe('shift_jis');
    expect(file.report.language).toBe('ja');
    expect(file.rows.get('JP-BOTTLE-1')).toMatchObject({
      title: 'ステンレス製ウォーターボトル 750ml',
      your_price: 1980,
      local_inventory_quantity: 12,
    });
  });

  it("reads a German Excel sheet's semicolons and decimal commas", () => {
    const file = read('excel-semicolon-1252.csv');
    expect(file).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    expect(file.sheet.headers).toEqual(['SKU', 'Bezeichnung', 'Einkaufspreis', 'Lagerbestand', 'Lieferant']);
    expect(recognizeReport(file.sheet.headers)).toBeNull();
  });

  it('cannot decide the encoding of a short Shift_JIS file that also reads as Windows-1252', () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'undecidable-sjis.txt')));
    expect(detectEncoding(bytes, decode).kind).toBe('ask');
  });
});
