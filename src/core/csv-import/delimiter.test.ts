import { describe, expect, it } from 'vitest';
import { detectDelimiter } from './delimiter';

describe('detectDelimiter', () => {
  it.each([
    ['a marketplace report with tabs', 'sku\tasin\tprice\nA\tB01\t1.50\n', '\t'],
    ['a comma-separated file', 'SKU,Cost,Name\nA,1.50,"Mug, large"\n', ','],
    [
      'a European Excel file with semicolons and decimal commas',
      'SKU;Kosten;Name\nA;1,50;Becher\nB;2,75;Teller\n',
      ';',
    ],
    ['a pipe-separated export', 'sku|qty|title\nA|5|Mug\n', '|'],
    ['commas inside quoted titles of a tab file', 'sku\ttitle\nA\t"Mug, large, blue"\n', '\t'],
    ['a header only', 'sku;qty;cost', ';'],
    ['Windows line ends', 'sku,qty\r\nA,1\r\n', ','],
  ])('finds the delimiter of %s', (_name, text, expected) => {
    expect(detectDelimiter(text)).toBe(expected);
  });

  it('prefers the delimiter that splits every line the same way', () => {
    // Two semicolons in the header, one comma inside a value: the semicolons are consistent.
    const text = 'SKU;Title;Cost\nA;Mug, large;1,50\nB;Plate;2\nC;Cup;3\n';
    expect(detectDelimiter(text)).toBe(';');
  });

  it('answers null for a file that reads as one column', () => {
    expect(detectDelimiter('SKU\nA-1\nB-2\n')).toBeNull();
    expect(detectDelimiter('')).toBeNull();
  });
});
