import { z } from 'zod';
import { CELL_FORMATS } from './formatters';
import { EDITABLE_FIELDS, FIELD_NAMES } from './product';

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

/** The restock table's columns in their default order (SPEC 2 and 3). */
export const COLUMN_KEYS = [
  'product',
  'replen',
  'supplier',
  'cost',
  'buy_box_price',
  'your_price',
  'roi',
  'total_quantity',
  'sales_last_30_days',
  'hdos',
  'recommended_buy_quantity',
  'total_spend',
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
  'msku',
  'asin',
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

export type RestockColumn = ColumnDefinition & { key: ColumnKey };

/** SPEC 9: 100px by default, 200px for msku, asin and supplier, 300px for the product. */
export const DEFAULT_COLUMN_WIDTH = 100;
export const WIDE_COLUMN_WIDTH = 200;
export const PRODUCT_COLUMN_WIDTH = 300;

type ColumnSpec = {
  name: string;
  description: string;
  format: ColumnDefinition['format'];
  width?: number;
  // Where the engine reads a null as a number, sorting does too.
  sortNullsAs?: number;
};

const SPECS: Record<ColumnKey, ColumnSpec> = {
  product: {
    name: 'Product',
    description: 'The product title with its MSKU (your stock code) and ASIN (the marketplace product id).',
    format: 'product',
    width: PRODUCT_COLUMN_WIDTH,
  },
  replen: { name: FIELD_NAMES.replen, description: 'Include in next order.', format: 'boolean' },
  supplier: {
    name: FIELD_NAMES.supplier,
    description: 'Who you buy this product from.',
    format: 'text',
    width: WIDE_COLUMN_WIDTH,
  },
  cost: { name: FIELD_NAMES.cost, description: 'What one unit costs you to buy.', format: 'currency' },
  buy_box_price: {
    name: FIELD_NAMES.buy_box_price,
    description: 'The price that currently wins the buy box.',
    format: 'currency',
  },
  your_price: { name: FIELD_NAMES.your_price, description: 'Your listing price.', format: 'currency' },
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
  sales_last_30_days: {
    name: FIELD_NAMES.sales_last_30_days,
    description: 'Units sold in the last 30 days.',
    format: 'number',
    sortNullsAs: 0,
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
  days_in_stock_of_last_30: {
    name: FIELD_NAMES.days_in_stock_of_last_30,
    description: 'On how many of the last 30 days the product was in stock.',
    format: 'number',
  },
  quantity_already_ordered: {
    name: FIELD_NAMES.quantity_already_ordered,
    description: 'Units already ordered from the supplier but not yet received.',
    format: 'number',
    sortNullsAs: 0,
  },
  local_inventory_quantity: {
    name: FIELD_NAMES.local_inventory_quantity,
    description: 'Units in your own warehouse or prep center.',
    format: 'number',
    sortNullsAs: 0,
  },
  fba_quantity: {
    name: FIELD_NAMES.fba_quantity,
    description: "Units in the marketplace's warehouses, available plus reserved.",
    format: 'number',
    sortNullsAs: 0,
  },
  inbound_quantity: {
    name: FIELD_NAMES.inbound_quantity,
    description: "Units shipped to the marketplace's warehouses but not yet received.",
    format: 'number',
    sortNullsAs: 0,
  },
  seasonality_multiplier: {
    name: FIELD_NAMES.seasonality_multiplier,
    description: 'Multiplies expected sales: 1.5 for a busy season, 0.5 for a quiet one.',
    format: 'number',
    sortNullsAs: 1,
  },
  order_lead_time: {
    name: FIELD_NAMES.order_lead_time,
    description: 'Days from placing an order until you receive it; blank uses your default.',
    format: 'number',
  },
  desired_days_of_inventory: {
    name: FIELD_NAMES.desired_days_of_inventory,
    description: 'Days of sales you want in stock once the order arrives; blank uses your default.',
    format: 'number',
  },
  prep_lead_time: {
    name: FIELD_NAMES.prep_lead_time,
    description: 'Days to prepare and label the units; blank uses your default.',
    format: 'number',
  },
  amz_lead_time: {
    name: FIELD_NAMES.amz_lead_time,
    description: 'Days for the marketplace to receive the shipment; blank uses your default.',
    format: 'number',
  },
  competitive_price: {
    name: FIELD_NAMES.competitive_price,
    description: 'A competitor price, used for ROI when there is no buy box or listing price.',
    format: 'currency',
  },
  case_pack: {
    name: FIELD_NAMES.case_pack,
    description: 'Units per case; the amount to buy is rounded up to whole cases.',
    format: 'number',
  },
  moq: {
    name: FIELD_NAMES.moq,
    description: 'The minimum order quantity your supplier accepts.',
    format: 'number',
  },
  msku: {
    name: FIELD_NAMES.msku,
    description: 'Your stock-keeping code for this product.',
    format: 'text',
    width: WIDE_COLUMN_WIDTH,
  },
  asin: {
    name: FIELD_NAMES.asin,
    description: "The marketplace's product id.",
    format: 'text',
    width: WIDE_COLUMN_WIDTH,
  },
};

const editableKeys: ReadonlySet<string> = new Set(EDITABLE_FIELDS);

const filterFor = (format: ColumnDefinition['format']): FilterType => {
  if (format === 'boolean') return 'boolean';
  return format === 'text' || format === 'product' ? 'text' : 'range';
};

function toColumn(key: ColumnKey): RestockColumn {
  const { name, description, format, width, sortNullsAs } = SPECS[key];
  return {
    key,
    name,
    description,
    filterBy: filterFor(format),
    editable: editableKeys.has(key),
    format,
    width: width ?? DEFAULT_COLUMN_WIDTH,
    frozen: key === 'product',
    ...(sortNullsAs === undefined ? {} : { sortNullsAs }),
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
