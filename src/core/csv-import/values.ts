// SPEC 5 ('CSV import value parsing per target'): each parser answers the typed value or null.
// Raw cells are usually strings, but the parsers accept any value so that a CSV parser with
// dynamic typing (numbers, booleans) can feed them too.

export const VALUE_TYPES = ['boolean', 'money', 'integer', 'decimal', 'text', 'percent'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];
export type ParsedValue = boolean | number | string | null;

// Plain decimal notation only: no exponents, hex, 'Infinity' or empty text, which Number() accepts.
const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER_PATTERN = /^[+-]?\d+$/;
// Thousands separators only where they belong: '1,200' and '12,345,678', not '1,2'.
const GROUPED_INTEGER_PATTERN = /^[+-]?\d{1,3}(,\d{3})+$/;

const TRUE_WORDS = new Set(['true', '1', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'no']);

/** True when a cell holds nothing: missing, null, or only whitespace. */
export function isBlank(raw: unknown): boolean {
  return raw == null || (typeof raw === 'string' && raw.trim() === '');
}

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

function parseDecimalText(text: string): number | null {
  // Adding 0 turns '-0' into 0 so that equal amounts compare equal.
  return DECIMAL_PATTERN.test(text) ? Number(text) + 0 : null;
}

export function parseBoolean(raw: unknown): boolean | null {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : null;
  if (typeof raw !== 'string') return null;
  const word = raw.trim().toLowerCase();
  // SPEC 5: text starting with '#' (spreadsheet errors such as '#N/A') means no value.
  if (word === '' || word.startsWith('#')) return null;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

export function parseMoney(raw: unknown): number | null {
  if (typeof raw === 'number') return finiteOrNull(raw);
  if (typeof raw !== 'string') return null;
  // Dollar signs may sit inside or outside the parentheses: '($1,200)' and '$(1,200)' both occur.
  let text = raw.replace(/[$,]/g, '').trim();
  // Accounting notation: '(12.50)' is -12.50.
  const isNegative = text.startsWith('(') && text.endsWith(')');
  if (isNegative) text = text.slice(1, -1).trim();
  // A sign inside parentheses is ambiguous ('(-5)'), so it is refused rather than guessed.
  if (isNegative && /^[+-]/.test(text)) return null;
  const amount = parseDecimalText(text);
  if (amount === null) return null;
  return isNegative ? 0 - amount : amount;
}

export function parseInteger(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  // Sellers' exports carry thousands separators ('1,200').
  if (!INTEGER_PATTERN.test(text) && !GROUPED_INTEGER_PATTERN.test(text)) return null;
  const value = Number.parseInt(text.replace(/,/g, ''), 10) + 0;
  return Number.isSafeInteger(value) ? value : null;
}

export function parseDecimal(raw: unknown): number | null {
  if (typeof raw === 'number') return finiteOrNull(raw);
  if (typeof raw !== 'string') return null;
  return parseDecimalText(raw.trim().replace(/,/g, ''));
}

export function parseText(raw: unknown): string | null {
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return text === '' ? null : text;
}

/** '12.5%' is 12.5: the value is kept in percent units, not divided by 100. */
export function parsePercent(raw: unknown): number | null {
  if (typeof raw === 'number') return finiteOrNull(raw);
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return parseDecimal(text.endsWith('%') ? text.slice(0, -1) : text);
}

const PARSERS: Record<ValueType, (raw: unknown) => ParsedValue> = {
  boolean: parseBoolean,
  money: parseMoney,
  integer: parseInteger,
  decimal: parseDecimal,
  text: parseText,
  percent: parsePercent,
};

export function parseValue(type: ValueType, raw: unknown): ParsedValue {
  return PARSERS[type](raw);
}
