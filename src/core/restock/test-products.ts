// Shared by the restock unit tests only; no application code imports this file.
import fc from 'fast-check';
import type { Product } from '../product-fields/fields';

/** A product with every optional input blank; tests set what they are about. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    msku: 'MSKU-1',
    asin: 'B000000001',
    title: 'Steel Water Bottle',
    main_thumbnail: null,
    replen: false,
    supplier: null,
    cost: null,
    buy_box_price: null,
    your_price: null,
    referral_fee: null,
    fba_fee: null,
    competitive_price: null,
    sales_last_30_days: null,
    days_in_stock_of_last_30: null,
    fba_quantity: null,
    inbound_quantity: null,
    local_inventory_quantity: null,
    quantity_already_ordered: null,
    seasonality_multiplier: null,
    order_lead_time: null,
    prep_lead_time: null,
    amz_lead_time: null,
    desired_days_of_inventory: null,
    case_pack: null,
    moq: null,
    marketplace: null,
    currency: null,
    ...overrides,
  };
}

const orNull = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null, freq: 4 });
const money = orNull(fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100));
const count = orNull(fc.integer({ min: 0, max: 5_000 }));
const days = orNull(fc.integer({ min: 0, max: 120 }));

/** Any valid stored product, blanks included. */
export const productArbitrary: fc.Arbitrary<Product> = fc.record({
  msku: fc.string({ minLength: 1, maxLength: 12 }).filter((text) => text.trim() !== ''),
  asin: fc.stringMatching(/^B0[0-9A-Z]{8}$/),
  title: orNull(fc.string({ maxLength: 30 })),
  main_thumbnail: fc.constant(null),
  replen: fc.boolean(),
  supplier: orNull(fc.constantFrom('Acme', 'acme', 'Globex', 'Initech')),
  cost: money,
  buy_box_price: money,
  your_price: money,
  referral_fee: money,
  fba_fee: money,
  competitive_price: money,
  sales_last_30_days: count,
  days_in_stock_of_last_30: orNull(fc.integer({ min: 0, max: 30 })),
  fba_quantity: count,
  inbound_quantity: count,
  local_inventory_quantity: count,
  quantity_already_ordered: count,
  seasonality_multiplier: orNull(fc.double({ min: 0.01, max: 10, noNaN: true })),
  order_lead_time: days,
  prep_lead_time: days,
  amz_lead_time: days,
  desired_days_of_inventory: days,
  case_pack: orNull(fc.integer({ min: 1, max: 48 })),
  moq: orNull(fc.integer({ min: 1, max: 500 })),
  marketplace: orNull(fc.constantFrom('US', 'GB', 'DE')),
  currency: orNull(fc.constantFrom('USD', 'GBP', 'EUR')),
});
