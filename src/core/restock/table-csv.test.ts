import { describe, expect, it } from 'vitest';
import { CSV_BOM } from '../csv';
import { restockTableCsv } from './table-csv';

const rows = [
  {
    msku: '00042',
    asin: 'B00000042',
    title: '+Plus, "quoted"',
    cost: 12.5,
    roi: -0.25,
    replen: true,
    supplier: null,
  },
];

const lines = (csv: string) => {
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  return csv.slice(1).split('\r\n');
};

describe('restockTableCsv', () => {
  it('writes a percent column as the grid shows it (62.48 for 62.48%), blank when missing', () => {
    const columns = [{ key: 'roi', name: 'ROI', format: 'percent' as const }];
    const percentRows = [{ roi: 0.6248 }, { roi: 0.1 }, { roi: null }, { roi: Number.NaN }];
    expect(lines(restockTableCsv(columns, percentRows))).toEqual(['ROI (%)', '62.48', '10', '', '', '']);
  });

  it('writes the visible columns in their order with raw values', () => {
    const columns = [
      { key: 'cost', name: 'Your Cost' },
      { key: 'roi', name: 'ROI', format: 'percent' as const },
      { key: 'replen', name: 'Replen' },
      { key: 'supplier', name: 'Supplier' },
    ];
    expect(lines(restockTableCsv(columns, rows))).toEqual([
      'Your Cost,ROI (%),Replen,Supplier',
      '12.5,-25,true,',
      '',
    ]);
  });

  it('splits the Product column into its title, MSKU and ASIN, keeping codes as text', () => {
    const columns = [
      { key: 'product', name: 'Product' },
      { key: 'cost', name: 'Your Cost' },
    ];
    expect(lines(restockTableCsv(columns, rows))).toEqual([
      'Product,MSKU,ASIN,Your Cost',
      `"'+Plus, ""quoted""",00042,B00000042,12.5`,
      '',
    ]);
  });

  it('leaves MSKU and ASIN where they are when they are visible columns of their own', () => {
    const columns = [
      { key: 'asin', name: 'ASIN' },
      { key: 'product', name: 'Product' },
      { key: 'msku', name: 'MSKU' },
    ];
    expect(lines(restockTableCsv(columns, rows))[0]).toBe('ASIN,Product,MSKU');
  });

  it('writes only the header when no row passes the filters', () => {
    expect(lines(restockTableCsv([{ key: 'cost', name: 'Your Cost' }], []))).toEqual(['Your Cost', '']);
  });
});
