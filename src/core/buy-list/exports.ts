import { type CsvValue, csvChunks } from '../csv';
import { isoDate } from '../dates';
import { purchaseOrderTitle, STATUS_LABELS } from './purchase-orders';
import type { BuyList, PurchaseOrder } from './schemas';

/**
 * One layout per export, written both as CSV (src/core/csv.ts) and as XLSX (on the
 * server). Cells carry their type so that MSKUs and ASINs stay text in a spreadsheet (an MSKU
 * '00123' keeps its zeros) while quantities and money are numbers.
 */
export type SheetCell =
  | { type: 'text'; value: string | null }
  | { type: 'number'; value: number | null }
  | { type: 'money'; value: number | null };

export type SheetRowStyle = 'title' | 'header' | 'total';
export type SheetRow = { cells: SheetCell[]; style?: SheetRowStyle };
/** `widths` are spreadsheet column widths in characters. */
export type Sheet = { name: string; widths: number[]; rows: SheetRow[] };

export const text = (value: string | null): SheetCell => ({ type: 'text', value });
export const count = (value: number | null): SheetCell => ({ type: 'number', value });
export const money = (value: number | null): SheetCell => ({ type: 'money', value });
const blank = text(null);

const row = (cells: SheetCell[], style?: SheetRowStyle): SheetRow => (style ? { cells, style } : { cells });

export const PURCHASE_ORDER_HEADER = ['MSKU', 'ASIN', 'Title', 'Quantity', 'Unit Cost', 'Line Total'];

/** A purchase order: number, supplier, dates and status, then its lines and the total. */
export function purchaseOrderSheet(order: PurchaseOrder): Sheet {
  const dates = [
    row([text('Date'), text(isoDate(order.createdAt))]),
    ...(order.orderedAt ? [row([text('Ordered'), text(isoDate(order.orderedAt))])] : []),
    ...(order.receivedAt ? [row([text('Received'), text(isoDate(order.receivedAt))])] : []),
  ];
  return {
    name: purchaseOrderTitle(order.number),
    widths: [18, 14, 40, 10, 12, 12],
    rows: [
      row([text('Purchase order'), text(purchaseOrderTitle(order.number))], 'title'),
      row([text('Supplier'), text(order.supplierName)]),
      ...dates,
      row([text('Status'), text(STATUS_LABELS[order.status])]),
      row([]),
      row(PURCHASE_ORDER_HEADER.map(text), 'header'),
      ...order.lines.map((line) =>
        row([
          text(line.msku),
          text(line.asin),
          text(line.title),
          count(line.quantity),
          money(line.unitCost),
          money(line.lineTotal),
        ]),
      ),
      row([text('Total'), blank, blank, count(order.units), blank, money(order.total)], 'total'),
    ],
  };
}

export const BUY_LIST_HEADER = [
  'Supplier',
  'MSKU',
  'ASIN',
  'Title',
  'Unit Cost',
  'Recommended',
  'Order Quantity',
  'Line Total',
];

/** The whole buy list: every line with its supplier, a total per supplier and the grand total. */
export function buyListSheet(buyList: BuyList, date: string): Sheet {
  const groupRows = buyList.groups.flatMap((group) => [
    ...group.lines.map((line) =>
      row([
        text(group.name),
        text(line.msku),
        text(line.asin),
        text(line.title),
        money(line.cost),
        count(line.recommendedQuantity),
        count(line.orderQuantity),
        money(line.lineTotal),
      ]),
    ),
    row(
      [
        text(`${group.name} total`),
        blank,
        blank,
        blank,
        blank,
        blank,
        count(group.units),
        money(group.spend),
      ],
      'total',
    ),
  ]);
  return {
    name: 'Buy list',
    widths: [24, 18, 14, 40, 12, 13, 15, 12],
    rows: [
      row([text('Buy list'), text(date)], 'title'),
      row([]),
      row(BUY_LIST_HEADER.map(text), 'header'),
      ...groupRows,
      row(
        [text('Total'), blank, blank, blank, blank, blank, count(buyList.units), money(buyList.spend)],
        'total',
      ),
    ],
  };
}

function csvValue(cell: SheetCell): CsvValue {
  if (cell.value === null) return null;
  // Money with its cents, as a spreadsheet would show it: 10 → '10.00'.
  return cell.type === 'money' ? cell.value.toFixed(2) : cell.value;
}

/** The widest row's cell count (a loop: spreading 125,000 rows into Math.max overflows the stack). */
function sheetWidth(sheet: Sheet): number {
  let width = 0;
  for (const r of sheet.rows) if (r.cells.length > width) width = r.cells.length;
  return width;
}

function* csvValueRows(sheet: Sheet): Generator<CsvValue[]> {
  const width = sheetWidth(sheet);
  for (const r of sheet.rows) {
    const values = r.cells.map(csvValue);
    while (values.length < width) values.push(null);
    yield values;
  }
}

/** RFC 4180 with a BOM; short rows are padded so that every row has the same number of fields. */
export const sheetToCsv = (sheet: Sheet): string => [...sheetToCsvChunks(sheet)].join('');

/** The same CSV in pieces, for streaming a large export. */
export const sheetToCsvChunks = (sheet: Sheet): Generator<string> => csvChunks(csvValueRows(sheet));
