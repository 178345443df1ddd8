import {
  type FieldSpec,
  type FieldValue,
  fieldSpec,
  PRODUCT_FIELD_KEYS,
  type ProductFieldKey,
} from './fields';

// The rules a value of each product field must keep, read from its spec, and the one wording of
// each problem. The grid edit, the CSV import's row validator and the Calculations form all call
// these, so a value one of them accepts the others accept too.

export type FieldResult<V> = { ok: true; value: V } | { ok: false; message: string };

/** Image sources: web addresses only, never script or data URLs or app-relative paths. */
const WEB_ADDRESS = /^https?:\/\/\S+$/i;

const shownNumber = (value: number) => value.toLocaleString('en-US');

/** What a valid value of a number field is: 'a whole number of days from 0 to 3,650'. */
function numberExpectation(spec: FieldSpec): string {
  const kind = spec.type === 'money' ? 'an amount' : spec.type === 'integer' ? 'a whole number' : 'a number';
  const unit = spec.unit ? ` of ${spec.unit}` : '';
  const min = spec.min ?? Number.NEGATIVE_INFINITY;
  const max = spec.max ?? Number.POSITIVE_INFINITY;
  if (spec.minExclusive) return `${kind}${unit} above ${shownNumber(min)} and at most ${shownNumber(max)}`;
  return `${kind}${unit} from ${shownNumber(min)} to ${shownNumber(max)}`;
}

const messages = {
  required: (label: string) => `${label} is required`,
  notText: (label: string) => `${label} must be text`,
  tooLong: (label: string, max: number) => `${label} must be at most ${shownNumber(max)} characters`,
  notWebAddress: (label: string) => `${label} must be a web address starting with http:// or https://`,
  notBoolean: (label: string) => `${label} must be true or false`,
  notInRange: (label: string, spec: FieldSpec) => `${label} must be ${numberExpectation(spec)}`,
};

/** The problem with a value that is not null or undefined, or null when it is fine. */
type ValueCheck = (value: unknown) => string | null;

// Each check is a closure over its spec's constants: an import walks 200,000 rows through them.
function textCheck(spec: FieldSpec): ValueCheck {
  const { label, required = false } = spec;
  const max = spec.maxLength ?? Number.POSITIVE_INFINITY;
  const isUrl = spec.type === 'url';
  return (value) => {
    if (typeof value !== 'string') return messages.notText(label);
    const trimmed = value.trim();
    if (trimmed === '') return required ? messages.required(label) : null;
    if (trimmed.length > max) return messages.tooLong(label, max);
    if (isUrl && !WEB_ADDRESS.test(trimmed)) return messages.notWebAddress(label);
    return null;
  };
}

function numberCheck(spec: FieldSpec): ValueCheck {
  const message = messages.notInRange(spec.label, spec);
  const isWhole = spec.type === 'integer';
  const min = spec.min ?? Number.NEGATIVE_INFINITY;
  const max = spec.max ?? Number.POSITIVE_INFINITY;
  const isMinExclusive = spec.minExclusive ?? false;
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return message;
    if (isWhole && !Number.isInteger(value)) return message;
    if (isMinExclusive ? value <= min : value < min) return message;
    return value > max ? message : null;
  };
}

function booleanCheck(spec: FieldSpec): ValueCheck {
  const message = messages.notBoolean(spec.label);
  return (value) => (typeof value === 'boolean' ? null : message);
}

function valueCheck(spec: FieldSpec): ValueCheck {
  switch (spec.type) {
    case 'text':
    case 'url':
      return textCheck(spec);
    case 'boolean':
      return booleanCheck(spec);
    default:
      return numberCheck(spec);
  }
}

const VALUE_CHECKS = Object.fromEntries(
  PRODUCT_FIELD_KEYS.map((key) => [key, valueCheck(fieldSpec(key))]),
) as Record<ProductFieldKey, ValueCheck>;

/** The check of a field's present values (not null or undefined), for callers that loop. */
export const presentValueCheck = (key: ProductFieldKey): ValueCheck => VALUE_CHECKS[key];

/** Why a field cannot be blank where a value is needed. */
export function missingValueMessage(key: ProductFieldKey): string {
  const spec = fieldSpec(key);
  if (spec.type === 'text' || spec.type === 'url') return messages.required(spec.label);
  if (spec.type === 'boolean') return messages.notBoolean(spec.label);
  return messages.notInRange(spec.label, spec);
}

/** What a valid value of the field is, for hints beside inputs ('a whole number from 0 to 30'). */
export function fieldExpectation(key: ProductFieldKey): string {
  const spec = fieldSpec(key);
  if (spec.type === 'boolean') return 'true or false';
  if (spec.type === 'url') return 'a web address starting with http:// or https://';
  if (spec.type === 'text') return `text of at most ${shownNumber(spec.maxLength ?? 0)} characters`;
  return numberExpectation(spec);
}

/** A valid value as stored: text trimmed, blank text as null (SPEC 5: 'Text: null if empty'). */
function storedValue(_key: ProductFieldKey, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A field's value as an edit or a form sends it, checked and as it is stored. Null clears the
 * field, except where the field is never null.
 */
export function parseFieldValue<K extends ProductFieldKey>(
  key: K,
  value: unknown,
): FieldResult<FieldValue<K>> {
  const spec = fieldSpec(key);
  if (value === null || value === undefined) {
    return spec.required || spec.notNull
      ? { ok: false, message: missingValueMessage(key) }
      : { ok: true, value: null as FieldValue<K> };
  }
  const problem = VALUE_CHECKS[key](value);
  if (problem !== null) return { ok: false, message: problem };
  return { ok: true, value: storedValue(key, value) as FieldValue<K> };
}
