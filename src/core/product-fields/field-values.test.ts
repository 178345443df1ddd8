import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateImportRows } from '../csv-import/import-rows';
import { fieldSchema, requiredFieldSchema } from './field-schemas';
import { fieldExpectation, parseFieldValue } from './field-values';
import { EDITABLE_FIELDS, IMPORTABLE_FIELDS, type ProductFieldKey } from './fields';

const messageOf = (key: ProductFieldKey, value: unknown) => {
  const result = parseFieldValue(key, value);
  return result.ok ? null : result.message;
};

describe('a field value', () => {
  it.each([
    ['msku', '', 'MSKU is required'],
    ['msku', '   ', 'MSKU is required'],
    ['msku', null, 'MSKU is required'],
    ['msku', 123, 'MSKU must be text'],
    ['msku', 'x'.repeat(101), 'MSKU must be at most 100 characters'],
    ['asin', 'B'.repeat(21), 'ASIN must be at most 20 characters'],
    ['title', 't'.repeat(501), 'Title must be at most 500 characters'],
    ['supplier', 42, 'Supplier must be text'],
    ['supplier', 's'.repeat(201), 'Supplier must be at most 200 characters'],
    [
      'main_thumbnail',
      'javascript:alert(1)',
      'Image URL must be a web address starting with http:// or https://',
    ],
    ['main_thumbnail', '/api/logout', 'Image URL must be a web address starting with http:// or https://'],
    ['cost', -0.01, 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', '12.50', 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', 2e9, 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', Number.NaN, 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', Number.POSITIVE_INFINITY, 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['buy_box_price', true, 'Buy Box Price must be an amount from 0 to 1,000,000,000'],
    ['competitive_price', -5, 'Competitive Price must be an amount from 0 to 1,000,000,000'],
    ['sales_last_30_days', 2.5, 'Sales (30 Days) must be a whole number from 0 to 2,147,483,647'],
    ['days_in_stock_of_last_30', 31, 'Days in Stock must be a whole number of days from 0 to 30'],
    ['fba_quantity', -1, 'FBA Stock must be a whole number from 0 to 2,147,483,647'],
    ['local_inventory_quantity', 2 ** 31, 'Local Stock must be a whole number from 0 to 2,147,483,647'],
    ['quantity_already_ordered', 1.5, 'Ordered must be a whole number from 0 to 2,147,483,647'],
    ['seasonality_multiplier', 0, 'Seasonality must be a number above 0 and at most 100'],
    ['seasonality_multiplier', 100.5, 'Seasonality must be a number above 0 and at most 100'],
    ['order_lead_time', -1, 'Order Lead Time must be a whole number of days from 0 to 3,650'],
    ['prep_lead_time', 2.5, 'Time for Prep must be a whole number of days from 0 to 3,650'],
    ['amz_lead_time', 3651, 'Time for AMZ must be a whole number of days from 0 to 3,650'],
    ['desired_days_of_inventory', '30', 'Desired Days must be a whole number of days from 0 to 3,650'],
    ['case_pack', 0, 'Case Pack must be a whole number from 1 to 2,147,483,647'],
    ['moq', 2.5, 'MOQ must be a whole number from 1 to 2,147,483,647'],
    ['replen', 'yes', 'Replen must be true or false'],
    ['replen', null, 'Replen must be true or false'],
  ] as const)('refuses %s = %j with "%s"', (key, value, message) => {
    expect(messageOf(key, value)).toBe(message);
  });

  it.each([
    ['msku', ' 00123 ', '00123'],
    ['asin', '0123456789', '0123456789'],
    ['supplier', '  Acme  ', 'Acme'],
    ['supplier', '   ', null],
    ['main_thumbnail', 'HTTP://example.com/a.png', 'HTTP://example.com/a.png'],
    ['cost', 0, 0],
    ['cost', 1e9, 1e9],
    ['days_in_stock_of_last_30', 30, 30],
    ['seasonality_multiplier', 0.01, 0.01],
    ['seasonality_multiplier', 100, 100],
    ['desired_days_of_inventory', 3650, 3650],
    ['case_pack', 1, 1],
    ['local_inventory_quantity', 2_147_483_647, 2_147_483_647],
    ['replen', false, false],
    ['order_lead_time', null, null],
    ['cost', undefined, null],
  ] as const)('accepts %s = %j as %j', (key, value, stored) => {
    expect(parseFieldValue(key, value)).toEqual({ ok: true, value: stored });
  });

  it.each(EDITABLE_FIELDS.filter((field) => field !== 'replen'))('%s can be cleared with null', (field) => {
    expect(parseFieldValue(field, null)).toEqual({ ok: true, value: null });
  });

  it('describes what a valid value is', () => {
    expect(fieldExpectation('cost')).toBe('an amount from 0 to 1,000,000,000');
    expect(fieldExpectation('order_lead_time')).toBe('a whole number of days from 0 to 3,650');
    expect(fieldExpectation('supplier')).toBe('text of at most 200 characters');
    expect(fieldExpectation('replen')).toBe('true or false');
  });
});

describe('the same rules in an edit and in an import', () => {
  const value = fc.oneof(
    fc.constant(null),
    fc.string({ maxLength: 3 }),
    fc.constantFrom('x'.repeat(201), 'x'.repeat(501), 'https://a.example/i.png', 'ftp://a'),
    fc.integer({ min: -5, max: 40 }),
    fc.constantFrom(0, 30, 31, 100, 100.5, 3650, 3651, 1e9, 1e9 + 1, 2 ** 31 - 1, 2 ** 31, -0.01),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -5, max: 200 }),
    fc.boolean(),
  );

  it('accept and refuse the same values of every field, with the same message', () => {
    const importable = IMPORTABLE_FIELDS.filter((key) => key !== 'msku');
    fc.assert(
      fc.property(fc.constantFrom(...importable), value, (key, raw) => {
        // An import's blank keeps the stored value; an edit's null clears it: both are fine.
        fc.pre(raw !== null);
        const edited = parseFieldValue(key, raw);
        const imported = validateImportRows([{ msku: 'A', [key]: raw }]);
        expect(imported.ok).toBe(edited.ok);
        if (!edited.ok && !imported.ok) expect(imported.message).toBe(`Row 1: ${edited.message}`);
      }),
    );
  });
});

describe('field schemas', () => {
  it('parse with the field rules', () => {
    expect(fieldSchema('supplier').parse(' Acme ')).toBe('Acme');
    expect(fieldSchema('supplier').parse(null)).toBeNull();
    expect(fieldSchema('cost').safeParse(-1).error?.issues[0]?.message).toBe(
      'Your Cost must be an amount from 0 to 1,000,000,000',
    );
  });

  it('refuse a blank where a value is required', () => {
    expect(requiredFieldSchema('order_lead_time').parse(7)).toBe(7);
    for (const blank of [null, undefined, Number.NaN]) {
      expect(requiredFieldSchema('order_lead_time').safeParse(blank).error?.issues[0]?.message).toBe(
        'Order Lead Time must be a whole number of days from 0 to 3,650',
      );
    }
  });
});
