import { z } from 'zod';
import { FIELD_COLUMN_KEYS, type FieldColumnKey, fieldSpec } from '../product-fields/fields';
import { CELL_FORMATS } from './formatters';

export const FILTER_TYPES = ['text', 'range', 'boolean'] as const;

/** SPEC 3 grid column, as GET /api/tables/restock/columns sends it (DESIGN 6). */
export const columnDefinitionSchema = z.object({
  key: z.string().min(1),
  name: z.string(),
  description: z.string(),
  filterBy: z.enum(FILTER_TYPES).default('text'),
  editable: z.boolean(),
  format: z.enum(CELL_FORMATS),
  width: z.number().int().positive(),
  frozen: z.boolean(),
  // What a null sorts as; without it nulls sort last in either direction.
  sortNullsAs: z.number().optional(),
});
export type ColumnDefinition = z.infer<typeof columnDefinitionSchema>;
export type FilterType = ColumnDefinition['filterBy'];

/**
 * SPEC 9: 100px by default, 200px for msku, asin and supplier (`wide` in the field table), 300px
 * for the product.
 */
export const DEFAULT_COLUMN_WIDTH = 100;
export const WIDE_COLUMN_WIDTH = 200;
export const PRODUCT_COLUMN_WIDTH = 300;

type DerivedColumnSpec = {
  name: string;
  description: string;
  format: ColumnDefinition['format'];
  width?: number;
};

/** The columns that show no stored field of their own: the product cell and the engine's results. */
const DERIVED_COLUMNS = {
  product: {
    name: 'Product',
    description: 'The product title with its MSKU (your stock code) and ASIN (the marketplace product id).',
    format: 'product',
    width: PRODUCT_COLUMN_WIDTH,
  },
  roi: {
    name: 'ROI',
    description:
      'Profit per unit as a share of your cost, at the buy box price (else your price, else the competitive price).',
    format: 'percent',
  },
  total_quantity: {
    name: 'Total Stock',
    description: 'All units you hold: FBA stock plus inbound plus local stock.',
    format: 'number',
  },
  hdos: {
    name: 'Days of Stock',
    description: 'How many days your total stock lasts at your recent daily sales.',
    format: 'number',
  },
  recommended_buy_quantity: {
    name: 'To Buy',
    description: 'Units to order now to cover lead times and your desired days of stock.',
    format: 'number',
  },
  total_spend: {
    name: 'Total Spend',
    description: 'What the units to buy cost at your cost per unit.',
    format: 'currency',
  },
  daily_rate: {
    name: 'Daily Rate',
    description:
      'Units a day that the recommendation plans for: forecast from daily sales history where the product has it, else Sales (30 Days) over its in-stock days.',
    format: 'number',
  },
  stockout_date: {
    name: 'Runs Out',
    description: 'The day your total stock runs out at the daily rate (seasonality included).',
    format: 'text',
  },
  reorder_by: {
    name: 'Reorder By',
    description:
      'The last day to order so that stock arrives before it runs out: runs-out day minus order, prep and AMZ lead times.',
    format: 'text',
  },
  trend: {
    name: 'Trend',
    description:
      'Daily sales of the last 30 in-stock days against the 60 before them. Shown, not extended into the forecast.',
    format: 'percent',
  },
  seasonality_suggestion: {
    name: 'Suggested Seasonality',
    description:
      'A seasonality multiplier from how the same weeks sold in the last one or two years (a quarter of that change). Set it as Seasonality to use it.',
    format: 'number',
  },
  forecast_accuracy: {
    name: 'Forecast Accuracy',
    description:
      'How close the forecast came to what sold: 1 − WAPE of its predictions of the last four 30-day periods.',
    format: 'percent',
  },
  rate_source: {
    name: 'Rate Source',
    description: "Where the daily rate comes from: 'history' (daily sales) or 'sales_last_30_days'.",
    format: 'text',
  },
} as const satisfies Record<string, DerivedColumnSpec>;

export type DerivedColumnKey = keyof typeof DERIVED_COLUMNS;
export type ColumnKey = DerivedColumnKey | FieldColumnKey;

/**
 * The restock table's default column order (SPEC 2 and 3), for users who never saved one. A field column or derived column not
 * listed here still shows, after these, in table order: list it to give it a place.
 */
const DEFAULT_ORDER = [
  'product',
  // What a seller acts on first, visible without scrolling at 1440px.
  'recommended_buy_quantity',
  'total_spend',
  'hdos',
  'stockout_date',
  'reorder_by',
  'replen',
  'supplier',
  'cost',
  'buy_box_price',
  'your_price',
  'roi',
  'total_quantity',
  'sales_last_30_days',
  'daily_rate',
  'days_in_stock_of_last_30',
  'quantity_already_ordered',
  'local_inventory_quantity',
  'fba_quantity',
  'inbound_quantity',
  'seasonality_multiplier',
  'order_lead_time',
  'desired_days_of_inventory',
  'prep_lead_time',
  'amz_lead_time',
  'competitive_price',
  'case_pack',
  'moq',
  'trend',
  'seasonality_suggestion',
  'forecast_accuracy',
  'rate_source',
  'msku',
  'asin',
] as const satisfies readonly ColumnKey[];

const ALL_COLUMN_KEYS: readonly ColumnKey[] = [
  ...(Object.keys(DERIVED_COLUMNS) as DerivedColumnKey[]),
  ...FIELD_COLUMN_KEYS,
];

/** Every column key of the restock table, in the default order. */
export const COLUMN_KEYS: readonly ColumnKey[] = Object.freeze([
  ...DEFAULT_ORDER,
  ...ALL_COLUMN_KEYS.filter((key) => !(DEFAULT_ORDER as readonly string[]).includes(key)),
]);

export type RestockColumn = ColumnDefinition & { key: ColumnKey };

const filterFor = (format: ColumnDefinition['format']): FilterType => {
  if (format === 'boolean') return 'boolean';
  return format === 'text' || format === 'product' ? 'text' : 'range';
};

const isDerivedColumn = (key: ColumnKey): key is DerivedColumnKey => Object.hasOwn(DERIVED_COLUMNS, key);

function toColumn(key: ColumnKey): RestockColumn {
  if (isDerivedColumn(key)) {
    const spec: DerivedColumnSpec = DERIVED_COLUMNS[key];
    return {
      key,
      name: spec.name,
      description: spec.description,
      filterBy: filterFor(spec.format),
      editable: false,
      format: spec.format,
      width: spec.width ?? DEFAULT_COLUMN_WIDTH,
      frozen: key === 'product',
    };
  }
  const field = fieldSpec(key);
  const column = field.column!;
  return {
    key,
    name: field.label,
    description: field.description,
    filterBy: filterFor(column.format),
    editable: field.editable,
    format: column.format,
    width: column.wide ? WIDE_COLUMN_WIDTH : DEFAULT_COLUMN_WIDTH,
    frozen: false,
    ...(column.sortNullsAs === undefined ? {} : { sortNullsAs: column.sortNullsAs }),
  };
}

// Frozen: the same objects are handed to every caller of orderColumns.
export const RESTOCK_COLUMNS: readonly RestockColumn[] = Object.freeze(
  COLUMN_KEYS.map((key) => Object.freeze(toColumn(key))),
);

const columnsByKey: ReadonlyMap<string, RestockColumn> = new Map(
  RESTOCK_COLUMNS.map((column) => [column.key, column]),
);

export const columnByKey = (key: string): RestockColumn | undefined => columnsByKey.get(key);

export const isColumnKey = (key: string): key is ColumnKey => columnsByKey.has(key);

/**
 * The columns in a user's saved order, which is also their visible selection. Unknown and
 * repeated keys are dropped; the frozen product column is always present and first.
 */
export function orderColumns(savedKeys: readonly string[] | null): RestockColumn[] {
  if (savedKeys === null) return [...RESTOCK_COLUMNS];
  const keys = new Set<string>(['product']);
  for (const key of savedKeys) if (columnsByKey.has(key)) keys.add(key);
  return [...keys].map((key) => columnsByKey.get(key)!);
}
