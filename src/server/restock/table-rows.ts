import type { CalculationDefaults } from '../../core/restock/calculation-defaults';
import {
  type DerivedFields,
  deriveFields,
  type EngineInput,
  FORECAST_FIELD_KEYS,
  type ForecastFields,
} from '../../core/restock/engine';
import { STORED_PRODUCT_KEYS, type StoredProduct } from './queries';

const DERIVED_KEYS = [
  'velocity',
  'total_quantity',
  'hdos',
  'coverage_days',
  'recommended_buy_quantity',
  'total_spend',
  'roi',
  'daily_rate',
  'rate_source',
  'stockout_date',
  'reorder_by',
] as const satisfies ReadonlyArray<keyof DerivedFields>;

/** The values read per product: its stored fields, its version, then its forecast's fields. */
const READ_KEYS = [...STORED_PRODUCT_KEYS, ...FORECAST_FIELD_KEYS] as const;

/** How many values are read per product (a row key read with them comes after). */
export const READ_KEY_COUNT = READ_KEYS.length;

/** The keys of a table row, in the order of the compact (columns) answer. */
export const TABLE_ROW_KEYS = [...READ_KEYS, ...DERIVED_KEYS, 'id'] as const;

/** Where the msku sits in the values read per product. */
export const MSKU_INDEX = READ_KEYS.indexOf('msku');

/** The most rows a first-screenful answer (`?limit=`) holds. */
export const FIRST_ROWS_LIMIT = 1000;

export type ProductWithForecast = StoredProduct & ForecastFields;

// Objects built by assigning the same keys in the same order share one hidden class, which keeps
// 100k rows fast to build and to serialise (spreading them was 20× slower here).
function toProduct(values: readonly unknown[]): ProductWithForecast {
  const product: Record<string, unknown> = {};
  for (let i = 0; i < READ_KEYS.length; i++) product[READ_KEYS[i]!] = values[i] ?? null;
  return product as ProductWithForecast;
}

/** A row of the default answer: stored fields, forecast, derived fields and id (= msku). */
export function toTableRow(
  product: ProductWithForecast,
  defaults: CalculationDefaults,
  today: string,
): Record<string, unknown> {
  const derived = deriveFields(product as EngineInput, defaults, today);
  const row: Record<string, unknown> = {};
  for (const key of READ_KEYS) row[key] = product[key] ?? null;
  for (const key of DERIVED_KEYS) row[key] = derived[key];
  row.id = product.msku;
  return row;
}

/** A row of the default answer from the stored values of one product. */
export const tableRowFromValues = (
  values: readonly unknown[],
  defaults: CalculationDefaults,
  today: string,
) => toTableRow(toProduct(values), defaults, today);

/** A row of the compact answer: the stored values, then the derived ones and the id. */
export function compactRowFromValues(
  values: readonly unknown[],
  defaults: CalculationDefaults,
  today: string,
): unknown[] {
  const product = toProduct(values);
  const derived = deriveFields(product as EngineInput, defaults, today);
  const out = values.slice();
  for (const key of DERIVED_KEYS) out.push(derived[key]);
  out.push(product.msku);
  return out;
}
