import { describe, expect, it } from 'vitest';
import { CSV_BOM } from '../csv';
import { groupBuyList } from './buy-list';
import { buyListSheet, purchaseOrderSheet, type Sheet, sheetToCsv } from './exports';
import type { BuyListLine, PurchaseOrder } from './schemas';

const csvLines = (csv: string) => {
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  return csv.slice(1).split('\r\n');
};

const order: PurchaseOrder = {
  id: 'id',
  number: 3,
  supplier: 'Acme, Inc.',
  supplierName: 'Acme, Inc.',
  status: 'ordered',
  createdAt: '2025-06-01T10:00:00.000Z',
  orderedAt: '2025-06-02T10:00:00.000Z',
  receivedAt: null,
  lineCount: 2,
  units: 27,
  total: 240.3,
  unpricedLines: 0,
  lines: [
    { msku: '00123', asin: 'B000000001', title: '=SUM(A1)', quantity: 3, unitCost: 0.1, lineTotal: 0.3 },
    { msku: '-DASH', asin: 'B000000002', title: 'Widget "XL"', quantity: 24, unitCost: 10, lineTotal: 240 },
  ],
};

describe('purchaseOrderSheet as CSV', () => {
  it('writes number, supplier, dates and status, the lines and the total, every row 6 fields wide', () => {
    expect(csvLines(sheetToCsv(purchaseOrderSheet(order)))).toEqual([
      'Purchase order,PO #3,,,,',
      'Supplier,"Acme, Inc.",,,,',
      'Date,2025-06-01,,,,',
      'Ordered,2025-06-02,,,,',
      'Status,Ordered,,,,',
      ',,,,,',
      'MSKU,ASIN,Title,Quantity,Unit Cost,Line Total',
      "00123,B000000001,'=SUM(A1),3,0.10,0.30",
      `'-DASH,B000000002,"Widget ""XL""",24,10.00,240.00`,
      'Total,,,27,,240.30',
      '',
    ]);
  });

  it('leaves an unknown unit cost blank', () => {
    const unpriced = { ...order, lines: [{ ...order.lines[0]!, unitCost: null, lineTotal: null }] };
    expect(csvLines(sheetToCsv(purchaseOrderSheet(unpriced)))[7]).toBe("00123,B000000001,'=SUM(A1),3,,");
  });

  it('keeps MSKUs and ASINs as text cells for the spreadsheet', () => {
    const sheet = purchaseOrderSheet(order);
    const first = sheet.rows.find((r) => r.cells[0]?.value === '00123')!;
    expect(first.cells.slice(0, 2)).toEqual([
      { type: 'text', value: '00123' },
      { type: 'text', value: 'B000000001' },
    ]);
    expect(first.cells[3]).toEqual({ type: 'number', value: 3 });
  });
});

const line = (overrides: Partial<BuyListLine>): BuyListLine => ({
  msku: 'A',
  asin: 'B0A',
  title: 'A',
  thumbnail: null,
  supplier: 'Acme',
  cost: 2,
  casePack: null,
  moq: null,
  recommendedQuantity: 5,
  orderQuantity: 5,
  isCustomQuantity: false,
  lineTotal: 10,
  ...overrides,
});

describe('buyListSheet as CSV', () => {
  it('writes every line with its supplier, a total per supplier and the grand total', () => {
    const buyList = groupBuyList([
      line({ msku: 'A-1', title: 'Anchor' }),
      line({ msku: 'N-1', title: 'Nail', supplier: null, cost: null, lineTotal: null, orderQuantity: 7 }),
    ]);
    expect(csvLines(sheetToCsv(buyListSheet(buyList, '2025-06-01')))).toEqual([
      'Buy list,2025-06-01,,,,,,',
      ',,,,,,,',
      'Supplier,MSKU,ASIN,Title,Unit Cost,Recommended,Order Quantity,Line Total',
      'Acme,A-1,B0A,Anchor,2.00,5,5,10.00',
      'Acme total,,,,,,5,10.00',
      'No supplier,N-1,B0A,Nail,,5,7,',
      'No supplier total,,,,,,7,0.00',
      'Total,,,,,,12,10.00',
      '',
    ]);
  });

  it('writes just the header and a zero total for an empty list', () => {
    const lines = csvLines(sheetToCsv(buyListSheet(groupBuyList([]), '2025-06-01')));
    expect(lines.slice(2)).toEqual([
      'Supplier,MSKU,ASIN,Title,Unit Cost,Recommended,Order Quantity,Line Total',
      'Total,,,,,,0,0.00',
      '',
    ]);
  });
});

describe('sheetToCsv', () => {
  it('pads short rows to the widest row', () => {
    const sheet: Sheet = {
      name: 's',
      widths: [],
      rows: [
        { cells: [{ type: 'text', value: 'a' }] },
        { cells: [] },
        {
          cells: [
            { type: 'number', value: 1 },
            { type: 'money', value: 2.5 },
          ],
        },
      ],
    };
    expect(csvLines(sheetToCsv(sheet))).toEqual(['a,', ',', '1,2.50', '']);
  });
});

describe('a sheet of 200,000 rows', () => {
  it('is written as CSV without overflowing the stack', () => {
    const sheet: Sheet = {
      name: 'big',
      widths: [],
      rows: Array.from({ length: 200_000 }, (_, i) => ({ cells: [{ type: 'money' as const, value: -i }] })),
    };
    const lines = csvLines(sheetToCsv(sheet));
    expect(lines.length).toBe(200_001);
    expect(lines[5]).toBe('-5.00');
  });
});
