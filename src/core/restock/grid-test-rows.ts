import fc from 'fast-check';
import type { Product } from '../product-fields/fields';
import { BUILT_IN_DEFAULTS } from './calculation-defaults';
import { plainRow } from './compact-rows';
import { deriveFields, type RestockRow } from './engine';
import { aProduct } from './test-products';

// Rows the filter and sort tests share.

/** A restock row: a product with the engine's derived fields. */
export const gridRow = (overrides: Partial<Product>): RestockRow => {
  const product = aProduct(overrides);
  return { ...product, ...deriveFields(product, BUILT_IN_DEFAULTS) };
};

export const mskus = (rows: readonly { msku: string }[]) => rows.map((r) => r.msku);

/** Copies of `rows` whose `fields` count their reads: shows whether a sort read the row objects. */
export function countingReads<R extends object>(rows: readonly R[], ...fields: Array<keyof R & string>) {
  let reads = 0;
  const counted = rows.map((row) => {
    const copy = { ...plainRow(row) } as Record<string, unknown>;
    for (const field of fields) {
      const value = copy[field];
      Object.defineProperty(copy, field, {
        enumerable: true,
        get: () => {
          reads++;
          return value;
        },
      });
    }
    return copy as R;
  });
  return { rows: counted, reads: () => reads };
}

/** Numbers that sort and compare awkwardly: signed zeros, fractions, extremes, infinities, NaN. */
const AWKWARD_NUMBERS = [
  0,
  -0,
  1,
  2,
  2.5,
  -3,
  0.1,
  0.29,
  12.34,
  1 / 3,
  2 ** 60,
  1e300,
  -1e300,
  Infinity,
  -Infinity,
  NaN,
];

/** Any number a row's numeric field may hold, blank included. */
export const anyNumber = fc.oneof(
  fc.constantFrom(...AWKWARD_NUMBERS),
  fc.constant(null),
  fc.double(),
  fc.integer(),
);

/** Four rows with blanks in title, supplier, cost and stock. */
export const SAMPLE_ROWS: RestockRow[] = [
  gridRow({
    msku: 'A-1',
    asin: 'B0AAA',
    title: 'Steel Water Bottle',
    supplier: 'Acme',
    cost: 4,
    buy_box_price: 5,
    replen: true,
    fba_quantity: 10,
  }),
  gridRow({
    msku: 'B-2',
    asin: 'B0BBB',
    title: 'yoga mat',
    supplier: 'Globex',
    cost: 10,
    buy_box_price: 11,
    fba_quantity: null,
  }),
  gridRow({
    msku: 'C-3',
    asin: 'B0CCC',
    title: null,
    supplier: null,
    cost: null,
    replen: true,
    fba_quantity: 50,
  }),
  gridRow({
    msku: 'D-4',
    asin: 'B0DDD',
    title: 'Coffee Grinder',
    supplier: 'acme tools',
    cost: 20,
    buy_box_price: 30,
    fba_quantity: 0,
  }),
];

/** Many varied rows, with blank titles, suppliers and costs among them. */
export function manyRows(count: number): RestockRow[] {
  const words = ['Steel', 'bottle', 'Yoga', 'mat', 'Café', 'grinder', 'LED', 'lamp', "Kids'", 'Leash'];
  return Array.from({ length: count }, (_, i) =>
    gridRow({
      msku: `SKU-${(i * 7919) % count}`,
      asin: `B0${String(i).padStart(8, '0')}`,
      title:
        i % 97 === 0 ? null : `${words[i % 10]} ${words[(i * 7) % 10]}, ${(i * 31) % 1000} oz #${i % 5000}`,
      supplier: i % 13 === 0 ? null : `Supplier ${i % 40}`,
      cost: i % 11 === 0 ? null : (i % 500) / 10,
      buy_box_price: (i % 700) / 10,
      sales_last_30_days: (i * 17) % 300,
      fba_quantity: (i * 13) % 400,
      replen: i % 3 === 0,
    }),
  );
}
