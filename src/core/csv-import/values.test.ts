import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectCurrency,
  detectDecimalSeparator,
  isBlank,
  parseBoolean,
  parseDecimal,
  parseInteger,
  parseMoney,
  parsePercent,
  parseText,
  parseValue,
  VALUE_TYPES,
} from './values';

describe('parseBoolean (SPEC 5)', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    [' Yes ', true],
    ['yes', true],
    ['1', true],
    [' 1 ', true],
    [1, true],
    [true, true],
    ['false', false],
    ['False', false],
    ['NO', false],
    ['0', false],
    [0, false],
    [false, false],
    ['', null],
    ['   ', null],
    ['#N/A', null],
    ['#true', null],
    [' #REF!', null],
    ['maybe', null],
    ['y', null],
    ['2', null],
    [2, null],
    [null, null],
    [undefined, null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseBoolean(raw)).toBe(expected);
  });
});

describe('parseMoney (SPEC 5)', () => {
  it.each([
    ['12.50', 12.5],
    ['  12.50  ', 12.5],
    ['$12.50', 12.5],
    ['$ 12.50', 12.5],
    ['1,234.56', 1234.56],
    ['$1,234', 1234],
    ['(12.50)', -12.5],
    ['($1,200.00)', -1200],
    ['$(1,200)', -1200],
    ['( 5 )', -5],
    ['-3.25', -3.25],
    ['-$3.25', -3.25],
    ['0', 0],
    ['(0)', 0],
    ['.99', 0.99],
    ['7.', 7],
    [19.99, 19.99],
    ['', null],
    ['$', null],
    ['()', null],
    ['(-5)', null],
    ['abc', null],
    ['12abc', null],
    ['1e3', null],
    ['0x10', null],
    ['Infinity', null],
    ['€12', 12],
    ['£12.99', 12.99],
    ['¥1,980', 1980],
    ['￥1,980', 1980],
    ['₹499', 499],
    ['US$5', 5],
    ['12.99 USD', 12.99],
    ['-£5', -5],
    ['(£5)', -5],
    ['12,99', null],
    ['#VALUE!', null],
    ['12 50', null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [null, null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseMoney(raw)).toBe(expected);
  });

  it('reads any formatted dollar amount back to its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const dollars = Math.abs(cents) / 100;
        const text = `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
        const written = cents < 0 ? `(${text})` : text;
        expect(parseMoney(written)).toBeCloseTo(cents / 100, 6);
      }),
    );
  });
});

describe('parseInteger (SPEC 5)', () => {
  it.each([
    ['12', 12],
    [' 12 ', 12],
    ['007', 7],
    ['0', 0],
    ['-4', -4],
    ['+4', 4],
    ['1,200', 1200],
    ['12,345,678', 12345678],
    [42, 42],
    ['12.5', null],
    ['12.0', 12],
    ['5.0', 5],
    ['1.00', 1],
    ['-3.000', -3],
    ['1,200.00', 1200],
    ['12.01', null],
    ['#REF!', null],
    ['Nill', null],
    ['1,2', null],
    ['1,20', null],
    [',100', null],
    ['1e3', null],
    ['0x1A', null],
    ['', null],
    ['twelve', null],
    ['12 units', null],
    ['99999999999999999999', null],
    [12.5, null],
    [Number.NaN, null],
    [true, null],
    [undefined, null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseInteger(raw)).toBe(expected);
  });

  it('reads back every safe integer written with or without thousands separators', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.boolean(), (value, grouped) => {
        const text = grouped ? value.toLocaleString('en-US') : String(value);
        expect(parseInteger(text)).toBe(value);
      }),
    );
  });
});

describe('parseDecimal', () => {
  it.each([
    ['1.25', 1.25],
    [' 0.5 ', 0.5],
    ['1,234.5', 1234.5],
    ['-2', -2],
    ['-0', 0],
    [1.5, 1.5],
    ['', null],
    ['$1.25', null],
    ['1.2.3', null],
    ['1e2', null],
    ['abc', null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseDecimal(raw)).toBe(expected);
  });
});

describe('parseText (SPEC 5)', () => {
  it.each([
    ['Acme Supply', 'Acme Supply'],
    ['  padded  ', 'padded'],
    ['00123', '00123'],
    ['B000123456', 'B000123456'],
    ['#N/A', null],
    ['#REF!', null],
    ['#VALUE!', null],
    ['Nill', null],
    ['N/A', null],
    ['#1 seller', '#1 seller'],
    [123, '123'],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parseText(raw)).toBe(expected);
  });
});

describe('parsePercent (SPEC 5)', () => {
  it.each([
    ['12.5%', 12.5],
    [' 40 % ', 40],
    ['40', 40],
    ['-3%', -3],
    ['1,000%', 1000],
    [7.5, 7.5],
    ['%', null],
    ['', null],
    ['12%%', null],
    ['abc%', null],
  ])('reads %j as %j', (raw, expected) => {
    expect(parsePercent(raw)).toBe(expected);
  });
});

describe('parseValue', () => {
  it.each([
    ['boolean', 'yes', true],
    ['money', '($5)', -5],
    ['integer', '1,200', 1200],
    ['decimal', '1.5', 1.5],
    ['text', ' SKU-1 ', 'SKU-1'],
    ['percent', '12.5%', 12.5],
  ] as const)('parses a %s value', (type, raw, expected) => {
    expect(parseValue(type, raw)).toBe(expected);
  });

  it('answers null for a blank cell whatever the type', () => {
    for (const type of VALUE_TYPES) {
      expect(parseValue(type, '  ')).toBeNull();
    }
  });
});

describe('isBlank', () => {
  it.each([
    ['', true],
    ['  ', true],
    [null, true],
    [undefined, true],
    ['x', false],
    [0, false],
    ['#REF!', true],
    ['#N/A', true],
    ['#VALUE!', true],
    ['#DIV/0!', true],
    ['#NAME?', true],
    ['Nill', true],
    ['nil', true],
    ['NULL', true],
    ['n/a', true],
    ['-', true],
    ['--', true],
    ['#1', false],
    ['0', false],
    ['None', false],
    // Past the longest empty word only a spreadsheet error's '#' can still be blank.
    ['  Nill  ', true],
    ['#GETTING_DATA', true],
    ['nills', false],
    ['#UNKNOWN', false],
    ['12.50', false],
  ])('calls %j blank: %j', (raw, expected) => {
    expect(isBlank(raw)).toBe(expected);
  });
});

describe("numbers in the file's locale", () => {
  it.each([
    ['12,99', 12.99],
    ['€12,99', 12.99],
    ['12,99 €', 12.99],
    ['EUR 12,99', 12.99],
    ['1.234,56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u00A0234,56', 1234.56],
    ['-1.234,5', -1234.5],
    ['(3,50)', -3.5],
    ['12.99', null],
    ['1.234', 1234],
  ])('reads the amount %j with a decimal comma as %j', (raw, expected) => {
    expect(parseMoney(raw, { decimal: ',' })).toBe(expected);
  });

  it.each([
    ['5,0', 5],
    ['1.200', 1200],
    ['1.200,00', 1200],
    ['12,5', null],
  ])('reads the whole number %j with a decimal comma as %j', (raw, expected) => {
    expect(parseInteger(raw, { decimal: ',' })).toBe(expected);
  });

  it('reads a percent and a decimal with a decimal comma', () => {
    expect(parsePercent('12,5 %', { decimal: ',' })).toBe(12.5);
    expect(parseDecimal('1,25', { decimal: ',' })).toBe(1.25);
  });

  it('reads any amount written in German notation back to its cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (cents) => {
        const text = `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2 })} €`;
        expect(parseMoney(text, { decimal: ',' })).toBeCloseTo(cents / 100, 6);
      }),
    );
  });
});

describe('the quick reading of plain number cells', () => {
  // A leading space takes every cell past the quick reading (which reads digits only), and the
  // full reading trims it, so each cell read as written and read after a space must agree.
  const numberLike = fc.oneof(
    fc.stringMatching(/^\$?\d{0,4}[.,]?\d{0,4}$/),
    fc.stringMatching(/^[\d.,$+-]{0,8}$/),
    fc.stringMatching(/^\d{15,20}(?:\.\d{1,3})?$/),
  );
  it.each(['.', ','] as const)(
    'answers what the full reading answers, with %j as the decimal separator',
    (decimal) => {
      fc.assert(
        fc.property(numberLike, (text) => {
          for (const parse of [parseMoney, parseInteger, parseDecimal, parsePercent]) {
            expect(parse(text, { decimal })).toBe(parse(` ${text}`, { decimal }));
          }
        }),
        { numRuns: 2000 },
      );
    },
  );
});

describe('detectDecimalSeparator', () => {
  it.each([
    [['12,99', '3,50', '1.234,56'], ','],
    [['12.99', '3.50', '1,234.56'], '.'],
    [['€12,99', '5', 'Mug'], ','],
    [['1,234', '1.234', '7'], null],
    [[], null],
    [['12,99', '12.99'], null],
  ] as const)('reads %j as %j', (cells, expected) => {
    expect(detectDecimalSeparator(cells)).toBe(expected);
  });
});

describe('detectCurrency', () => {
  it.each([
    [['£12.99', '£3', '4'], 'GBP'],
    [['€12,99', '5,00 €'], 'EUR'],
    [['¥1,980'], 'JPY'],
    [['₹499', 'Rs. 20'], 'INR'],
    [['$5', '$6'], 'USD'],
    [['CA$5', 'C$6', '$7'], 'CAD'],
    [['12.99', 'Mug'], null],
    // A mark at each end: the one listed first wins ('EUR' before '$'), at either end.
    [['EUR 5 $'], 'EUR'],
    [['$5 EUR'], 'EUR'],
    [['12 usd'], 'USD'],
  ] as const)('reads %j as %j', (cells, expected) => {
    expect(detectCurrency(cells)).toBe(expected);
  });
});

describe('marketplace and currency codes', () => {
  it.each([
    ['US', 'US'],
    [' gb ', 'GB'],
    ['UK', 'GB'],
    ['de', 'DE'],
    ['United States', null],
    ['', null],
  ])('reads the marketplace %j as %j', (raw, expected) => {
    expect(parseValue('marketplace', raw)).toBe(expected);
  });

  it.each([
    ['USD', 'USD'],
    ['gbp', 'GBP'],
    ['£', 'GBP'],
    ['₹', 'INR'],
    ['us$', 'USD'],
    ['Rs.', 'INR'],
    ['c$', 'CAD'],
    ['円', 'JPY'],
    // '$' alone names no one currency.
    ['$', null],
    ['dollars', null],
    ['XYZ', null],
  ])('reads the currency %j as %j', (raw, expected) => {
    expect(parseValue('currency', raw)).toBe(expected);
  });
});
