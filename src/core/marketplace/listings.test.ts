import { describe, expect, it } from 'vitest';
import { inventoryRows } from './inventory';
import { listingRows } from './listings';

describe('the All Listings report', () => {
  it('reads columns by name, keeps a blank price as unknown and leaves out SKUs that cannot be MSKUs', () => {
    const report = [
      'seller-sku\tprice\tasin1\titem-name\tquantity',
      'Cafe\u0301-1\t12.50\tB000000001\tA mug\t3',
      'NO-PRICE\t\tB000000002\tA cup\t0',
      'ZERO\u200BWIDTH\t1.00\tB000000003\tHidden\t1',
      '\t1.00\tB000000004\tNo SKU\t1',
    ].join('\r\n');
    expect(listingRows(report)).toEqual({
      ok: true,
      rows: [
        { msku: 'Café-1', asin: 'B000000001', title: 'A mug', price: 12.5 },
        { msku: 'NO-PRICE', asin: 'B000000002', title: 'A cup', price: null },
      ],
      skipped: 2,
    });
  });

  it('names the columns a report lacks', () => {
    expect(listingRows('sku\tprice\n1\t2')).toEqual({
      ok: false,
      message:
        'The listings report Amazon sent lacks the columns seller-sku, item-name, asin1; nothing was written',
    });
  });
});

describe('inventory summaries', () => {
  it('counts reserved units as FBA stock, adds the three inbound quantities and refuses counts that are not whole numbers', () => {
    expect(
      inventoryRows([
        {
          sellerSku: ' SKU-1 ',
          asin: 'B000000001',
          inventoryDetails: {
            fulfillableQuantity: 10,
            inboundWorkingQuantity: 1,
            inboundShippedQuantity: 2,
            inboundReceivingQuantity: 3,
            reservedQuantity: { totalReservedQuantity: 4 },
          },
        },
        { sellerSku: 'SKU-2', inventoryDetails: { fulfillableQuantity: -5, inboundShippedQuantity: 1.5 } },
        { asin: 'B000000003' },
      ]),
    ).toEqual([
      { msku: 'SKU-1', asin: 'B000000001', fbaQuantity: 14, inboundQuantity: 6, reservedQuantity: 4 },
      { msku: 'SKU-2', asin: null, fbaQuantity: 0, inboundQuantity: 0, reservedQuantity: 0 },
    ]);
  });
});
