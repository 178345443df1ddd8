/**
 * SPEC 5 (early-access signup): what the form does to each field while typing, on blur and
 * before sending. Plain functions with no zod, so the landing page stays small (DESIGN 8); the
 * server checks the same rules with the zod schema in ./schema.
 */

export const EARLY_ACCESS_MESSAGES = {
  fullNameRequired: 'Full Name is required',
  fullNameText: 'Full Name must be text',
  fullNameTooLong: 'Full Name must be at most 100 characters',
  emailRequired: 'Email is required',
  emailText: 'Email must be text',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'Email must be at most 254 characters',
  revenueRequired: 'Monthly revenue is required',
  revenueNumber: 'Monthly revenue must be a number',
  revenueNegative: 'Monthly revenue cannot be negative',
  revenueTooLarge: 'Monthly revenue is too large',
  asinRequired: 'Active ASIN Count is required',
  asinWhole: 'Active ASIN Count must be a whole number',
  asinNegative: 'Active ASIN Count cannot be negative',
  asinTooLarge: 'Active ASIN Count must be at most 10,000,000',
  variantUnknown: 'Unknown landing variant',
} as const;

export const FULL_NAME_MAX = 100;
export const EMAIL_MAX = 254;
// The column is numeric(14,2): 12 digits before the point, so anything from 1e12 would not fit.
export const MONTHLY_REVENUE_MAX = 999_999_999_999;
export const ASIN_COUNT_MAX = 10_000_000;
export const LANDING_VARIANTS = ['1', '3', '4', '7'] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

/**
 * The body of POST /api/early-access. Written here, not inferred from the zod schema, so this
 * file (which the landing page loads without zod) imports nothing from schema.ts; the schema is
 * checked against it.
 */
export type EarlyAccessRequest = {
  fullName: string;
  email: string;
  monthlyRevenue: number;
  asinCnt: number;
  landingVariant?: LandingVariant;
};

/**
 * Something, one at sign, something, a dot, something; no spaces anywhere. Checked in one pass:
 * the pattern it replaces, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, backtracks quadratically on a run of dots.
 */
export function isEarlyAccessEmail(text: string): boolean {
  if (/\s/.test(text)) return false;
  const at = text.indexOf('@');
  if (at < 1 || text.indexOf('@', at + 1) !== -1) return false;
  // A dot inside the domain, with text on both sides of it.
  return text.slice(at + 2, -1).includes('.');
}

/** SPEC 5: while typing, characters that are not letters or whitespace are removed. */
export const filterFullName = (value: string): string => value.replace(/[^\p{L}\p{M}\s]/gu, '');

/** SPEC 5: on blur the name is trimmed and whitespace runs collapse to one space. */
export const formatFullName = (value: string): string => value.trim().replace(/\s+/g, ' ');

/** SPEC 5: only digits, $, comma and period are kept while typing the revenue. */
export const filterMonthlyRevenue = (value: string): string => value.replace(/[^\d$,.]/g, '');

/** SPEC 5: only digits and commas are kept while typing the count. */
export const filterAsinCount = (value: string): string => value.replace(/[^\d,]/g, '');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * SPEC 5: on blur the revenue shows as US-dollar currency ("25000" → "$25,000.00"). Text that
 * does not read as an amount (".", "1.2.3") is left as typed so the person can fix it.
 */
export function formatMonthlyRevenue(value: string): string {
  const plain = value.replace(/[$,]/g, '');
  // The dot is not optional inside the group: '\d+\.?\d*' backtracks quadratically on long digit runs.
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(plain)) return value;
  return usd.format(Number(plain));
}

/** SPEC 5: on blur the count shows with thousands separators ("12345" → "12,345"). */
export function formatAsinCount(value: string): string {
  const digits = value.replace(/,/g, '');
  if (!/^\d+$/.test(digits)) return value;
  return thousands.format(Number.parseInt(digits, 10));
}

/**
 * Before sending, $ and commas are stripped and the rest is read as whole dollars with cents
 * after the point: "$48,000.00" → 48000, "$48,000.50" → 48000.5. DESIGN 9: the spec's rule also
 * stripped the point, which inflated every entry 100× once the blur formatter added ".00".
 * Anything else (".", "1.2.3") is not a number.
 */
export function toMonthlyRevenue(value: string): number {
  const plain = value.replace(/[$,]/g, '');
  return /^(\d+(\.\d*)?|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/** SPEC 5: before sending, commas are stripped and the rest is parsed as an integer. */
export const toAsinCount = (value: string): number => Number.parseInt(value.replace(/,/g, ''), 10);

export type EarlyAccessFormValues = {
  fullName: string;
  email: string;
  monthlyRevenue: string;
  asinCnt: string;
};

export type EarlyAccessField = keyof EarlyAccessFormValues;
export type EarlyAccessFormErrors = Partial<Record<EarlyAccessField, string>>;

export const EMPTY_EARLY_ACCESS_FORM: EarlyAccessFormValues = {
  fullName: '',
  email: '',
  monthlyRevenue: '',
  asinCnt: '',
};

function revenueError(value: string): string | undefined {
  if (value.trim() === '') return EARLY_ACCESS_MESSAGES.revenueRequired;
  const amount = toMonthlyRevenue(value);
  if (!Number.isFinite(amount)) return EARLY_ACCESS_MESSAGES.revenueNumber;
  if (amount > MONTHLY_REVENUE_MAX) return EARLY_ACCESS_MESSAGES.revenueTooLarge;
  return undefined;
}

function asinCountError(value: string): string | undefined {
  if (value.trim() === '') return EARLY_ACCESS_MESSAGES.asinRequired;
  const count = toAsinCount(value);
  if (!Number.isInteger(count)) return EARLY_ACCESS_MESSAGES.asinWhole;
  if (count > ASIN_COUNT_MAX) return EARLY_ACCESS_MESSAGES.asinTooLarge;
  return undefined;
}

function emailError(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return EARLY_ACCESS_MESSAGES.emailRequired;
  if (email.length > EMAIL_MAX) return EARLY_ACCESS_MESSAGES.emailTooLong;
  if (!isEarlyAccessEmail(email)) return EARLY_ACCESS_MESSAGES.emailInvalid;
  return undefined;
}

function fullNameError(value: string): string | undefined {
  const name = formatFullName(value);
  if (name === '') return EARLY_ACCESS_MESSAGES.fullNameRequired;
  if (name.length > FULL_NAME_MAX) return EARLY_ACCESS_MESSAGES.fullNameTooLong;
  return undefined;
}

/** The form's own checks, the same rules as the server's schema; an empty object means valid. */
export function earlyAccessFormErrors(values: EarlyAccessFormValues): EarlyAccessFormErrors {
  const errors: EarlyAccessFormErrors = {
    fullName: fullNameError(values.fullName),
    email: emailError(values.email),
    monthlyRevenue: revenueError(values.monthlyRevenue),
    asinCnt: asinCountError(values.asinCnt),
  };
  for (const field of Object.keys(errors) as EarlyAccessField[]) {
    if (errors[field] === undefined) delete errors[field];
  }
  return errors;
}

export const isLandingVariant = (value: unknown): value is LandingVariant =>
  (LANDING_VARIANTS as readonly unknown[]).includes(value);

/** The request body the form sends (SPEC 3 and 7), with the landing variant it came from. */
export function toEarlyAccessRequest(
  values: EarlyAccessFormValues,
  landingVariant?: LandingVariant,
): EarlyAccessRequest {
  return {
    fullName: formatFullName(values.fullName),
    email: values.email.trim(),
    monthlyRevenue: toMonthlyRevenue(values.monthlyRevenue),
    asinCnt: toAsinCount(values.asinCnt),
    ...(landingVariant ? { landingVariant } : {}),
  };
}
