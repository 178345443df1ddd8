import { z } from 'zod';
import { NO_DATA_MESSAGE } from './mapping';
import { TARGET_KEYS, type TargetKey } from './targets';

// The request schemas of POST /api/dynamic/import-inventory and PUT /api/dynamic/saved-mapping
// (DESIGN 6), shared by the server, which enforces them, and the web, which can check before sending.

export const MAX_IMPORT_ROWS = 200_000;
export const MSKU_MAX = 100;
export const ASIN_MAX = 20;
export const TEXT_MAX = 500;
export const COLUMN_NAME_MAX = 200;
/** Money is bounded well inside the database column (numeric(14,2)). */
export const MONEY_LIMIT = 1_000_000_000;
/** Counts and days are PostgreSQL `integer`s. */
export const INTEGER_MAX = 2_147_483_647;
export const SEASONALITY_MAX = 100;

const MAX_NAMED_KEYS = 5;
const KEY_SHOWN_MAX = 50;

/** Names unknown keys without echoing an unbounded list of unbounded strings back. */
function unknownKeysMessage(kind: string, keys: readonly string[]): string {
  const shown = keys.slice(0, MAX_NAMED_KEYS).map((key) => `"${key.slice(0, KEY_SHOWN_MAX)}"`);
  const more = keys.length > MAX_NAMED_KEYS ? ` and ${keys.length - MAX_NAMED_KEYS} more` : '';
  return `Unknown ${kind}${keys.length > 1 ? 's' : ''} ${shown.join(', ')}${more}`;
}

type TextRule = { kind: 'text'; max: number; required?: true; url?: true };
type NumberRule = {
  kind: 'number';
  integer: boolean;
  min: number;
  /** seasonality_multiplier must be above 0, not at or above it. */
  minExclusive?: true;
  max: number;
  tooLow: string;
  tooHigh: string;
};
type BooleanRule = { kind: 'boolean' };
type FieldRule = TextRule | NumberRule | BooleanRule;

const money = (field: TargetKey): NumberRule => {
  const outside = `${field} must be between -${MONEY_LIMIT} and ${MONEY_LIMIT}`;
  return {
    kind: 'number',
    integer: false,
    min: -MONEY_LIMIT,
    max: MONEY_LIMIT,
    tooLow: outside,
    tooHigh: outside,
  };
};

const count = (field: TargetKey, min = 0): NumberRule => ({
  kind: 'number',
  integer: true,
  min,
  max: INTEGER_MAX,
  tooLow: min === 0 ? `${field} must not be negative` : `${field} must be at least ${min}`,
  tooHigh: `${field} must be at most ${INTEGER_MAX}`,
});

const text = (max: number): TextRule => ({ kind: 'text', max });

/**
 * One rule per target, read by both the zod schema and the row walker below, so the two cannot
 * drift apart on limits or wording.
 */
const FIELD_RULES = {
  msku: { kind: 'text', max: MSKU_MAX, required: true },
  asin: text(ASIN_MAX),
  title: text(TEXT_MAX),
  // Shown as an <img> source: only web addresses, never script or data URLs or app-relative paths.
  main_thumbnail: { kind: 'text', max: TEXT_MAX, url: true },
  supplier: text(TEXT_MAX),
  cost: money('cost'),
  your_price: money('your_price'),
  buy_box_price: money('buy_box_price'),
  competitive_price: money('competitive_price'),
  sales_last_30_days: count('sales_last_30_days'),
  days_in_stock_of_last_30: {
    kind: 'number',
    integer: true,
    min: 0,
    max: 30,
    tooLow: 'days_in_stock_of_last_30 must be between 0 and 30',
    tooHigh: 'days_in_stock_of_last_30 must be between 0 and 30',
  },
  fba_quantity: count('fba_quantity'),
  inbound_quantity: count('inbound_quantity'),
  local_inventory_quantity: count('local_inventory_quantity'),
  quantity_already_ordered: count('quantity_already_ordered'),
  seasonality_multiplier: {
    kind: 'number',
    integer: false,
    min: 0,
    minExclusive: true,
    max: SEASONALITY_MAX,
    tooLow: 'seasonality_multiplier must be greater than 0',
    tooHigh: `seasonality_multiplier must be at most ${SEASONALITY_MAX}`,
  },
  order_lead_time: count('order_lead_time'),
  prep_lead_time: count('prep_lead_time'),
  amz_lead_time: count('amz_lead_time'),
  desired_days_of_inventory: count('desired_days_of_inventory'),
  case_pack: count('case_pack', 1),
  moq: count('moq', 1),
  replen: { kind: 'boolean' },
} as const satisfies Record<TargetKey, FieldRule>;

const IMAGE_URL_PATTERN = /^https?:\/\//i;

const messages = {
  required: (field: string) => `${field} is required`,
  notText: (field: string) => `${field} must be text`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  notUrl: (field: string) => `${field} must be an http or https URL`,
  notNumber: (field: string) => `${field} must be a number`,
  notWhole: (field: string) => `${field} must be a whole number`,
  notBoolean: (field: string) => `${field} must be true or false`,
};

const requiredTextSchema = (field: string, rule: TextRule) =>
  z
    .string({ error: (issue) => (issue.input == null ? messages.required(field) : messages.notText(field)) })
    .trim()
    .min(1, messages.required(field))
    .max(rule.max, messages.tooLong(field, rule.max));

/** Optional text: trimmed, and blank text is stored as null (SPEC 5: 'null if empty'). */
const optionalTextSchema = (field: string, rule: TextRule) =>
  z
    .string({ error: messages.notText(field) })
    .trim()
    .max(rule.max, messages.tooLong(field, rule.max))
    .refine((value) => !rule.url || value === '' || IMAGE_URL_PATTERN.test(value), messages.notUrl(field))
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

function numberSchema(field: string, rule: NumberRule) {
  let schema = z.number({ error: messages.notNumber(field) });
  if (rule.integer) schema = schema.int(messages.notWhole(field));
  schema = rule.minExclusive ? schema.gt(rule.min, rule.tooLow) : schema.min(rule.min, rule.tooLow);
  return schema.max(rule.max, rule.tooHigh).nullable().optional();
}

const booleanSchema = (field: string) =>
  z
    .boolean({ error: messages.notBoolean(field) })
    .nullable()
    .optional();

type SchemaFor<R extends FieldRule> = R extends { kind: 'text'; required: true }
  ? ReturnType<typeof requiredTextSchema>
  : R extends TextRule
    ? ReturnType<typeof optionalTextSchema>
    : R extends NumberRule
      ? ReturnType<typeof numberSchema>
      : ReturnType<typeof booleanSchema>;

function fieldSchema(field: string, rule: FieldRule) {
  if (rule.kind === 'text')
    return rule.required ? requiredTextSchema(field, rule) : optionalTextSchema(field, rule);
  if (rule.kind === 'number') return numberSchema(field, rule);
  return booleanSchema(field);
}

const rowShape = Object.fromEntries(TARGET_KEYS.map((key) => [key, fieldSchema(key, FIELD_RULES[key])])) as {
  [K in TargetKey]: SchemaFor<(typeof FIELD_RULES)[K]>;
};

export const importRowSchema = z.strictObject(rowShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys' ? unknownKeysMessage('field', issue.keys) : 'row must be an object',
});

/** What the web sends per row. */
export type ImportRowInput = z.input<typeof importRowSchema>;
/** What the server stores: text trimmed, blank text as null. */
export type ImportRow = z.output<typeof importRowSchema>;

export const TOO_MANY_ROWS_MESSAGE = `Too many rows: at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} per import`;
const NOT_A_LIST_MESSAGE = 'data must be a list of rows';

const duplicateMskuMessage = (row: number, msku: string, firstRow: number) =>
  `Row ${row}: msku "${msku}" is already on row ${firstRow}`;

/**
 * The whole request as one zod schema, for typing and small bodies. The route should call
 * parseImportRequest instead: same rules, one answer naming the first bad row.
 */
export const importRequestSchema = z.strictObject(
  {
    data: z
      .array(importRowSchema, {
        error: (issue) => (issue.input === undefined ? 'data is required' : NOT_A_LIST_MESSAGE),
      })
      .min(1, NO_DATA_MESSAGE)
      .max(MAX_IMPORT_ROWS, TOO_MANY_ROWS_MESSAGE)
      .superRefine((rows, context) => {
        const duplicate = findDuplicateMsku(rows);
        if (duplicate) context.addIssue({ code: 'custom', message: duplicate });
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownKeysMessage('field', issue.keys) : 'body must be an object',
  },
);
export type ImportRequest = z.output<typeof importRequestSchema>;

function findDuplicateMsku(rows: readonly ImportRow[]): string | null {
  const firstRowByMsku = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    const firstRow = firstRowByMsku.get(row.msku);
    if (firstRow !== undefined) return duplicateMskuMessage(index + 1, row.msku, firstRow);
    firstRowByMsku.set(row.msku, index + 1);
  }
  return null;
}

export type ImportValidation = { ok: true; rows: ImportRow[] } | { ok: false; message: string };

/** Answers the problem with one value, or null. */
type ValueCheck = (value: unknown) => string | null;

// The same checks, in the same order, as the zod field schemas above. Each check is a closure
// over its rule's constants, which keeps the walk over 200,000 rows fast.
function textCheck(field: string, rule: TextRule): ValueCheck {
  const { max, required = false, url = false } = rule;
  return (value) => {
    if (value == null) return required ? messages.required(field) : null;
    if (typeof value !== 'string') return messages.notText(field);
    const trimmed = value.trim();
    if (required && trimmed === '') return messages.required(field);
    if (trimmed.length > max) return messages.tooLong(field, max);
    if (url && trimmed !== '' && !IMAGE_URL_PATTERN.test(trimmed)) return messages.notUrl(field);
    return null;
  };
}

function numberCheck(field: string, rule: NumberRule): ValueCheck {
  const { integer, min, max, minExclusive = false, tooLow, tooHigh } = rule;
  return (value) => {
    if (value == null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value)) return messages.notNumber(field);
    if (integer && !Number.isInteger(value)) return messages.notWhole(field);
    if (minExclusive ? value <= min : value < min) return tooLow;
    if (value > max) return tooHigh;
    return null;
  };
}

const booleanCheck =
  (field: string): ValueCheck =>
  (value) =>
    value == null || typeof value === 'boolean' ? null : messages.notBoolean(field);

function valueCheck(field: string, rule: FieldRule): ValueCheck {
  if (rule.kind === 'text') return textCheck(field, rule);
  if (rule.kind === 'number') return numberCheck(field, rule);
  return booleanCheck(field);
}

const FIELD_CHECKS = TARGET_KEYS.map((field) => ({ field, check: valueCheck(field, FIELD_RULES[field]) }));
const KNOWN_FIELDS = new Set<string>(TARGET_KEYS);

/** The problem with one row, or null. */
function rowProblem(row: unknown): string | null {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return 'row must be an object';
  const fields = row as Record<string, unknown>;
  for (const { field, check } of FIELD_CHECKS) {
    const problem = check(fields[field]);
    if (problem) return problem;
  }
  for (const key in fields) {
    if (!KNOWN_FIELDS.has(key)) {
      return unknownKeysMessage(
        'field',
        Object.keys(fields).filter((name) => !KNOWN_FIELDS.has(name)),
      );
    }
  }
  return null;
}

const TEXT_FIELDS = TARGET_KEYS.filter((field) => FIELD_RULES[field].kind === 'text');

/**
 * A valid row as stored: text trimmed, blank text as null. Copying every row would double the
 * time of a large import, so a row that is already clean (what mappedRows sends) is kept as given.
 */
function storedRow(row: Record<string, unknown>): ImportRow {
  let copy: Record<string, unknown> | null = null;
  for (const field of TEXT_FIELDS) {
    const value = row[field];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === value && trimmed !== '') continue;
    copy ??= { ...row };
    copy[field] = trimmed === '' ? null : trimmed;
  }
  return (copy ?? row) as ImportRow;
}

/**
 * Checks rows one at a time and stops at the first bad one, answering 'Row {n}: {problem}' with n
 * counted from 1. It walks the rows by hand because zod takes seconds over 200,000 full rows; the
 * tests hold it to the same answers as importRequestSchema. A repeated msku is refused: the import
 * upserts by msku, and silently keeping one of two differing rows would lose data.
 */
export function validateImportRows(rows: readonly unknown[]): ImportValidation {
  if (rows.length === 0) return { ok: false, message: NO_DATA_MESSAGE };
  if (rows.length > MAX_IMPORT_ROWS) return { ok: false, message: TOO_MANY_ROWS_MESSAGE };
  const valid: ImportRow[] = new Array(rows.length);
  const firstRowByMsku = new Map<string, number>();
  for (let index = 0; index < rows.length; index += 1) {
    const problem = rowProblem(rows[index]);
    if (problem) return { ok: false, message: `Row ${index + 1}: ${problem}` };
    const row = storedRow(rows[index] as Record<string, unknown>);
    const firstRow = firstRowByMsku.get(row.msku);
    if (firstRow !== undefined)
      return { ok: false, message: duplicateMskuMessage(index + 1, row.msku, firstRow) };
    firstRowByMsku.set(row.msku, index + 1);
    valid[index] = row;
  }
  return { ok: true, rows: valid };
}

/** The import route's body: `{data: rows}` and nothing else. */
export function parseImportRequest(body: unknown): ImportValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'body must be an object' };
  }
  const unknownKeys = Object.keys(body).filter((key) => key !== 'data');
  if (unknownKeys.length > 0) return { ok: false, message: unknownKeysMessage('field', unknownKeys) };
  const { data } = body as { data?: unknown };
  if (data === undefined) return { ok: false, message: 'data is required' };
  if (!Array.isArray(data)) return { ok: false, message: NOT_A_LIST_MESSAGE };
  return validateImportRows(data);
}

const columnName = (target: TargetKey) =>
  z
    .string({ error: `Column for "${target}" must be text or null` })
    .max(COLUMN_NAME_MAX, `Column for "${target}" must be at most ${COLUMN_NAME_MAX} characters`)
    .nullable()
    .optional();

const savedMappingShape = Object.fromEntries(TARGET_KEYS.map((key) => [key, columnName(key)])) as Record<
  TargetKey,
  ReturnType<typeof columnName>
>;

/** PUT /api/dynamic/saved-mapping: `{mapping: {target: csvColumn | null}}`. */
export const mappingSchema = z.strictObject(
  {
    mapping: z
      .strictObject(savedMappingShape, {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? unknownKeysMessage('target', issue.keys)
            : issue.input === undefined
              ? 'mapping is required'
              : 'mapping must be an object',
      })
      // One column feeds one target (SPEC 4), so a saved mapping cannot name a column twice.
      .superRefine((mapping, context) => {
        const seen = new Set<string>();
        for (const column of Object.values(mapping)) {
          if (column == null) continue;
          if (seen.has(column)) {
            context.addIssue({
              code: 'custom',
              message: `Column "${column}" is mapped to more than one target`,
            });
            return;
          }
          seen.add(column);
        }
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownKeysMessage('field', issue.keys) : 'body must be an object',
  },
);
export type SavedMapping = z.output<typeof mappingSchema>['mapping'];
