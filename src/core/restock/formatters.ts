/** SPEC 3: what a cell with no value shows. */
export const EMPTY_CELL = '-';

export const CELL_FORMATS = ['text', 'currency', 'number', 'percent', 'boolean', 'product'] as const;
export type CellFormat = (typeof CELL_FORMATS)[number];

// Built once: constructing an Intl.NumberFormat per cell would dominate rendering time.
const currencyFormats = new Map<string, Intl.NumberFormat>([
  ['USD', new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })],
]);

/** One formatter per currency, made on first use: '£12.99', '€12.99', '¥1,980', '₹499.00'. */
function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // Not a currency code Intl knows: shown as dollars rather than not at all.
      format = currencyFormats.get('USD')!;
    }
    currencyFormats.set(currency, format);
  }
  return format;
}
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A finite number, or a numeric string as PostgreSQL `numeric` columns arrive; otherwise null. */
function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** An amount in its currency, dollars by default: 1234.5 → '$1,234.50', in GBP '£1,234.50'. */
export function formatCurrency(value: unknown, currency = 'USD'): string {
  const number = toNumber(value);
  return number === null ? EMPTY_CELL : currencyFormat(currency).format(number);
}

/** Thousands separators, at most two decimals: 1234567.891 → '1,234,567.89'. */
export function formatNumber(value: unknown): string {
  const number = toNumber(value);
  return number === null ? EMPTY_CELL : numberFormat.format(number);
}

/** A ratio shown as a percentage with two decimals: 0.125 → '12.50%'. */
export function formatPercent(value: unknown): string {
  const number = toNumber(value);
  return number === null ? EMPTY_CELL : `${percentFormat.format(number * 100)}%`;
}

function formatProduct(value: unknown): string {
  if (typeof value === 'string') return value === '' ? EMPTY_CELL : value;
  if (typeof value !== 'object' || value === null) return EMPTY_CELL;
  const { title, msku } = value as { title?: unknown; msku?: unknown };
  if (typeof title === 'string' && title !== '') return title;
  return typeof msku === 'string' && msku !== '' ? msku : EMPTY_CELL;
}

/** The text of one cell (amounts in `currency`); null, undefined and values that do not fit the format show '-'. */
export function formatCell(format: CellFormat, value: unknown, currency = 'USD'): string {
  if (value === null || value === undefined) return EMPTY_CELL;
  switch (format) {
    case 'currency':
      return formatCurrency(value, currency);
    case 'number':
      return formatNumber(value);
    case 'percent':
      return formatPercent(value);
    case 'boolean':
      return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : EMPTY_CELL;
    case 'product':
      return formatProduct(value);
    case 'text':
      return value === '' ? EMPTY_CELL : String(value);
  }
}
