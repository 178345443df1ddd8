import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvChunks, csvDocument, csvRows, signupsToCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+1 555', "'+1 555"],
    ['-5x', "'-5x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rcarriage', `"'\rcarriage"`],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['a=b', 'a=b'],
    ['00123', '00123'],
    ['Café ✓', 'Café ✓'],
    ['', ''],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    [1200, '1200'],
    [1234.5, '1234.5'],
    [-0.25, '-0.25'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
    [null, ''],
    [undefined, ''],
  ])('writes the number %j as %j, never escaped as a formula', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('signupsToCsv', () => {
  it('starts with a BOM and a header row and ends every row with CRLF', () => {
    expect(signupsToCsv([])).toBe(
      `${CSV_BOM}Signed Up At,Full Name,Email,Monthly Revenue,Active ASIN Count,Landing Variant\r\n`,
    );
  });

  it('writes one escaped row per signup in the given order', () => {
    const csv = signupsToCsv([
      {
        id: 'b',
        fullName: '=cmd',
        email: 'b@example.com',
        monthlyRevenue: 2500000,
        asinCount: 12,
        landingVariant: '3',
        createdAt: '2025-01-02T00:00:00.000Z',
      },
      {
        id: 'a',
        fullName: 'Pat, Seller',
        email: 'a@example.com',
        monthlyRevenue: 0,
        asinCount: 0,
        landingVariant: null,
        createdAt: '2025-01-01T00:00:00.000Z',
      },
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines.slice(1)).toEqual([
      "2025-01-02T00:00:00.000Z,'=cmd,b@example.com,2500000,12,3",
      '2025-01-01T00:00:00.000Z,"Pat, Seller",a@example.com,0,0,',
      '',
    ]);
  });
});

describe('csvRows', () => {
  it('joins cells with commas and rows with CRLF', () => {
    expect(
      csvRows([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('a,1\r\nb,\r\n');
  });
});

describe('csvDocument', () => {
  it('starts with the UTF-8 byte order mark before the first row', () => {
    expect(csvDocument([['MSKU'], ['-A1']])).toBe(`${CSV_BOM}MSKU\r\n'-A1\r\n`);
  });

  it('writes booleans as true and false', () => {
    expect(csvRows([[true, false]])).toBe('true,false\r\n');
  });
});

describe('numbers written as text', () => {
  it.each([
    ['-5.00', '-5.00'],
    ['-5', '-5'],
    ['-0.10', '-0.10'],
    ['-5+3', "'-5+3"],
    ['-5.00=1', "'-5.00=1"],
    ['-', "'-"],
    ['-.5', "'-.5"],
    ['=1', "'=1"],
  ])('%j is written as %j: a plain number is no formula', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('streams a file in pieces that add up to the whole document', () => {
    const rows = Array.from({ length: 2500 }, (_, i) => [`M-${i}`, -i]);
    const pieces = [...csvChunks(rows, 1000)];
    expect(pieces.length).toBe(4);
    expect(pieces.join('')).toBe(csvDocument(rows));
  });
});
