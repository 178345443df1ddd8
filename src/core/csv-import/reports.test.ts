import { describe, expect, it } from 'vitest';
import { type CsvRow, emptyMapping, type Mapping, mappedRows, unmappedColumns } from './mapping';
import { normalizeHeader, recognizeReport, type SheetRows, shapeReportRows } from './reports';

// Header lists as the marketplace writes them (Seller Central help pages and the SP-API report
// documentation), in the reports' own order.
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
  'FC transfer',
  'FC Processing',
  'Customer Order',
  'Unfulfillable',
  'Working',
  'Shipped',
  'Receiving',
  'Fulfilled by',
  'Total Days of Supply (including units from open shipments)',
  'Days of Supply at Amazon Fulfillment Network',
  'Alert',
  'Recommended replenishment qty',
  'Recommended ship date',
  'Recommended action',
  'Unit storage size',
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
  'per-unit-volume',
  'afn-inbound-working-quantity',
  'afn-inbound-shipped-quantity',
  'afn-inbound-receiving-quantity',
  'afn-researching-quantity',
  'afn-reserved-future-supply',
  'afn-future-supply-buyable',
];

const FBA_INVENTORY_HEADERS = [
  'snapshot-date',
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'available',
  'pending-removal-quantity',
  'inv-age-0-to-90-days',
  'inv-age-91-to-180-days',
  'currency',
  'units-shipped-t7',
  'units-shipped-t30',
  'units-shipped-t60',
  'units-shipped-t90',
  'alert',
  'your-price',
  'sales-price',
  'lowest-price-new-plus-shipping',
  'lowest-price-used',
  'recommended-action',
  'sell-through',
  'storage-type',
  'marketplace',
  'days-of-supply',
  'featuredoffer-price',
  'inbound-quantity',
  'inbound-working',
  'inbound-shipped',
  'inbound-received',
  'Total Reserved Quantity',
  'unfulfillable-quantity',
];

const AFN_INVENTORY_HEADERS = [
  'seller-sku',
  'fulfillment-channel-sku',
  'asin',
  'condition-type',
  'Warehouse-Condition-code',
  'Quantity Available',
];

const INVENTORY_HEADERS = [
  'sku',
  'asin',
  'price',
  'quantity',
  'Business Price',
  'Quantity Price Type',
  'Quantity Lower Bound 1',
  'Quantity Price 1',
];

const LISTINGS_HEADERS = [
  'item-name',
  'item-description',
  'listing-id',
  'seller-sku',
  'price',
  'quantity',
  'open-date',
  'image-url',
  'item-is-marketplace',
  'product-id-type',
  'zshop-shipping-fee',
  'item-note',
  'item-condition',
  'zshop-category1',
  'zshop-browse-path',
  'zshop-storefront-feature',
  'asin1',
  'asin2',
  'asin3',
  'will-ship-internationally',
  'expedited-shipping',
  'zshop-boldface',
  'product-id',
  'bid-for-featured-placement',
  'add-delete',
  'pending-quantity',
  'fulfillment-channel',
];

const ACTIVE_LISTINGS_HEADERS = [
  ...LISTINGS_HEADERS,
  'Business Price',
  'Quantity Price Type',
  'merchant-shipping-group',
];
const ALL_LISTINGS_HEADERS = [...LISTINGS_HEADERS, 'merchant-shipping-group', 'status'];

const GERMAN_LISTINGS_HEADERS = [
  'Artikelbezeichnung',
  'Artikelbeschreibung',
  'Angebotsnummer',
  'Händler-SKU',
  'Preis',
  'Menge',
  'Erstellungsdatum',
  'Produkt-ID-Typ',
  'Artikelzustand',
  'ASIN 1',
  'Produkt-ID',
  'Versender',
  'Status',
];

const FRENCH_LISTINGS_HEADERS = [
  'nom-produit',
  'description-article',
  'identifiant-offre',
  'sku-vendeur',
  'prix',
  'quantité',
  'date-ouverture',
  'type-id-produit',
  'état-article',
  'asin1',
  'id-produit',
  'canal-traitement',
  'statut',
];

const JAPANESE_LISTINGS_HEADERS = [
  '商品名',
  '出品ID',
  '出品者SKU',
  '価格',
  '数量',
  '出品日',
  '商品IDタイプ',
  'コンディション説明',
  'コンディション',
  'ASIN 1',
  '商品ID',
  'フルフィルメント・チャンネル',
  'ステータス',
];

const onlyMapped = (mapping: Mapping | undefined) =>
  Object.fromEntries(Object.entries(mapping ?? emptyMapping()).filter(([, column]) => column !== null));

const sheet = (rows: Record<string, string>[]): SheetRows => ({
  headers: Object.keys(rows[0] ?? {}),
  rows,
  lines: rows.map((_, index) => index + 2),
});

describe('normalizeHeader', () => {
  it.each([
    ['Merchant SKU', 'merchantsku'],
    ['merchant-sku', 'merchantsku'],
    ['MERCHANT_SKU', 'merchantsku'],
    [' Units Sold  Last 30 Days ', 'unitssoldlast30days'],
    ['\uFEFFsku', 'sku'],
    ['Supplier part no.', 'supplierpartno.'],
    ['quantité', 'quantite'],
    ['Händler-SKU', 'handlersku'],
    ['ＳＫＵ', 'sku'],
  ])('normalises %j to %j', (header, expected) => {
    expect(normalizeHeader(header)).toBe(expected);
  });
});

describe('recognising marketplace reports', () => {
  it('recognises the Restock Inventory report and maps its columns', () => {
    const report = recognizeReport(RESTOCK_HEADERS, [{ Country: 'US', 'Currency code': 'USD' }]);
    expect(report?.profile).toEqual({
      id: 'restock-inventory',
      name: 'Restock Inventory report',
      kind: 'products',
    });
    expect(onlyMapped(report?.mapping)).toEqual({
      msku: 'Merchant SKU',
      asin: 'ASIN',
      title: 'Product Name',
      your_price: 'Price',
      sales_last_30_days: 'Units Sold Last 30 Days',
      fba_quantity: 'Available',
      inbound_quantity: 'Inbound',
      supplier: 'Supplier',
      marketplace: 'Country',
      currency: 'Currency code',
    });
    expect(report).toMatchObject({ computedColumns: [], missing: [], country: 'US', currency: 'USD' });
  });

  it('recognises the Manage FBA Inventory report, summing stock and mapping seller-fulfilled stock', () => {
    const report = recognizeReport(MANAGE_INVENTORY_HEADERS);
    expect(report?.profile.name).toBe('Manage FBA Inventory report');
    expect(onlyMapped(report?.mapping)).toEqual({
      msku: 'sku',
      asin: 'asin',
      title: 'product-name',
      your_price: 'your-price',
      fba_quantity: 'FBA Quantity (fulfillable + reserved)',
      inbound_quantity: 'Inbound Quantity (working + shipped + receiving)',
      local_inventory_quantity: 'mfn-fulfillable-quantity',
    });
  });

  it('tells the FBA Inventory report from Manage FBA Inventory and maps its stock and sales', () => {
    const report = recognizeReport(FBA_INVENTORY_HEADERS, [{ currency: 'GBP', marketplace: 'UK' }]);
    expect(report?.profile.name).toBe('FBA Inventory report');
    expect(onlyMapped(report?.mapping)).toEqual({
      msku: 'sku',
      asin: 'asin',
      title: 'product-name',
      your_price: 'your-price',
      buy_box_price: 'featuredoffer-price',
      competitive_price: 'lowest-price-new-plus-shipping',
      sales_last_30_days: 'units-shipped-t30',
      fba_quantity: 'FBA Quantity (available + reserved)',
      inbound_quantity: 'inbound-quantity',
      marketplace: 'marketplace',
      currency: 'currency',
    });
    expect(report).toMatchObject({ missing: [], currency: 'GBP', country: 'UK' });
  });

  it('recognises the Amazon-Fulfilled Inventory report, one row per SKU and condition', () => {
    const report = recognizeReport(AFN_INVENTORY_HEADERS);
    expect(report?.profile.name).toBe('Amazon-Fulfilled Inventory report');
    expect(onlyMapped(report?.mapping)).toEqual({
      msku: 'seller-sku',
      asin: 'asin',
      fba_quantity: 'Quantity Available',
    });
    expect(report?.perSku).toEqual({
      skuColumn: 'seller-sku',
      column: 'Quantity Available',
      whenColumn: 'Warehouse-Condition-code',
      values: ['SELLABLE'],
    });
  });

  it('recognises the Inventory report and maps its quantity to Local Inventory', () => {
    const report = recognizeReport(INVENTORY_HEADERS);
    expect(report?.profile.name).toBe('Inventory report');
    expect(onlyMapped(report?.mapping)).toEqual({
      msku: 'sku',
      asin: 'asin',
      your_price: 'price',
      local_inventory_quantity: 'quantity',
    });
  });

  it('tells the Active Listings report from the All Listings report by the status column', () => {
    expect(recognizeReport(ACTIVE_LISTINGS_HEADERS)?.profile.name).toBe('Active Listings report');
    const all = recognizeReport(ALL_LISTINGS_HEADERS);
    expect(all?.profile.name).toBe('All Listings report');
    expect(all?.rowFilter).toMatchObject({ column: 'status', label: 'Skip inactive listings' });
    expect(onlyMapped(all?.mapping)).toEqual({
      msku: 'seller-sku',
      asin: 'asin1',
      title: 'item-name',
      your_price: 'price',
      main_thumbnail: 'image-url',
      local_inventory_quantity: 'Local Inventory (seller-fulfilled quantity)',
    });
  });

  it.each([
    ['German', GERMAN_LISTINGS_HEADERS, 'de', 'Händler-SKU', 'Preis', 'ASIN 1'],
    ['French', FRENCH_LISTINGS_HEADERS, 'fr', 'sku-vendeur', 'prix', 'asin1'],
    ['Japanese', JAPANESE_LISTINGS_HEADERS, 'ja', '出品者SKU', '価格', 'ASIN 1'],
  ])(
    'recognises a %s All Listings report by its localised headers',
    (_name, headers, language, sku, price, asin) => {
      const report = recognizeReport(headers);
      expect(report?.profile.name).toBe('All Listings report');
      expect(report?.language).toBe(language);
      expect(report?.mapping).toMatchObject({ msku: sku, your_price: price, asin });
      expect(report?.computedColumns[0]?.sumOf).toHaveLength(1);
    },
  );

  it('still recognises a report whose columns changed, and names the missing ones', () => {
    const changed = FBA_INVENTORY_HEADERS.filter(
      (header) => header !== 'inbound-quantity' && header !== 'Total Reserved Quantity',
    );
    const report = recognizeReport(changed);
    expect(report?.profile.name).toBe('FBA Inventory report');
    expect(report?.missing).toEqual(['Total Reserved Quantity', 'inbound-quantity']);
    expect(report?.mapping.inbound_quantity).toBeNull();
    expect(report?.computedColumns).toEqual([
      { name: 'FBA Quantity (available + reserved)', sumOf: ['available'] },
    ]);
  });

  it('matches by name, not position, and keeps the file spelling', () => {
    const shuffled = ['available', 'merchant_sku', 'INBOUND', 'product-name', 'asin'];
    expect(onlyMapped(recognizeReport(shuffled)?.mapping)).toEqual({
      msku: 'merchant_sku',
      asin: 'asin',
      title: 'product-name',
      fba_quantity: 'available',
      inbound_quantity: 'INBOUND',
    });
  });

  it.each([
    ['a file of the seller’s own', ['SKU', 'Cost', 'Supplier']],
    ['the sku column with only one other', ['Merchant SKU', 'ASIN']],
    ['known columns without the sku column', ['ASIN', 'Product Name', 'Price', 'Available', 'Inbound']],
    ['no headers', []],
  ])('recognises nothing in %s', (_label, headers) => {
    expect(recognizeReport(headers)).toBeNull();
  });
});

describe('shaping report rows', () => {
  it('sums the sellable rows of each SKU in the Amazon-Fulfilled Inventory report', () => {
    const rows = [
      ['A-1', 'X1', 'B01', 'NewItem', 'SELLABLE', '10'],
      ['A-1', 'X1', 'B01', 'NewItem', 'UNSELLABLE', '3'],
      ['B-2', 'X2', 'B02', 'NewItem', 'UNSELLABLE', '4'],
      ['A-1', 'X9', 'B01', 'UsedLikeNew', 'SELLABLE', '2'],
      ['C-3', 'X3', 'B03', 'NewItem', 'SELLABLE', '0'],
    ].map((cells) =>
      Object.fromEntries(AFN_INVENTORY_HEADERS.map((header, index) => [header, cells[index]!])),
    );
    const report = recognizeReport(AFN_INVENTORY_HEADERS)!;
    const shaped = shapeReportRows(sheet(rows), report);
    expect(mappedRows(shaped.rows, report.mapping)).toEqual([
      { msku: 'A-1', asin: 'B01', fba_quantity: 12 },
      { msku: 'B-2', asin: 'B02', fba_quantity: 0 },
      { msku: 'C-3', asin: 'B03', fba_quantity: 0 },
    ]);
    // Each SKU keeps the row number of its first row.
    expect(shaped.lines).toEqual([2, 4, 6]);
  });

  it('leaves out inactive listings only when asked', () => {
    const rows = [
      { 'seller-sku': 'A', price: '5', status: 'Active', 'item-name': 'x', 'listing-id': '1', asin1: 'B1' },
      { 'seller-sku': 'B', price: '6', status: 'Inactive', 'item-name': 'y', 'listing-id': '2', asin1: 'B2' },
      {
        'seller-sku': 'C',
        price: '7',
        status: 'Incomplete',
        'item-name': 'z',
        'listing-id': '3',
        asin1: 'B3',
      },
    ];
    const report = recognizeReport([...Object.keys(rows[0]!), 'open-date'])!;
    expect(shapeReportRows(sheet(rows), report).rows).toHaveLength(3);
    const active = shapeReportRows(sheet(rows), report, { skipFiltered: true });
    expect(active.rows.map((row) => row['seller-sku'])).toEqual(['A']);
    expect(active.lines).toEqual([2]);
  });

  it('maps listing quantity to Local Inventory only for seller-fulfilled listings', () => {
    const rows = [
      { 'seller-sku': 'MFN-1', quantity: '7', 'fulfillment-channel': 'DEFAULT' },
      { 'seller-sku': 'FBA-1', quantity: '0', 'fulfillment-channel': 'AMAZON_NA' },
    ].map((row) => ({ ...row, 'item-name': 'x', price: '1', asin1: 'B1', status: 'Active' }));
    const report = recognizeReport(Object.keys(rows[0]!))!;
    const shaped = shapeReportRows(sheet(rows), report);
    expect(mappedRows(shaped.rows, report.mapping).map((row) => row.local_inventory_quantity)).toEqual([
      7,
      null,
    ]);
  });

  const manageRows: Record<string, string>[] = [
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
      'afn-inbound-working-quantity': 'lots',
      'afn-inbound-shipped-quantity': '3',
      'afn-inbound-receiving-quantity': '4',
    },
  ];

  it('appends the sums as integer strings, blank when nothing or something unreadable is summed', () => {
    const report = recognizeReport(Object.keys(manageRows[0]!))!;
    const shaped = shapeReportRows(sheet(manageRows), report);
    expect(shaped.headers.slice(-2)).toEqual([
      'FBA Quantity (fulfillable + reserved)',
      'Inbound Quantity (working + shipped + receiving)',
    ]);
    expect(mappedRows(shaped.rows, report.mapping)).toEqual([
      { msku: 'A', asin: 'B000000001', title: 'Widget', fba_quantity: 12, inbound_quantity: 1001 },
      { msku: 'B', asin: null, title: null, fba_quantity: null, inbound_quantity: null },
    ]);
    expect(unmappedColumns(shaped.headers, report.mapping)).toEqual(Object.keys(manageRows[0]!).slice(3));
  });

  it('leaves the given rows and headers unchanged', () => {
    const report = recognizeReport(Object.keys(manageRows[0]!))!;
    const given = sheet(manageRows);
    const before = JSON.stringify(given);
    shapeReportRows(given, report, { skipFiltered: true });
    expect(JSON.stringify(given)).toBe(before);
  });

  it('adds nothing for a report without computed columns', () => {
    const given = sheet([{ a: '1' }] as CsvRow[] as Record<string, string>[]);
    expect(shapeReportRows(given, { computedColumns: [], perSku: null, rowFilter: null })).toEqual(given);
  });
});
