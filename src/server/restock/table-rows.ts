import { type DerivedFields, deriveFields } from '../../core/restock/engine';
import type { CalculationDefaults, Product } from '../../core/restock/product';
import { STORED_PRODUCT_KEYS, type StoredProduct } from './queries';

const DERIVED_KEYS = [
  'velocity',
  'total_quantity',
  'hdos',
  'coverage_days',
  'recommended_buy_quantity',
  'total_spend',
  'roi',
] as const satisfies ReadonlyArray<keyof DerivedFields>;

/** The keys of a table row, in the order of the compact (columns) answer. */
export const TABLE_ROW_KEYS = [...STORED_PRODUCT_KEYS, ...DERIVED_KEYS, 'id'] as const;

// Objects built by assigning the same keys in the same order share one hidden class, which keeps
// 100k rows fast to build and to serialise (spreading them was 20× slower here).
function toProduct(values: readonly unknown[]): StoredProduct {
  const product: Record<string, unknown> = {};
  for (let i = 0; i < STORED_PRODUCT_KEYS.length; i++) product[STORED_PRODUCT_KEYS[i]!] = values[i];
  return product as StoredProduct;
}

/** A row of the default answer: stored fields, derived fields and id (= msku). */
export function toTableRow(product: StoredProduct, defaults: CalculationDefaults): Record<string, unknown> {
  const derived = deriveFields(product as Product, defaults);
  const row: Record<string, unknown> = {};
  for (const key of STORED_PRODUCT_KEYS) row[key] = product[key];
  for (const key of DERIVED_KEYS) row[key] = derived[key];
  row.id = product.msku;
  return row;
}

export const tableRowsFromValues = (rows: readonly unknown[][], defaults: CalculationDefaults) =>
  rows.map((values) => toTableRow(toProduct(values), defaults));

/** The compact answer: one key list and a value array per row, about a third of the bytes. */
export function tableColumnsFromValues(rows: readonly unknown[][], defaults: CalculationDefaults) {
  return {
    keys: TABLE_ROW_KEYS,
    rows: rows.map((values) => {
      const product = toProduct(values);
      const derived = deriveFields(product as Product, defaults);
      const out = values.slice();
      for (const key of DERIVED_KEYS) out.push(derived[key]);
      out.push(product.msku);
      return out;
    }),
  };
}
