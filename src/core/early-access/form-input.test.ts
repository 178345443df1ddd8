import { describe, expect, it } from 'vitest';
import {
  EMPTY_EARLY_ACCESS_FORM,
  earlyAccessFormErrors,
  filterAsinCount,
  filterFullName,
  filterMonthlyRevenue,
  formatAsinCount,
  formatFullName,
  formatMonthlyRevenue,
  isLandingVariant,
  toAsinCount,
  toEarlyAccessRequest,
  toMonthlyRevenue,
} from './form-input';

describe('typing filters (SPEC 5)', () => {
  it.each([
    ['Pat Seller', 'Pat Seller'],
    ['Pat2 Sel1ler!', 'Pat Seller'],
    ["O'Brien-Smith", 'OBrienSmith'],
    ['Zoë  Ångström', 'Zoë  Ångström'],
    ['  leading\tand trailing  ', '  leading\tand trailing  '],
    ['José Núñez', 'José Núñez'],
    ['123 !@#', ' '],
    ['', ''],
  ])('the name %j keeps only letters and whitespace: %j', (typed, kept) => {
    expect(filterFullName(typed)).toBe(kept);
  });

  it.each([
    ['25000', '25000'],
    ['$25,000.50', '$25,000.50'],
    ['25k', '25'],
    ['-100', '100'],
    ['USD 1 000', '1000'],
    ['€1.234,5', '1.234,5'],
    ['', ''],
  ])('the revenue %j keeps only digits, $, commas and periods: %j', (typed, kept) => {
    expect(filterMonthlyRevenue(typed)).toBe(kept);
  });

  it.each([
    ['1200', '1200'],
    ['1,200', '1,200'],
    ['1.200', '1200'],
    ['12 a3-4', '1234'],
    ['$99', '99'],
    ['', ''],
  ])('the count %j keeps only digits and commas: %j', (typed, kept) => {
    expect(filterAsinCount(typed)).toBe(kept);
  });
});

describe('blur formatting (SPEC 5)', () => {
  it.each([
    ['  Pat   Seller  ', 'Pat Seller'],
    ['Pat\t\tvan  der\nBerg', 'Pat van der Berg'],
    ['Pat Seller', 'Pat Seller'],
    ['   ', ''],
    ['', ''],
  ])('the name %j becomes %j', (typed, shown) => {
    expect(formatFullName(typed)).toBe(shown);
  });

  it.each([
    ['25000', '$25,000.00'],
    ['$25,000', '$25,000.00'],
    ['1234.5', '$1,234.50'],
    ['1234.567', '$1,234.57'],
    ['.5', '$0.50'],
    ['0', '$0.00'],
    ['$1,000,000.00', '$1,000,000.00'],
    ['', ''],
    ['$', '$'],
    ['1.2.3', '1.2.3'],
  ])('the revenue %j is shown as %j', (typed, shown) => {
    expect(formatMonthlyRevenue(typed)).toBe(shown);
  });

  it.each([
    ['12345', '12,345'],
    ['1,2,3,4,5', '12,345'],
    ['999', '999'],
    ['1000000', '1,000,000'],
    ['007', '7'],
    ['', ''],
    [',', ','],
  ])('the count %j is shown as %j', (typed, shown) => {
    expect(formatAsinCount(typed)).toBe(shown);
  });
});

describe('conversion before sending (SPEC 5)', () => {
  it.each([
    ['25000', 25000],
    ['$25,000', 25000],
    // DESIGN 9: whole dollars, cents after the point; the formatter's ".00" never inflates it.
    ['$25,000.00', 25000],
    ['$48,000.50', 48000.5],
    ['$1,234.50', 1234.5],
    ['.', Number.NaN],
    ['1.2.3', Number.NaN],
    ['0', 0],
    ['', Number.NaN],
    ['$,.', Number.NaN],
  ])('the revenue %j is sent as %d', (shown, sent) => {
    expect(toMonthlyRevenue(shown)).toBe(sent);
  });

  it.each([
    ['12,345', 12345],
    ['12345', 12345],
    ['0', 0],
    ['', Number.NaN],
    [',', Number.NaN],
  ])('the count %j is sent as %d', (shown, sent) => {
    expect(toAsinCount(shown)).toBe(sent);
  });

  it('builds the request body with the tidied name, trimmed email and landing variant', () => {
    const body = toEarlyAccessRequest(
      {
        fullName: ' Pat   Seller ',
        email: ' pat@example.com ',
        monthlyRevenue: '$5,000.00',
        asinCnt: '1,200',
      },
      '3',
    );
    expect(body).toEqual({
      fullName: 'Pat Seller',
      email: 'pat@example.com',
      monthlyRevenue: 5000,
      asinCnt: 1200,
      landingVariant: '3',
    });
  });

  it('leaves the landing variant out when there is none', () => {
    const body = toEarlyAccessRequest({ fullName: 'A', email: 'a@b.co', monthlyRevenue: '1', asinCnt: '1' });
    expect(body).not.toHaveProperty('landingVariant');
  });
});

describe('the form checks', () => {
  const valid = {
    fullName: 'Pat Seller',
    email: 'pat@example.com',
    monthlyRevenue: '$5,000.00',
    asinCnt: '12',
  };

  it('finds nothing wrong with a complete form', () => {
    expect(earlyAccessFormErrors(valid)).toEqual({});
  });

  it('names every missing field with the SPEC 5 message', () => {
    expect(earlyAccessFormErrors(EMPTY_EARLY_ACCESS_FORM)).toEqual({
      fullName: 'Full Name is required',
      email: 'Email is required',
      monthlyRevenue: 'Monthly revenue is required',
      asinCnt: 'Active ASIN Count is required',
    });
  });

  it.each([
    [{ fullName: '   ' }, 'fullName', 'Full Name is required'],
    [{ fullName: 'a'.repeat(101) }, 'fullName', 'Full Name must be at most 100 characters'],
    [{ email: 'pat' }, 'email', 'Invalid email address'],
    [{ email: 'pat@example' }, 'email', 'Invalid email address'],
    [{ email: 'pat @example.com' }, 'email', 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@b.co` }, 'email', 'Email must be at most 254 characters'],
    [{ monthlyRevenue: '$' }, 'monthlyRevenue', 'Monthly revenue must be a number'],
    [{ monthlyRevenue: '1000000000000' }, 'monthlyRevenue', 'Monthly revenue is too large'],
    [{ asinCnt: ',' }, 'asinCnt', 'Active ASIN Count must be a whole number'],
    [{ asinCnt: '10,000,001' }, 'asinCnt', 'Active ASIN Count must be at most 10,000,000'],
  ])('reports %j on %s as %j', (change, field, message) => {
    expect(earlyAccessFormErrors({ ...valid, ...change })).toEqual({ [field]: message });
  });

  it.each([
    ['1', true],
    ['3', true],
    ['4', true],
    ['7', true],
    ['2', false],
    [7, false],
    [undefined, false],
  ])('knows whether %j is a landing variant (%s)', (value, expected) => {
    expect(isLandingVariant(value)).toBe(expected);
  });
});
