import { describe, expect, it } from 'vitest';
import { COMPATIBILITY_THRESHOLD, checkCompatibility } from './compatibility';
import { targetByKey } from './targets';

const target = (key: string) => {
  const found = targetByKey(key);
  if (!found) throw new Error(`no target ${key}`);
  return found;
};

const column = (...values: string[]) => values.map((value) => ({ Col: value, Other: 'x' }));

describe('the 80 percent compatibility rule (SPEC 5)', () => {
  it('uses a threshold of 80 percent', () => {
    expect(COMPATIBILITY_THRESHOLD).toBe(0.8);
  });

  it.each([
    ['integer', 'sales_last_30_days', ['1', '2', '3', '4', '5'], true],
    ['integer at exactly 80%', 'sales_last_30_days', ['1', '2', '3', '4', 'lots'], true],
    ['integer below 80%', 'sales_last_30_days', ['1', '2', '3', 'lots', 'few'], false],
    ['whole numbers written with decimals', 'fba_quantity', ['5.0', '1.00', '12'], true],
    [
      'integer with spreadsheet errors, which count as empty',
      'fba_quantity',
      ['#REF!', '#N/A', 'Nill', '4'],
      true,
    ],
    ['integer with decimals', 'fba_quantity', ['1.5', '2.5', '3'], false],
    ['money', 'cost', ['$1.00', '(2.00)', '3', '4,000.50'], true],
    ['money of words', 'cost', ['cheap', 'dear', '$3'], false],
    ['boolean', 'replen', ['yes', 'no', 'TRUE', '0'], true],
    ['boolean of words', 'replen', ['maybe', 'yes', 'sometimes'], false],
    ['boolean with spreadsheet errors, which count as empty', 'replen', ['#N/A', '#N/A', 'yes'], true],
    ['decimal', 'seasonality_multiplier', ['1', '1.25', '0.8'], true],
    ['text', 'supplier', ['Acme', '123', '$5'], true],
    ['SKUs with leading zeros as text', 'msku', ['00123', '00456'], true],
  ])('judges a %s column on target %s', (_label, key, values, ok) => {
    expect(checkCompatibility(column(...values), 'Col', target(key)).ok).toBe(ok);
  });

  it("reads numbers in the file's locale", () => {
    const rows = column('12,99', '3,50', '1.234,00');
    expect(checkCompatibility(rows, 'Col', target('cost')).ok).toBe(false);
    expect(checkCompatibility(rows, 'Col', target('cost'), { decimal: ',' }).ok).toBe(true);
  });

  it('ignores empty values when counting', () => {
    const rows = column('1', '', '  ', '2', '', '', '', '', '', 'x', '3', '4');
    expect(checkCompatibility(rows, 'Col', target('moq'))).toEqual({ ok: true });
  });

  it('accepts a column with no non-empty values', () => {
    expect(checkCompatibility(column('', ' ', ''), 'Col', target('cost'))).toEqual({ ok: true });
  });

  it('accepts a column absent from every row, as nothing contradicts the target', () => {
    expect(checkCompatibility(column('1'), 'Missing', target('cost'))).toEqual({ ok: true });
  });

  it('accepts a file with no rows', () => {
    expect(checkCompatibility([], 'Col', target('cost'))).toEqual({ ok: true });
  });

  it('names the column and the target in its refusal', () => {
    expect(checkCompatibility(column('a', 'b'), 'Col', target('cost'))).toEqual({
      ok: false,
      message: 'CSV column "Col" is not compatible with "Your Cost"',
    });
  });
});
