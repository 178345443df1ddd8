import { z } from 'zod';

/**
 * Limits that keep stored values inside what the database columns and the engine's float maths
 * handle exactly: quantities fit a PostgreSQL `integer`, and day counts stay small enough that
 * `velocity × seasonality × coverage` remains far below Number.MAX_SAFE_INTEGER.
 */
export const MAX_TEXT_LENGTH = 200;
export const MAX_TITLE_LENGTH = 1000;
export const MAX_URL_LENGTH = 2048;
export const MAX_MONEY = 1_000_000_000;
export const MAX_QUANTITY = 2_147_483_647;
export const MAX_LEAD_DAYS = 3650;
export const MAX_SEASONALITY = 100;
export const MAX_DEFAULT_DAYS = 365;

/** The human name of every stored field, used by validation messages and column headers alike. */
export const FIELD_NAMES = {
  msku: 'MSKU',
  asin: 'ASIN',
  title: 'Title',
  main_thumbnail: 'Image',
  replen: 'Replen',
  supplier: 'Supplier',
  cost: 'Your Cost',
  buy_box_price: 'Buy Box Price',
  your_price: 'Your Price',
  competitive_price: 'Competitive Price',
  sales_last_30_days: 'Sales (30 Days)',
  days_in_stock_of_last_30: 'Days In Stock',
  fba_quantity: 'FBA Stock',
  inbound_quantity: 'Inbound',
  local_inventory_quantity: 'Local Stock',
  quantity_already_ordered: 'Ordered',
  seasonality_multiplier: 'Seasonality',
  order_lead_time: 'Order Lead Time',
  prep_lead_time: 'Time for Prep',
  amz_lead_time: 'Time for AMZ',
  desired_days_of_inventory: 'Desired Days',
  case_pack: 'Case Pack',
  moq: 'MOQ',
} as const;

export type StoredField = keyof typeof FIELD_NAMES;

function keyText(name: string) {
  const required = `${name} is required`;
  return z
    .string({ error: (issue) => (issue.input == null ? required : `${name} must be text`) })
    .trim()
    .min(1, required)
    .max(MAX_TEXT_LENGTH, `${name} must be at most ${MAX_TEXT_LENGTH} characters`);
}

// Blank text is stored as null, as the CSV import does (SPEC 5: "Text: null if empty").
function optionalText(name: string, maxLength: number) {
  return z
    .string({ error: `${name} must be text` })
    .trim()
    .max(maxLength, `${name} must be at most ${maxLength} characters`)
    .nullable()
    .transform((text) => (text === '' ? null : text));
}

function money(name: string) {
  const message = `${name} must be a number of 0 or more`;
  return z
    .number({ error: message })
    .min(0, message)
    .max(MAX_MONEY, `${name} must be at most ${MAX_MONEY.toLocaleString('en-US')}`)
    .nullable();
}

function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number of ${min} or more`;
  return z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, `${name} must be at most ${max.toLocaleString('en-US')}`)
    .nullable();
}

function leadDays(name: string) {
  const message = `${name} must be a whole number of days from 0 to ${MAX_LEAD_DAYS}`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_LEAD_DAYS, message).nullable();
}

const seasonalityMessage = `${FIELD_NAMES.seasonality_multiplier} must be a number greater than 0`;
const seasonalitySchema = z
  .number({ error: seasonalityMessage })
  .positive(seasonalityMessage)
  .max(MAX_SEASONALITY, `${FIELD_NAMES.seasonality_multiplier} must be at most ${MAX_SEASONALITY}`)
  .nullable();

const daysInStockMessage = `${FIELD_NAMES.days_in_stock_of_last_30} must be a whole number from 0 to 30`;

const fieldSchemas = {
  msku: keyText(FIELD_NAMES.msku),
  asin: keyText(FIELD_NAMES.asin),
  title: optionalText(FIELD_NAMES.title, MAX_TITLE_LENGTH),
  // Only web addresses: the value ends up in an <img src>.
  main_thumbnail: z
    .url({
      protocol: /^https?$/,
      error: `${FIELD_NAMES.main_thumbnail} must be a web address starting with http:// or https://`,
    })
    .max(MAX_URL_LENGTH, `${FIELD_NAMES.main_thumbnail} must be at most ${MAX_URL_LENGTH} characters`)
    .nullable(),
  replen: z.boolean({ error: `${FIELD_NAMES.replen} must be true or false` }),
  supplier: optionalText(FIELD_NAMES.supplier, MAX_TEXT_LENGTH),
  cost: money(FIELD_NAMES.cost),
  buy_box_price: money(FIELD_NAMES.buy_box_price),
  your_price: money(FIELD_NAMES.your_price),
  competitive_price: money(FIELD_NAMES.competitive_price),
  sales_last_30_days: wholeNumber(FIELD_NAMES.sales_last_30_days, 0, MAX_QUANTITY),
  days_in_stock_of_last_30: z
    .number({ error: daysInStockMessage })
    .int(daysInStockMessage)
    .min(0, daysInStockMessage)
    .max(30, daysInStockMessage)
    .nullable(),
  fba_quantity: wholeNumber(FIELD_NAMES.fba_quantity, 0, MAX_QUANTITY),
  inbound_quantity: wholeNumber(FIELD_NAMES.inbound_quantity, 0, MAX_QUANTITY),
  local_inventory_quantity: wholeNumber(FIELD_NAMES.local_inventory_quantity, 0, MAX_QUANTITY),
  quantity_already_ordered: wholeNumber(FIELD_NAMES.quantity_already_ordered, 0, MAX_QUANTITY),
  seasonality_multiplier: seasonalitySchema,
  order_lead_time: leadDays(FIELD_NAMES.order_lead_time),
  prep_lead_time: leadDays(FIELD_NAMES.prep_lead_time),
  amz_lead_time: leadDays(FIELD_NAMES.amz_lead_time),
  desired_days_of_inventory: leadDays(FIELD_NAMES.desired_days_of_inventory),
  case_pack: wholeNumber(FIELD_NAMES.case_pack, 1, MAX_QUANTITY),
  moq: wholeNumber(FIELD_NAMES.moq, 1, MAX_QUANTITY),
} satisfies Record<StoredField, z.ZodType>;

/**
 * DESIGN 5: a stored product (restock row). Every key is required (null where unknown) so that a
 * partial object, such as an imported row, cannot be mistaken for a whole one and blank out the
 * rest; only seasonality_multiplier falls back to its default of 1 when absent.
 */
export const productSchema = z.object({
  ...fieldSchemas,
  seasonality_multiplier: seasonalitySchema.default(1),
});
export type Product = z.infer<typeof productSchema>;

/** SPEC 3's editable columns, plus case_pack and moq (DESIGN 5). */
export const EDITABLE_FIELDS = [
  'replen',
  'supplier',
  'cost',
  'quantity_already_ordered',
  'local_inventory_quantity',
  'seasonality_multiplier',
  'order_lead_time',
  'desired_days_of_inventory',
  'prep_lead_time',
  'amz_lead_time',
  'competitive_price',
  'case_pack',
  'moq',
] as const satisfies readonly StoredField[];
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** The schema of each editable field's value; null clears it (the engine then uses its default). */
export const editableFieldSchemas = {
  replen: fieldSchemas.replen,
  supplier: fieldSchemas.supplier,
  cost: fieldSchemas.cost,
  quantity_already_ordered: fieldSchemas.quantity_already_ordered,
  local_inventory_quantity: fieldSchemas.local_inventory_quantity,
  seasonality_multiplier: fieldSchemas.seasonality_multiplier,
  order_lead_time: fieldSchemas.order_lead_time,
  desired_days_of_inventory: fieldSchemas.desired_days_of_inventory,
  prep_lead_time: fieldSchemas.prep_lead_time,
  amz_lead_time: fieldSchemas.amz_lead_time,
  competitive_price: fieldSchemas.competitive_price,
  case_pack: fieldSchemas.case_pack,
  moq: fieldSchemas.moq,
} satisfies Record<EditableField, z.ZodType>;

export type EditableFieldValue<F extends EditableField> = z.output<(typeof editableFieldSchemas)[F]>;

const editableFieldSet: ReadonlySet<string> = new Set(EDITABLE_FIELDS);

export const isEditableField = (key: string): key is EditableField => editableFieldSet.has(key);

export type SingleFieldEdit = {
  [F in EditableField]: { ok: true; field: F; value: EditableFieldValue<F> };
}[EditableField];

export type SingleFieldEditResult = SingleFieldEdit | { ok: false; message: string };

export const ONE_FIELD_MESSAGE = 'Send exactly one field to change';

// Echoing an arbitrary key back is fine, an arbitrarily long one is not.
const shown = (key: string) => (key.length > 60 ? `${key.slice(0, 57)}...` : key);

/** DESIGN 6: a row edit carries exactly one editable field. */
export function parseSingleFieldEdit(body: unknown): SingleFieldEditResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: ONE_FIELD_MESSAGE };
  }
  const keys = Object.keys(body);
  const field = keys[0];
  if (keys.length !== 1 || field === undefined) return { ok: false, message: ONE_FIELD_MESSAGE };
  if (!isEditableField(field)) return { ok: false, message: `${shown(field)} is not an editable field` };

  const parsed = editableFieldSchemas[field].safeParse((body as Record<string, unknown>)[field]);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? `${FIELD_NAMES[field]} is not valid` };
  }
  return { ok: true, field, value: parsed.data } as SingleFieldEdit;
}

function defaultDays(name: string) {
  const message = `${name} must be a whole number of days from 0 to ${MAX_DEFAULT_DAYS}`;
  return z.number({ error: message }).int(message).min(0, message).max(MAX_DEFAULT_DAYS, message);
}

/** Settings → Calculations: the account's values for lead and desired days left blank on a product. */
export const calculationDefaultsSchema = z.object({
  order_lead_time: defaultDays(FIELD_NAMES.order_lead_time),
  prep_lead_time: defaultDays(FIELD_NAMES.prep_lead_time),
  amz_lead_time: defaultDays(FIELD_NAMES.amz_lead_time),
  desired_days_of_inventory: defaultDays(FIELD_NAMES.desired_days_of_inventory),
});
export type CalculationDefaults = z.infer<typeof calculationDefaultsSchema>;

/** DESIGN 5: used until an account saves its own. */
export const BUILT_IN_DEFAULTS: Readonly<CalculationDefaults> = Object.freeze({
  order_lead_time: 7,
  prep_lead_time: 3,
  amz_lead_time: 10,
  desired_days_of_inventory: 30,
});
