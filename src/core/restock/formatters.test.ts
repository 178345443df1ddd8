import { describe, expect, it } from 'vitest';
import { type CellFormat, formatCell, formatCurrency, formatNumber, formatPercent } from './formatters';

describe('amounts in other currencies', () => {
  it.each([
    ['GBP', 12.99, '£12.99'],
    ['EUR', 1234.5, '€1,234.50'],
    ['JPY', 1980, '¥1,980'],
    ['INR', 499, '₹499.00'],
    ['USD', 5, '$5.00'],
    ['XYZ-bad', 5, '$5.00'],
  ])('formats an amount in %s', (currency, value, text) => {
    expect(formatCurrency(value, currency)).toBe(text);
    expect(formatCell('currency', value, currency)).toBe(text);
  });
});

describe('formatCell', () => {
  it.each<[CellFormat, unknown, string]>([
    ['currency', 1234.5, '$1,234.50'],
    ['currency', 0, '$0.00'],
    ['currency', 0.005, '$0.01'],
    ['currency', -12, '-$12.00'],
    ['currency', 1_000_000, '$1,000,000.00'],
    ['currency', '19.9', '$19.90'],
    ['number', 1234567, '1,234,567'],
    ['number', 0, '0'],
    ['number', 3.333333, '3.33'],
    ['number', 2.5, '2.5'],
    ['percent', 0.125, '12.50%'],
    ['percent', 0, '0.00%'],
    ['percent', -0.2, '-20.00%'],
    ['percent', 12.3456, '1,234.56%'],
    ['boolean', true, 'Yes'],
    ['boolean', false, 'No'],
    ['text', 'Acme', 'Acme'],
    ['text', 'B0001', 'B0001'],
    ['product', { title: 'Steel Bottle', msku: 'M-1' }, 'Steel Bottle'],
    ['product', { title: null, msku: 'M-1' }, 'M-1'],
  ])('shows %s %j as %j', (format, value, text) => {
    expect(formatCell(format, value)).toBe(text);
  });

  it.each<CellFormat>(['currency', 'number', 'percent', 'boolean', 'text', 'product'])(
    "shows a missing %s value as '-'",
    (format) => {
      expect(formatCell(format, null)).toBe('-');
      expect(formatCell(format, undefined)).toBe('-');
    },
  );

  it.each<[CellFormat, unknown]>([
    ['currency', 'abc'],
    ['number', Number.NaN],
    ['percent', Number.POSITIVE_INFINITY],
    ['number', ''],
    ['boolean', 'yes'],
    ['text', ''],
    ['product', {}],
  ])("shows %s %j, which does not fit the format, as '-'", (format, value) => {
    expect(formatCell(format, value)).toBe('-');
  });
});

describe('the single-format helpers', () => {
  it('agree with formatCell', () => {
    expect(formatCurrency(1234.5)).toBe(formatCell('currency', 1234.5));
    expect(formatNumber(1234.5)).toBe(formatCell('number', 1234.5));
    expect(formatPercent(0.5)).toBe(formatCell('percent', 0.5));
  });
});
