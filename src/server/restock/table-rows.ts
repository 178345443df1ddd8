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

type ReadKey = (typeof READ_KEYS)[number];

/** Where each key's value sits in the values read per product. */
const at = Object.fromEntries(READ_KEYS.map((key, i) => [key, i])) as Record<ReadKey, number>;

/** How many values are read per product (a row key read with them comes after). */
export const READ_KEY_COUNT = READ_KEYS.length;

/** The keys of a table row, in the order of the compact (columns) answer. */
export const TABLE_ROW_KEYS = [...READ_KEYS, ...DERIVED_KEYS, 'id'] as const;

/** Where the msku sits in the values read per product. */
export const MSKU_INDEX = READ_KEYS.indexOf('msku');

/** The most rows a first-screenful answer (`?limit=`) holds. */
export const FIRST_ROWS_LIMIT = 1000;

export type ProductWithForecast = StoredProduct & ForecastFields;

// One object literal: every product gets the same hidden class at once, where assigning the keys
// one by one in a loop (each store a lookup by name) took twice as long to derive a row, and
// spreading them was 20× slower. `satisfies` keeps the list whole when a field is added.
function toProduct(v: readonly unknown[]): ProductWithForecast {
  return {
    msku: v[at.msku] ?? null,
    asin: v[at.asin] ?? null,
    title: v[at.title] ?? null,
    main_thumbnail: v[at.main_thumbnail] ?? null,
    supplier: v[at.supplier] ?? null,
    cost: v[at.cost] ?? null,
    your_price: v[at.your_price] ?? null,
    referral_fee: v[at.referral_fee] ?? null,
    fba_fee: v[at.fba_fee] ?? null,
    buy_box_price: v[at.buy_box_price] ?? null,
    competitive_price: v[at.competitive_price] ?? null,
    sales_last_30_days: v[at.sales_last_30_days] ?? null,
    days_in_stock_of_last_30: v[at.days_in_stock_of_last_30] ?? null,
    fba_quantity: v[at.fba_quantity] ?? null,
    inbound_quantity: v[at.inbound_quantity] ?? null,
    local_inventory_quantity: v[at.local_inventory_quantity] ?? null,
    quantity_already_ordered: v[at.quantity_already_ordered] ?? null,
    seasonality_multiplier: v[at.seasonality_multiplier] ?? null,
    order_lead_time: v[at.order_lead_time] ?? null,
    prep_lead_time: v[at.prep_lead_time] ?? null,
    amz_lead_time: v[at.amz_lead_time] ?? null,
    desired_days_of_inventory: v[at.desired_days_of_inventory] ?? null,
    case_pack: v[at.case_pack] ?? null,
    moq: v[at.moq] ?? null,
    replen: v[at.replen] ?? null,
    marketplace: v[at.marketplace] ?? null,
    currency: v[at.currency] ?? null,
    version: v[at.version] ?? null,
    forecast_daily_rate: v[at.forecast_daily_rate] ?? null,
    trend: v[at.trend] ?? null,
    seasonality_suggestion: v[at.seasonality_suggestion] ?? null,
    forecast_accuracy: v[at.forecast_accuracy] ?? null,
  } satisfies Record<ReadKey, unknown> as ProductWithForecast;
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
