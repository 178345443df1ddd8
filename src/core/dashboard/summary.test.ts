import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_DEFAULTS } from '../restock/calculation-defaults';
import { deriveFields } from '../restock/engine';
import { aProduct, productArbitrary } from '../restock/test-products';
import { urgencyOf } from '../restock/urgency';
import { MOST_URGENT_COUNT, summarizeStock } from './summary';

const TODAY = '2026-03-10';
const rowOf = (product: ReturnType<typeof aProduct>) => ({
  ...product,
  ...deriveFields(product, BUILT_IN_DEFAULTS, TODAY),
});
// 1 unit a day, lead times 7 + 3 + 10, 30 days desired: 50 days to cover.
const selling = (msku: string, stock: number, overrides: Parameters<typeof aProduct>[0] = {}) =>
  rowOf(
    aProduct({
      msku,
      sales_last_30_days: 30,
      days_in_stock_of_last_30: 30,
      fba_quantity: stock,
      order_lead_time: 7,
      prep_lead_time: 3,
      amz_lead_time: 10,
      desired_days_of_inventory: 30,
      cost: 2.1,
      ...overrides,
    }),
  );

describe('summarizeStock', () => {
  it('counts and prices hand-built rows', () => {
    const rows = [
      selling('OUT', 0), // buys 50 at 2.10 = 105
      selling('SOON', 10), // runs out in 10 days, before the 20 lead-time days; buys 40 = 84
      selling('LATER', 45), // fine, buys 5 = 10.50
      selling('PLENTY', 200), // fine, buys nothing
      selling('NOCOST', 30, { cost: null }), // fine, buys 20 without a price
      selling('EURO', 49, { currency: 'EUR' }), // fine, buys 1 = €2.10
    ];
    const summary = summarizeStock(rows, TODAY);
    expect(summary.productCount).toBe(6);
    expect(summary.outOfStock).toBe(1);
    expect(summary.runsOutBeforeArrival).toBe(1);
    expect(summary.reorder).toEqual({
      count: 5,
      spend: [
        { currency: 'USD', amount: 199.5 },
        { currency: 'EUR', amount: 2.1 },
      ],
      unpriced: 1,
    });
    expect(summary.mostUrgent.map((product) => product.msku)).toEqual([
      'OUT',
      'SOON',
      'NOCOST',
      'LATER',
      'EURO',
    ]);
    expect(Object.fromEntries(summary.cover.map((bucket) => [bucket.label, bucket.count]))).toEqual({
      'Under 7 days': 1,
      '7–13': 1,
      '14–29': 0,
      '30–59': 3,
      '60–89': 0,
      '90 or more': 1,
      'No sales': 0,
    });
  });

  it('agrees with the rows for any products: counts, spend and the ten most urgent', () => {
    fc.assert(
      fc.property(fc.array(productArbitrary, { maxLength: 40 }), (products) => {
        const rows = products.map(rowOf);
        const summary = summarizeStock(rows, TODAY);
        const urgencies = rows.map((row) => urgencyOf(row, TODAY));
        expect(summary.outOfStock).toBe(urgencies.filter((u) => u === 'out_of_stock').length);
        expect(summary.runsOutBeforeArrival).toBe(urgencies.filter((u) => u === 'before_lead_time').length);
        const buying = rows.filter((row) => row.recommended_buy_quantity > 0);
        expect(summary.reorder.count).toBe(buying.length);
        const priced = buying.filter((row) => row.total_spend !== null).length;
        expect(summary.reorder.unpriced).toBe(buying.length - priced);
        expect(summary.cover.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(rows.length);
        expect(summary.mostUrgent.length).toBeLessThanOrEqual(MOST_URGENT_COUNT);
        const firstFine = summary.mostUrgent.findIndex((p) => p.urgency === 'fine');
        if (firstFine >= 0)
          expect(summary.mostUrgent.slice(firstFine).every((p) => p.urgency === 'fine')).toBe(true);
      }),
    );
  });

  it('is empty for an empty account', () => {
    const summary = summarizeStock([], TODAY);
    expect(summary).toMatchObject({
      productCount: 0,
      outOfStock: 0,
      runsOutBeforeArrival: 0,
      mostUrgent: [],
    });
    expect(summary.reorder).toEqual({ count: 0, spend: [], unpriced: 0 });
  });
});
