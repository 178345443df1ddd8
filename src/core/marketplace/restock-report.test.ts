import { describe, expect, it } from 'vitest';
import { restockReportRows } from './restock-report';

const HEADER =
  'Country\tProduct Name\tFNSKU\tMerchant SKU\tASIN\tCondition\tSupplier\tSupplier part no.\tCurrency code\tPrice\tSales last 30 days\tUnits Sold Last 30 Days\tTotal Units\tInbound\tAvailable';

describe('the Restock report', () => {
  it('reads units sold in 30 days per SKU, not the money column beside it', () => {
    const result = restockReportRows(
      [
        HEADER,
        'US\tBottle\tX001\tWB-750\tB07WATER01\tNew\tAcme\tAC-1\tUSD\t24.99\t1499.40\t60\t140\t40\t100',
        'US\tNo count\tX002\tWB-500\t\tNew\t\t\tUSD\t9.99\t0.00\t\t0\t0\t0',
        'US\tBad SKU\tX003\t\tB07WATER03\tNew\t\t\tUSD\t9.99\t0.00\t3\t0\t0\t0',
      ].join('\n'),
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { msku: 'WB-750', asin: 'B07WATER01', unitsSold30Days: 60 },
        { msku: 'WB-500', asin: null, unitsSold30Days: null },
      ],
    });
  });

  it('names the missing columns', () => {
    expect(restockReportRows('Merchant SKU\tAvailable\nA-1\t3')).toEqual({
      ok: false,
      message: 'The Restock report Amazon sent lacks the column Units Sold Last 30 Days; nothing was written',
    });
  });
});
