import { describe, expect, it } from 'vitest';
import { emptyMapping, type Mapping, mappedRows, unmappedColumns } from './mapping';
import { addComputedColumns, detectDelimiter, normalizeHeader, recognizeReport } from './reports';

const RESTOCK_HEADERS = [
  'Country',
  'Product Name',
  'FNSKU',
  'Merchant SKU',
  'ASIN',
  'Condition',
  'Supplier',
  'Supplier part no.',
  'Currency code',
  'Price',
  'Sales last 30 days',
  'Units Sold Last 30 Days',
  'Total Units',
  'Inbound',
  'Available',
  'Days of Supply at Amazon Fulfillment Network',
  'Recommended replenishment qty',
];

const MANAGE_INVENTORY_HEADERS = [
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'your-price',
  'mfn-listing-exists',
  'mfn-fulfillable-quantity',
  'afn-listing-exists',
  'afn-warehouse-quantity',
  'afn-fulfillable-quantity',
  'afn-unsellable-quantity',
  'afn-reserved-quantity',
  'afn-total-quantity',
  'afn-inbound-working-quantity',
  'afn-inbound-shipped-quantity',
  'afn-inbound-receiving-quantity',
];

const ALL_LISTINGS_HEADERS = [
  'item-name',
  'item-description',
  'listing-id',
  'seller-sku',
  'price',
  'quantity',
  'open-date',
  'image-url',
  'asin1',
  'fulfillment-channel',
  'status',
];

const onlyMapped = (mapping: Mapping) =>
  Object.fromEntries(Object.entries(mapping).filter(([, column]) => column !== null));

describe('normalizeHeader', () => {
  it.each([
    ['Merchant SKU', 'merchantsku'],
    ['merchant-sku', 'merchantsku'],
    ['MERCHANT_SKU', 'merchantsku'],
    [' Units Sold  Last 30 Days ', 'unitssoldlast30days'],
    ['\uFEFFsku', 'sku'],
    ['Supplier part no.', 'supplierpartno.'],
  ])('normalises %j to %j', (header, expected) => {
    expect(normalizeHeader(header)).toBe(expected);
  });
});

describe('recognising marketplace reports', () => {
  it('recognises the Restock Inventory report and maps its columns', () => {
    const report = recognizeReport(RESTOCK_HEADERS);
    expect(report?.profile).toEqual({ id: 'restock-inventory', name: 'Restock Inventory report' });
    expect(onlyMapped(report?.mapping ?? emptyMapping())).toEqual({
      msku: 'Merchant SKU',
      asin: 'ASIN',
      title: 'Product Name',
      your_price: 'Price',
      sales_last_30_days: 'Units Sold Last 30 Days',
      fba_quantity: 'Available',
      inbound_quantity: 'Inbound',
      supplier: 'Supplier',
    });
    expect(report?.computedColumns).toEqual([]);
  });

  it('recognises the FBA Manage Inventory report, summing quantities in computed columns', () => {
    const report = recognizeReport(MANAGE_INVENTORY_HEADERS);
    expect(report?.profile.id).toBe('fba-manage-inventory');
    expect(onlyMapped(report?.mapping ?? emptyMapping())).toEqual({
      msku: 'sku',
      asin: 'asin',
      title: 'product-name',
      your_price: 'your-price',
      fba_quantity: 'FBA Quantity (fulfillable + reserved)',
      inbound_quantity: 'Inbound Quantity (working + shipped + receiving)',
    });
    expect(report?.computedColumns.map((column) => column.name)).toEqual([
      'FBA Quantity (fulfillable + reserved)',
      'Inbound Quantity (working + shipped + receiving)',
    ]);
  });

  it('recognises the All Listings report', () => {
    const report = recognizeReport(ALL_LISTINGS_HEADERS);
    expect(report?.profile.id).toBe('all-listings');
    expect(onlyMapped(report?.mapping ?? emptyMapping())).toEqual({
      msku: 'seller-sku',
      asin: 'asin1',
      title: 'item-name',
      your_price: 'price',
      main_thumbnail: 'image-url',
    });
  });

  it('matches by name, not position, and keeps the file spelling', () => {
    const shuffled = ['available', 'merchant_sku', 'INBOUND', 'product-name', 'asin'];
    expect(onlyMapped(recognizeReport(shuffled)?.mapping ?? emptyMapping())).toEqual({
      msku: 'merchant_sku',
      asin: 'asin',
      title: 'product-name',
      fba_quantity: 'available',
      inbound_quantity: 'INBOUND',
    });
  });

  it('maps only the columns the file has', () => {
    const report = recognizeReport(['Merchant SKU', 'ASIN', 'Available']);
    expect(onlyMapped(report?.mapping ?? emptyMapping())).toEqual({
      msku: 'Merchant SKU',
      asin: 'ASIN',
      fba_quantity: 'Available',
    });
  });

  it('leaves out a computed column whose sources are all missing', () => {
    const report = recognizeReport(['sku', 'asin', 'product-name', 'afn-fulfillable-quantity']);
    expect(report?.computedColumns.map((column) => column.name)).toEqual([
      'FBA Quantity (fulfillable + reserved)',
    ]);
    expect(report?.mapping.inbound_quantity).toBeNull();
  });

  it.each([
    ['a file of the seller’s own', ['SKU', 'Cost', 'Supplier']],
    ['the sku column with only one other', ['Merchant SKU', 'ASIN']],
    ['known columns without the sku column', ['ASIN', 'Product Name', 'Price', 'Available', 'Inbound']],
    ['no headers', []],
  ])('recognises nothing in %s', (_label, headers) => {
    expect(recognizeReport(headers)).toBeNull();
  });

  it('picks the profile with the most of its headers present', () => {
    // 'price' and 'asin' belong to two profiles; the sku column decides, then the count.
    const headers = ['seller-sku', 'sku', 'asin', 'asin1', 'item-name', 'price', 'image-url'];
    expect(recognizeReport(headers)?.profile.id).toBe('all-listings');
  });
});

describe('computed columns', () => {
  const rows = [
    {
      sku: 'A',
      asin: 'B000000001',
      'product-name': 'Widget',
      'afn-fulfillable-quantity': '10',
      'afn-reserved-quantity': '2',
      'afn-inbound-working-quantity': '1',
      'afn-inbound-shipped-quantity': '1,000',
      'afn-inbound-receiving-quantity': '',
    },
    {
      sku: 'B',
      asin: '',
      'product-name': '',
      'afn-fulfillable-quantity': '',
      'afn-reserved-quantity': '',
      'afn-inbound-working-quantity': 'n/a',
      'afn-inbound-shipped-quantity': '3',
      'afn-inbound-receiving-quantity': '4',
    },
  ];
  const headers = Object.keys(rows[0] ?? {});
  const report = recognizeReport(headers);

  it('appends the sums as integer strings, blank when nothing or something unreadable is summed', () => {
    if (!report) throw new Error('not recognised');
    const result = addComputedColumns(rows, headers, report);
    expect(result.headers.slice(-2)).toEqual([
      'FBA Quantity (fulfillable + reserved)',
      'Inbound Quantity (working + shipped + receiving)',
    ]);
    expect(result.rows.map((row) => row['FBA Quantity (fulfillable + reserved)'])).toEqual(['12', '']);
    expect(result.rows.map((row) => row['Inbound Quantity (working + shipped + receiving)'])).toEqual([
      '1001',
      '',
    ]);
  });

  it('feeds the mapped rows through the recognised mapping', () => {
    if (!report) throw new Error('not recognised');
    const result = addComputedColumns(rows, headers, report);
    expect(mappedRows(result.rows, report.mapping)).toEqual([
      { msku: 'A', asin: 'B000000001', title: 'Widget', fba_quantity: 12, inbound_quantity: 1001 },
      { msku: 'B', asin: null, title: null, fba_quantity: null, inbound_quantity: null },
    ]);
    expect(unmappedColumns(result.headers, report.mapping)).toEqual(headers.slice(3));
  });

  it('leaves the given rows and headers unchanged', () => {
    if (!report) throw new Error('not recognised');
    const before = JSON.stringify({ rows, headers });
    addComputedColumns(rows, headers, report);
    expect(JSON.stringify({ rows, headers })).toBe(before);
  });

  it('adds nothing for a report without computed columns', () => {
    const result = addComputedColumns([{ a: '1' }], ['a'], { computedColumns: [] });
    expect(result).toEqual({ rows: [{ a: '1' }], headers: ['a'] });
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['sku\tasin\tproduct-name', '\t'],
    ['SKU,Cost,Supplier', ','],
    ['item-name\tprice\tnote, with comma', '\t'],
    ['a,b,c\td', ','],
    ['single', ','],
    ['', ','],
    ['a\tb\r\nc,d,e,f', '\t'],
  ])('reads %j as delimited by %j', (line, expected) => {
    expect(detectDelimiter(line)).toBe(expected);
  });
});
