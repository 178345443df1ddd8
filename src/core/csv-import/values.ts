import type { CellFormat } from '../restock/formatters';
import { MARKETPLACE_CURRENCIES, marketplaceByCode } from '../restock/marketplace';

// SPEC 5 ('CSV import value parsing per target'): each parser answers the typed value or null.
// Raw cells are usually strings, but the parsers accept any value so that a CSV parser with
// dynamic typing (numbers, booleans) can feed them too. Numbers follow the file's locale: a
// German report writes 1.234,56 where a US one writes 1,234.56.

export const VALUE_TYPES = [
  'boolean',
  'money',
  'integer',
  'decimal',
  'text',
  'percent',
  'marketplace',
  'currency',
] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** How a value of each type is shown in previews: amounts as money, counts and rates as numbers. */
export const VALUE_FORMATS: Readonly<Record<ValueType, CellFormat>> = {
  text: 'text',
  money: 'currency',
  integer: 'number',
  decimal: 'number',
  percent: 'number',
  boolean: 'boolean',
  marketplace: 'text',
  currency: 'text',
};
export type ParsedValue = boolean | number | string | null;

export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];

export type ParseOptions = {
  /** The file's decimal separator; '.' when not given. */
  decimal?: DecimalSeparator;
};

// Spreadsheets write these instead of a value; a cell holding one holds nothing.
const SPREADSHEET_ERROR =
  /^#(?:N\/A|REF!|VALUE!|DIV\/0!|NAME\?|NULL!|NUM!|ERROR!?|SPILL!|CALC!|FIELD!|BLOCKED!|CONNECT!|BUSY!|UNKNOWN!|GETTING_DATA)$/i;
// Words and dashes that exports and people use for "no value".
const EMPTY_WORDS = new Set(['n/a', 'nil', 'nill', 'null', 'nan', '-', '--', '—']);
const LONGEST_EMPTY_WORD = Math.max(...[...EMPTY_WORDS].map((word) => word.length));
const HASH = '#'.charCodeAt(0);

const TRUE_WORDS = new Set(['true', '1', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'no']);

/**
 * True when a cell holds nothing: missing, only whitespace, a spreadsheet error such as '#REF!'
 * or '#N/A', or a placeholder such as 'N/A' or 'Nill'.
 */
export function isBlank(raw: unknown): boolean {
  if (raw == null) return true;
  if (typeof raw !== 'string') return false;
  const text = raw.trim();
  if (text === '') return true;
  // Most cells hold a value: longer than any empty word and not a spreadsheet error's '#'.
  if (text.length > LONGEST_EMPTY_WORD && text.charCodeAt(0) !== HASH) return false;
  return SPREADSHEET_ERROR.test(text) || EMPTY_WORDS.has(text.toLowerCase());
}

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

// Thousands may be grouped by these; the decimal separator itself is never a group separator.
const GROUP_SEPARATORS = [',', '.', ' ', '\u00A0', '\u202F', "'"] as const;

function groupedPattern(group: string, decimal: DecimalSeparator): RegExp {
  const g = group === '.' ? '\\.' : group;
  const d = decimal === '.' ? '\\.' : decimal;
  return new RegExp(`^\\d{1,3}(?:${g}\\d{3})+(?:${d}\\d*)?$`);
}

const PLAIN_PATTERNS: Record<DecimalSeparator, RegExp> = {
  '.': /^(?:\d+(?:\.\d*)?|\.\d+)$/,
  ',': /^(?:\d+(?:,\d*)?|,\d+)$/,
};

const GROUPED_PATTERNS: Record<DecimalSeparator, { group: string; pattern: RegExp }[]> = {
  '.': GROUP_SEPARATORS.filter((group) => group !== '.').map((group) => ({
    group,
    pattern: groupedPattern(group, '.'),
  })),
  ',': GROUP_SEPARATORS.filter((group) => group !== ',').map((group) => ({
    group,
    pattern: groupedPattern(group, ','),
  })),
};

/**
 * An unsigned number written in plain notation with the given decimal separator, optionally with
 * thousands grouped in threes ('1,234.5', '1.234,5', '1 234,5'). No exponents, hex or 'Infinity',
 * which Number() would accept, and no groups of other sizes ('12,99' is not 1299).
 */
function parseUnsigned(text: string, decimal: DecimalSeparator): number | null {
  let digits: string | null = null;
  if (PLAIN_PATTERNS[decimal].test(text)) digits = text;
  else {
    const grouped = GROUPED_PATTERNS[decimal].find(({ pattern }) => pattern.test(text));
    if (grouped) digits = text.split(grouped.group).join('');
  }
  if (digits === null) return null;
  // Adding 0 turns '-0' into 0 so that equal amounts compare equal.
  return Number(decimal === ',' ? digits.replace(',', '.') : digits) + 0;
}

/** A signed number: a leading '+' or '-', then parseUnsigned. */
function parseSigned(text: string, decimal: DecimalSeparator): number | null {
  const negative = text.startsWith('-');
  const unsigned = negative || text.startsWith('+') ? text.slice(1) : text;
  const value = parseUnsigned(unsigned, decimal);
  if (value === null) return null;
  return negative ? 0 - value : value;
}

// Currency marks as they appear around amounts, longest first so that 'US$' wins over '$'.
// The code is null for a bare '$', which many marketplaces use.
const CURRENCY_MARKS: readonly (readonly [string, string | null])[] = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['AU$', 'AUD'],
  ['MX$', 'MXN'],
  ['USD', 'USD'],
  ['GBP', 'GBP'],
  ['EUR', 'EUR'],
  ['JPY', 'JPY'],
  ['INR', 'INR'],
  ['CAD', 'CAD'],
  ['AUD', 'AUD'],
  ['MXN', 'MXN'],
  ['Rs.', 'INR'],
  ['C$', 'CAD'],
  ['A$', 'AUD'],
  ['Rs', 'INR'],
  ['$', null],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['¥', 'JPY'],
  ['￥', 'JPY'],
  ['円', 'JPY'],
  ['₹', 'INR'],
];

/**
 * Each mark's currency by the mark's upper case, the first listed winning: one lookup, where a
 * scan upper-cased the cell once per mark (50-65 ms for a 200,000-character cell).
 */
const CURRENCY_BY_MARK = new Map<string, string | null>();
for (const [mark, code] of CURRENCY_MARKS) {
  const upper = mark.toUpperCase();
  if (!CURRENCY_BY_MARK.has(upper)) CURRENCY_BY_MARK.set(upper, code);
}

type Stripped = { text: string; mark: string | null };

type IndexedMark = { order: number; mark: string; upper: string };

/** The marks by the upper case of their first (or last) character, in CURRENCY_MARKS' order. */
function marksBy(end: 'first' | 'last'): Map<string, IndexedMark[]> {
  const byChar = new Map<string, IndexedMark[]>();
  CURRENCY_MARKS.forEach(([mark], order) => {
    const upper = mark.toUpperCase();
    const char = end === 'first' ? upper[0]! : upper.at(-1)!;
    const marks = byChar.get(char) ?? [];
    marks.push({ order, mark, upper });
    byChar.set(char, marks);
  });
  return byChar;
}
// A cell is checked only against the marks that could begin or end it.
const MARKS_BY_FIRST = marksBy('first');
const MARKS_BY_LAST = marksBy('last');

/**
 * Removes one currency mark from the start or the end of the text (with the spaces beside it):
 * the first mark of CURRENCY_MARKS found at either end, at the start when both ends hold it.
 */
function stripCurrencyMark(text: string): Stripped {
  const upper = text.toUpperCase();
  const atStart = MARKS_BY_FIRST.get(upper[0] ?? '')?.find((known) => upper.startsWith(known.upper));
  const atEnd = MARKS_BY_LAST.get(upper.at(-1) ?? '')?.find((known) => upper.endsWith(known.upper));
  if (atStart && (!atEnd || atStart.order <= atEnd.order))
    return { text: text.slice(atStart.mark.length).trim(), mark: atStart.mark };
  if (atEnd) return { text: text.slice(0, -atEnd.mark.length).trim(), mark: atEnd.mark };
  return { text, mark: null };
}

/**
 * An amount as sellers' files write it: '$1,234.50', '£12.99', '€12,99', '12,99 €', '¥1,980',
 * 'EUR 12,99', '-$3.25', '$-3.25', and accounting notation '(12.50)' or '($1,200)' for negatives.
 * Answers the number and the currency mark that was around it.
 */
export function readAmount(
  raw: string,
  decimal: DecimalSeparator = '.',
): { value: number; mark: string | null } | null {
  let { text, mark } = stripCurrencyMark(raw.trim());
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    const inner = stripCurrencyMark(text.slice(1, -1).trim());
    text = inner.text;
    mark ??= inner.mark;
    // A sign inside parentheses is ambiguous ('(-5)'), so it is refused rather than guessed.
    if (/^[+-]/.test(text)) return null;
  } else if (/^[+-]/.test(text)) {
    negative = text.startsWith('-');
    const inner = stripCurrencyMark(text.slice(1).trim());
    text = inner.text;
    mark ??= inner.mark;
  }
  const value = parseUnsigned(text, decimal);
  if (value === null) return null;
  return { value: negative ? 0 - value : value, mark };
}

/** The ISO code of a currency mark, or null for an unknown mark or a bare '$'. */
export function currencyOfMark(mark: string): string | null {
  return CURRENCY_BY_MARK.get(mark.toUpperCase()) ?? null;
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

const ZERO = '0'.charCodeAt(0);
const NINE = '9'.charCodeAt(0);
const DOLLAR = '$'.charCodeAt(0);

/**
 * The commonest number cell read quickly: ASCII digits from `start` to the end, with at most one
 * decimal separator between two digits ('258', '57.38'; '57,38' in a comma file). Answers
 * undefined for any other text, which the full reading takes. For these cells the full reading
 * (no blank word, no mark, no sign, plain notation) answers the same number: a test holds them
 * equal. Most of a 100,000-row import's cells are numbers, and the full reading costs several
 * times as much.
 */
function plainNumber(text: string, start: number, decimal: DecimalSeparator): number | undefined {
  const { length } = text;
  if (length === start) return undefined;
  const separator = decimal.charCodeAt(0);
  let separatorAt = -1;
  for (let index = start; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= ZERO && code <= NINE) continue;
    if (code !== separator || separatorAt >= 0 || index === start || index === length - 1) return undefined;
    separatorAt = index;
  }
  const digits = start === 0 ? text : text.slice(start);
  return Number(separatorAt >= 0 && decimal === ',' ? digits.replace(',', '.') : digits);
}

export function parseMoney(raw: unknown, options: ParseOptions = {}): number | null {
  if (typeof raw === 'number') return finiteOrNull(raw);
  if (typeof raw !== 'string') return null;
  const decimal = options.decimal ?? '.';
  const plain = plainNumber(raw, raw.charCodeAt(0) === DOLLAR ? 1 : 0, decimal);
  if (plain !== undefined) return plain;
  if (isBlank(raw)) return null;
  return readAmount(raw, decimal)?.value ?? null;
}

/**
 * A whole number. '5.0' and '1.00', which pandas and spreadsheets write for whole numbers, are
 * whole; '12.5' is not.
 */
export function parseInteger(raw: unknown, options: ParseOptions = {}): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) ? raw + 0 : null;
  const value = parseDecimal(raw, options);
  return value !== null && Number.isSafeInteger(value) ? value : null;
}

export function parseDecimal(raw: unknown, options: ParseOptions = {}): number | null {
  if (typeof raw === 'number') return finiteOrNull(raw);
  if (typeof raw !== 'string') return null;
  const decimal = options.decimal ?? '.';
  const plain = plainNumber(raw, 0, decimal);
  if (plain !== undefined) return plain;
  if (isBlank(raw)) return null;
  return parseSigned(raw.trim(), decimal);
}

export function parseText(raw: unknown): string | null {
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
  if (typeof raw !== 'string' || isBlank(raw)) return null;
  return raw.trim();
}

/** '12.5%' is 12.5: the value is kept in percent units, not divided by 100. */
export function parsePercent(raw: unknown, options: ParseOptions = {}): number | null {
  if (typeof raw === 'number') return finiteOrNull(raw);
  if (typeof raw !== 'string' || isBlank(raw)) return null;
  const text = raw.trim();
  return parseDecimal(text.endsWith('%') ? text.slice(0, -1) : text, options);
}

/** A marketplace's country code as stored ('us' → 'US', 'UK' → 'GB'), or null for anything else. */
export function parseMarketplace(raw: unknown): string | null {
  const text = parseText(raw);
  return text === null ? null : (marketplaceByCode(text)?.countryCode ?? null);
}

/** A marketplace currency's code ('gbp' or '£' → 'GBP'), or null for anything else. */
export function parseCurrency(raw: unknown): string | null {
  const text = parseText(raw);
  if (text === null) return null;
  const code = text.toUpperCase();
  if (MARKETPLACE_CURRENCIES.has(code)) return code;
  const marked = CURRENCY_BY_MARK.get(code) ?? null;
  return marked !== null && MARKETPLACE_CURRENCIES.has(marked) ? marked : null;
}

const PARSERS: Record<ValueType, (raw: unknown, options: ParseOptions) => ParsedValue> = {
  boolean: parseBoolean,
  money: parseMoney,
  integer: parseInteger,
  decimal: parseDecimal,
  text: parseText,
  percent: parsePercent,
  marketplace: parseMarketplace,
  currency: parseCurrency,
};

export function parseValue(type: ValueType, raw: unknown, options: ParseOptions = {}): ParsedValue {
  return PARSERS[type](raw, options);
}

/** What a number cell says about the decimal separator, or null when it could be either. */
function decimalEvidence(raw: string): DecimalSeparator | null {
  const amount = stripCurrencyMark(raw.trim()).text.replace(/^[(+-]+|\)$/g, '');
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(amount) || /^\d+,(?:\d{1,2}|\d{4,})$/.test(amount)) return ',';
  if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(amount) || /^\d+\.(?:\d{1,2}|\d{4,})$/.test(amount)) return '.';
  // '1,234' and '1.234' fit both: a group of three or a decimal part of three.
  return null;
}

/**
 * The decimal separator a file's number cells use, or null when nothing in them decides it.
 * '12,99' and '1.234,5' say comma; '12.99' and '1,234.5' say dot; the majority wins.
 */
export function detectDecimalSeparator(cells: Iterable<unknown>): DecimalSeparator | null {
  let comma = 0;
  let dot = 0;
  for (const cell of cells) {
    if (typeof cell !== 'string' || cell.length > 40) continue;
    const evidence = decimalEvidence(cell);
    if (evidence === ',') comma += 1;
    else if (evidence === '.') dot += 1;
  }
  if (comma === dot) return null;
  return comma > dot ? ',' : '.';
}

/**
 * The currency that amounts in these cells are marked with ('£12.99' → GBP), the most frequent
 * when several appear; '$' alone answers 'USD' unless a more specific mark decides. Null when no
 * cell carries a mark.
 */
export function detectCurrency(cells: Iterable<unknown>): string | null {
  const counts = new Map<string, number>();
  for (const cell of cells) {
    if (typeof cell !== 'string' || cell.length > 40) continue;
    const mark = stripCurrencyMark(cell.trim().replace(/^[(+-]+|\)$/g, '')).mark;
    if (mark === null) continue;
    const code = currencyOfMark(mark) ?? 'USD';
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [code, count] of counts) if (best === null || count > counts.get(best)!) best = code;
  return best;
}
