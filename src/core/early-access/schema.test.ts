import { describe, expect, it } from 'vitest';
import { toEarlyAccessRequest } from './form-input';
import { earlyAccessRequestSchema } from './schema';

const valid = { fullName: 'Pat Seller', email: 'pat@example.com', monthlyRevenue: 25000, asinCnt: 1200 };

const firstMessage = (input: unknown) => {
  const result = earlyAccessRequestSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('earlyAccessRequestSchema', () => {
  it('accepts a valid body and tidies the name and email', () => {
    const parsed = earlyAccessRequestSchema.parse({
      ...valid,
      fullName: '  Pat   Seller ',
      email: ' pat@example.com ',
      landingVariant: '7',
    });
    expect(parsed).toEqual({ ...valid, landingVariant: '7' });
  });

  it('drops fields it does not know', () => {
    expect(earlyAccessRequestSchema.parse({ ...valid, role: 'dev' })).toEqual(valid);
  });

  it('accepts what the form sends', () => {
    const body = toEarlyAccessRequest(
      { fullName: 'Pat', email: 'pat@example.com', monthlyRevenue: '$1,234.50', asinCnt: '1,000' },
      '4',
    );
    expect(earlyAccessRequestSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    [{ fullName: undefined }, 'Full Name is required'],
    [{ fullName: '   ' }, 'Full Name is required'],
    [{ fullName: 42 }, 'Full Name must be text'],
    [{ fullName: 'a'.repeat(101) }, 'Full Name must be at most 100 characters'],
    [{ email: undefined }, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@b.co` }, 'Email must be at most 254 characters'],
    [{ email: ['pat@example.com'] }, 'Email must be text'],
    [{ monthlyRevenue: undefined }, 'Monthly revenue is required'],
    [{ monthlyRevenue: '25000' }, 'Monthly revenue must be a number'],
    [{ monthlyRevenue: -1 }, 'Monthly revenue cannot be negative'],
    [{ monthlyRevenue: 1e12 }, 'Monthly revenue is too large'],
    [{ monthlyRevenue: Number.NaN }, 'Monthly revenue must be a number'],
    [{ asinCnt: undefined }, 'Active ASIN Count is required'],
    [{ asinCnt: 1.5 }, 'Active ASIN Count must be a whole number'],
    [{ asinCnt: '12' }, 'Active ASIN Count must be a whole number'],
    [{ asinCnt: -3 }, 'Active ASIN Count cannot be negative'],
    [{ asinCnt: 10_000_001 }, 'Active ASIN Count must be at most 10,000,000'],
    [{ landingVariant: '2' }, 'Unknown landing variant'],
    [{ landingVariant: 3 }, 'Unknown landing variant'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it.each([
    [{ monthlyRevenue: 0, asinCnt: 0 }],
    [{ monthlyRevenue: 999_999_999_999, asinCnt: 10_000_000 }],
    [{ monthlyRevenue: 1234.5 }],
  ])('accepts the edge values %j', (change) => {
    expect(firstMessage({ ...valid, ...change })).toBeNull();
  });
});
