import { describe, expect, it } from 'vitest';
import { BUILT_IN_DEFAULTS } from './calculation-defaults';
import { deriveFields } from './engine';
import { aProduct } from './test-products';
import { urgencyOf } from './urgency';

const TODAY = '2026-03-10';
// 1 unit a day; lead times 7 + 3 + 10 = 20 days before a new order arrives.
const selling = (stock: number) =>
  aProduct({
    sales_last_30_days: 30,
    days_in_stock_of_last_30: 30,
    fba_quantity: stock,
    order_lead_time: 7,
    prep_lead_time: 3,
    amz_lead_time: 10,
    desired_days_of_inventory: 30,
  });
const urgency = (product: ReturnType<typeof aProduct>) =>
  urgencyOf(deriveFields(product, BUILT_IN_DEFAULTS, TODAY), TODAY);

describe('urgencyOf', () => {
  it('is out of stock with no units anywhere, whatever the sales', () => {
    expect(urgency(selling(0))).toBe('out_of_stock');
    expect(urgency(aProduct())).toBe('out_of_stock');
  });

  it('runs out before lead time when stock lasts fewer days than the lead times', () => {
    expect(urgency(selling(19))).toBe('before_lead_time');
    expect(urgency(selling(1))).toBe('before_lead_time');
  });

  it('is fine when stock lasts exactly the lead times or longer (reorder by today)', () => {
    expect(deriveFields(selling(20), BUILT_IN_DEFAULTS, TODAY).reorder_by).toBe(TODAY);
    expect(urgency(selling(20))).toBe('fine');
    expect(urgency(selling(500))).toBe('fine');
  });

  it('is fine for stock without demand (no run-out day)', () => {
    expect(urgency(aProduct({ fba_quantity: 3 }))).toBe('fine');
  });

  it('counts inbound and local units as stock', () => {
    expect(urgency({ ...selling(0), inbound_quantity: 40 })).toBe('fine');
    expect(urgency({ ...selling(0), local_inventory_quantity: 5 })).toBe('before_lead_time');
  });
});
