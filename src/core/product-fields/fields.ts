import type { CellFormat } from '../restock/formatters';

/**
 * The one definition of every stored product field (DESIGN 5). The grid edit rules, the import
 * targets and their validator, the grid columns, the SQL select lists, the Drizzle agreement test
 * and the engine's Product type are all read from this table, so a field's name, limits and
 * wording cannot differ between them. Add a field here (and as a column of `products` in
 * src/server/db/schema.ts with a migration) and every one of them follows.
 */

/**
 * text and url are trimmed strings (blank is null); money is dollars with cents; integer a whole
 * number; decimal any number; boolean true or false.
 */
export const FIELD_TYPES = ['text', 'url', 'money', 'integer', 'decimal', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/**
 * Who supplies the value: the seller types it (grid edits, their own CSV), or it is marketplace
 * data (reports, and the marketplace sync, which may overwrite only these).
 */
export type FieldOwner = 'seller' | 'marketplace';

/** How the restock grid shows a field; filterBy follows the format unless given. */
export type FieldColumn = {
  format: CellFormat;
  /** SPEC 9: 200px instead of the default 100px. */
  wide?: true;
  /** What a null sorts as, where the engine reads a null as that number; else nulls sort last. */
  sortNullsAs?: number;
};

export type FieldSpec = {
  label: string;
  description: string;
  type: FieldType;
  /** The key of a product: never blank, in an import or anywhere else. */
  required?: true;
  /** Never null once stored: an edit cannot clear it (an import's blank keeps it). */
  notNull?: true;
  /** Numbers: the smallest value allowed (a value must exceed it when minExclusive). */
  min?: number;
  minExclusive?: true;
  max?: number;
  /** Whole numbers of this unit, named in messages ('days'). */
  unit?: string;
  /** Text: the most characters after trimming. */
  maxLength?: number;
  editable: boolean;
  importable: boolean;
  owner: FieldOwner;
  /** The field's own grid column, or null when it only shows inside another (the product cell). */
  column: FieldColumn | null;
};

/** Money fits numeric(14,2) with room to spare; a negative cost or price means nothing. */
export const MAX_MONEY = 1_000_000_000;
/** Counts are PostgreSQL `integer`s. */
export const MAX_QUANTITY = 2_147_483_647;
/** Ten years: more than any real lead time or stock target, small enough for exact engine maths. */
export const MAX_DAYS = 3650;
export const MAX_SEASONALITY = 100;

const money = { type: 'money', min: 0, max: MAX_MONEY } as const;
const quantity = { type: 'integer', min: 0, max: MAX_QUANTITY } as const;
const days = { type: 'integer', min: 0, max: MAX_DAYS, unit: 'days' } as const;
const number = { format: 'number' } as const;
const currency = { format: 'currency' } as const;

/** In import-target order: the key, what the seller keeps, then marketplace data and inputs. */
export const PRODUCT_FIELDS = {
  msku: {
    label: 'MSKU',
    description: 'Your stock-keeping code for this product.',
    type: 'text',
    required: true,
    notNull: true,
    maxLength: 100,
    editable: false,
    importable: true,
    // The key: a sync matches products by it and never rewrites it.
    owner: 'marketplace',
    column: { format: 'text', wide: true },
  },
  asin: {
    label: 'ASIN',
    description: "The marketplace's product id.",
    type: 'text',
    maxLength: 20,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: { format: 'text', wide: true },
  },
  title: {
    label: 'Title',
    description: 'The product title on the marketplace.',
    type: 'text',
    maxLength: 500,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: null,
  },
  main_thumbnail: {
    label: 'Image URL',
    description: 'A link to the main product image.',
    type: 'url',
    maxLength: 2048,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: null,
  },
  supplier: {
    label: 'Supplier',
    description: 'Who you buy this product from.',
    type: 'text',
    maxLength: 200,
    editable: true,
    importable: true,
    owner: 'seller',
    column: { format: 'text', wide: true },
  },
  cost: {
    label: 'Your Cost',
    description: 'What one unit costs you to buy.',
    ...money,
    editable: true,
    importable: true,
    owner: 'seller',
    column: currency,
  },
  your_price: {
    label: 'Your Price',
    description: 'Your listing price.',
    ...money,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: currency,
  },
  // Fees the marketplace estimates for the current price (the sync's fees step, or a fee report the
  // seller imports): with both known, ROI counts net proceeds. Shown in the ROI breakdown, not as
  // columns of their own.
  referral_fee: {
    label: 'Referral Fee',
    description: "The marketplace's selling fees per unit at the current price (referral and closing fees).",
    ...money,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: null,
  },
  fba_fee: {
    label: 'FBA Fee',
    description: 'The fulfilment fee per unit the marketplace charges for this product.',
    ...money,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: null,
  },
  buy_box_price: {
    label: 'Buy Box Price',
    description: 'The price that currently wins the buy box.',
    ...money,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: currency,
  },
  competitive_price: {
    label: 'Competitive Price',
    description: 'A competitor price, used for ROI when there is no buy box or listing price.',
    ...money,
    // SPEC 3 lists it among the editable columns: the seller fills it where the marketplace has none.
    editable: true,
    importable: true,
    owner: 'seller',
    column: currency,
  },
  sales_last_30_days: {
    label: 'Sales (30 Days)',
    description: 'Units sold in the last 30 days.',
    ...quantity,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: { format: 'number', sortNullsAs: 0 },
  },
  days_in_stock_of_last_30: {
    label: 'Days in Stock',
    description: 'On how many of the last 30 days the product was in stock.',
    type: 'integer',
    min: 0,
    max: 30,
    unit: 'days',
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: number,
  },
  fba_quantity: {
    label: 'FBA Stock',
    description: "Units in the marketplace's warehouses, available plus reserved.",
    ...quantity,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: { format: 'number', sortNullsAs: 0 },
  },
  inbound_quantity: {
    label: 'Inbound',
    description: "Units shipped to the marketplace's warehouses but not yet received.",
    ...quantity,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: { format: 'number', sortNullsAs: 0 },
  },
  local_inventory_quantity: {
    label: 'Local Stock',
    description: 'Units in your own warehouse or prep center.',
    ...quantity,
    editable: true,
    importable: true,
    owner: 'seller',
    column: { format: 'number', sortNullsAs: 0 },
  },
  quantity_already_ordered: {
    label: 'Ordered',
    description: 'Units already ordered from the supplier but not yet received.',
    ...quantity,
    editable: true,
    importable: true,
    owner: 'seller',
    column: { format: 'number', sortNullsAs: 0 },
  },
  seasonality_multiplier: {
    label: 'Seasonality',
    description: 'Multiplies expected sales: 1.5 for a busy season, 0.5 for a quiet one; blank is 1.',
    type: 'decimal',
    min: 0,
    minExclusive: true,
    max: MAX_SEASONALITY,
    editable: true,
    importable: true,
    owner: 'seller',
    column: { format: 'number', sortNullsAs: 1 },
  },
  order_lead_time: {
    label: 'Order Lead Time',
    description: 'Days from placing an order until you receive it; blank uses your default.',
    ...days,
    editable: true,
    importable: true,
    owner: 'seller',
    column: number,
  },
  prep_lead_time: {
    label: 'Time for Prep',
    description: 'Days to prepare and label the units; blank uses your default.',
    ...days,
    editable: true,
    importable: true,
    owner: 'seller',
    column: number,
  },
  amz_lead_time: {
    label: 'Time for AMZ',
    description: 'Days for the marketplace to receive the shipment; blank uses your default.',
    ...days,
    editable: true,
    importable: true,
    owner: 'seller',
    column: number,
  },
  desired_days_of_inventory: {
    label: 'Desired Days',
    description: 'Days of sales you want in stock once the order arrives; blank uses your default.',
    ...days,
    editable: true,
    importable: true,
    owner: 'seller',
    column: number,
  },
  case_pack: {
    label: 'Case Pack',
    description: 'Units per case; the amount to buy is rounded up to whole cases.',
    ...quantity,
    min: 1,
    editable: true,
    importable: true,
    owner: 'seller',
    column: number,
  },
  moq: {
    label: 'MOQ',
    description: 'The minimum order quantity your supplier accepts.',
    ...quantity,
    min: 1,
    editable: true,
    importable: true,
    owner: 'seller',
    column: number,
  },
  replen: {
    label: 'Replen',
    description: 'Include in next order.',
    type: 'boolean',
    notNull: true,
    editable: true,
    importable: true,
    owner: 'seller',
    column: { format: 'boolean' },
  },
  // Where the product is listed and what its money fields are in: product links go to that
  // store, prices show in that currency. Blank is the account's marketplace (the US until set).
  marketplace: {
    label: 'Marketplace',
    description: "The marketplace's country code, e.g. US, GB, DE or JP.",
    type: 'text',
    maxLength: 2,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: null,
  },
  currency: {
    label: 'Currency',
    description: "The currency of the product's costs and prices, e.g. USD, GBP, EUR or INR.",
    type: 'text',
    maxLength: 3,
    editable: false,
    importable: true,
    owner: 'marketplace',
    column: null,
  },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof PRODUCT_FIELDS;
export type ProductFieldKey = keyof Fields;

type BaseValue<T extends FieldType> = T extends 'boolean'
  ? boolean
  : T extends 'text' | 'url'
    ? string
    : number;

/** The stored value of a field: null where unknown, unless the field is never null. */
export type FieldValue<K extends ProductFieldKey> = Fields[K] extends { notNull: true }
  ? BaseValue<Fields[K]['type']>
  : BaseValue<Fields[K]['type']> | null;

/** DESIGN 5: a stored product (a restock row without its derived fields). */
export type Product = { [K in ProductFieldKey]: FieldValue<K> };

type KeysWhere<Condition> = {
  [K in ProductFieldKey]: Fields[K] extends Condition ? K : never;
}[ProductFieldKey];

export type EditableField = KeysWhere<{ editable: true }>;
export type ImportableField = KeysWhere<{ importable: true }>;
/** The fields that have a grid column of their own. */
export type FieldColumnKey = Exclude<ProductFieldKey, KeysWhere<{ column: null }>>;

/** Every stored field, in table order: the SQL select lists and the API's row keys follow it. */
export const PRODUCT_FIELD_KEYS = Object.keys(PRODUCT_FIELDS) as ProductFieldKey[];

const fieldKeySet: ReadonlySet<string> = new Set(PRODUCT_FIELD_KEYS);

export const isProductField = (key: unknown): key is ProductFieldKey =>
  typeof key === 'string' && fieldKeySet.has(key);

/** The spec of a field, widened so that optional limits can be read without narrowing. */
export const fieldSpec = (key: ProductFieldKey): FieldSpec => PRODUCT_FIELDS[key];

export const fieldLabel = (key: ProductFieldKey): string => PRODUCT_FIELDS[key].label;

/** SPEC 3's editable columns, plus case pack and MOQ (DESIGN 5), in table order. */
export const EDITABLE_FIELDS = PRODUCT_FIELD_KEYS.filter((key) => fieldSpec(key).editable) as EditableField[];

const editableSet: ReadonlySet<string> = new Set(EDITABLE_FIELDS);

export const isEditableField = (key: unknown): key is EditableField =>
  typeof key === 'string' && editableSet.has(key);

export const IMPORTABLE_FIELDS = PRODUCT_FIELD_KEYS.filter(
  (key) => fieldSpec(key).importable,
) as ImportableField[];

/** The fields with a grid column of their own, in table order. */
export const FIELD_COLUMN_KEYS = PRODUCT_FIELD_KEYS.filter(
  (key) => fieldSpec(key).column !== null,
) as FieldColumnKey[];
