import type { Product } from '../product-fields/fields';

/** A small seeded PRNG (mulberry32): the same seed always makes the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SUPPLIERS = [
  'Acme Wholesale',
  'Northwind Traders',
  'BlueRiver Supply',
  'Summit Distributors',
  'Keystone Goods',
];
const ADJECTIVES = [
  'Stainless',
  'Organic',
  'Premium',
  'Compact',
  'Eco',
  'Deluxe',
  'Classic',
  'Ultra',
  'Mini',
  'Pro',
];
const NOUNS = [
  'Water Bottle',
  'Yoga Mat',
  'Coffee Grinder',
  'Phone Stand',
  'Dog Leash',
  'Garlic Press',
  'LED Desk Lamp',
  'Travel Pillow',
  'Cutting Board',
  'Bike Light',
  'Notebook Set',
  'Spice Rack',
];

const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
const money = (value: number) => Math.round(value * 100) / 100;

/**
 * Realistic products for the demo account, the benchmarks and tests: mixed suppliers, some out
 * of stock, some with no sales, some missing cost or supplier.
 */
export function demoProducts(count: number, seed = 42): Product[] {
  const next = random(seed);
  const products: Product[] = [];
  for (let i = 0; i < count; i++) {
    const cost = money(2 + next() * 38);
    const hasNoSales = next() < 0.08;
    const isOutOfStock = next() < 0.1;
    const sales = hasNoSales ? 0 : Math.floor(next() * 240);
    const asin = `B0${(1_000_000 + i).toString(36).toUpperCase().padStart(8, '0')}`;
    products.push({
      msku: `SKU-${String(i + 1).padStart(6, '0')}`,
      asin,
      title: `${pick(next, ADJECTIVES)} ${pick(next, NOUNS)} ${1 + (i % 97)}`,
      main_thumbnail: null,
      replen: next() < 0.1,
      supplier: next() < 0.07 ? null : pick(next, SUPPLIERS),
      cost: next() < 0.05 ? null : cost,
      buy_box_price: next() < 0.15 ? null : money(cost * (1.6 + next() * 1.8)),
      your_price: money(cost * (1.7 + next() * 1.6)),
      // Fees come from a marketplace connection; the demo has none.
      referral_fee: null,
      fba_fee: null,
      competitive_price: next() < 0.3 ? null : money(cost * (1.5 + next() * 1.5)),
      sales_last_30_days: sales,
      days_in_stock_of_last_30: isOutOfStock ? Math.floor(next() * 20) : 30,
      fba_quantity: isOutOfStock ? 0 : Math.floor(next() * 400),
      inbound_quantity: next() < 0.3 ? Math.floor(next() * 200) : 0,
      local_inventory_quantity: next() < 0.4 ? Math.floor(next() * 150) : 0,
      quantity_already_ordered: next() < 0.2 ? Math.floor(next() * 100) : 0,
      seasonality_multiplier: next() < 0.15 ? money(0.8 + next() * 0.8) : 1,
      order_lead_time: next() < 0.5 ? null : 5 + Math.floor(next() * 25),
      prep_lead_time: next() < 0.6 ? null : 1 + Math.floor(next() * 6),
      amz_lead_time: next() < 0.6 ? null : 7 + Math.floor(next() * 14),
      desired_days_of_inventory: next() < 0.6 ? null : 30 + Math.floor(next() * 60),
      case_pack: next() < 0.3 ? pick(next, [6, 12, 24, 48]) : null,
      moq: next() < 0.15 ? pick(next, [50, 100, 200]) : null,
      marketplace: null,
      currency: null,
    });
  }
  return products;
}
