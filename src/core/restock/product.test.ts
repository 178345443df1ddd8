import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_DEFAULTS,
  calculationDefaultsSchema,
  EDITABLE_FIELDS,
  editableFieldSchemas,
  FIELD_NAMES,
  isEditableField,
  parseSingleFieldEdit,
  productSchema,
} from './product';
import { aProduct } from './test-products';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('the product schema', () => {
  it('accepts a complete product with blanks', () => {
    expect(productSchema.parse(aProduct())).toEqual(aProduct());
  });

  it('keeps msku and asin as text, leading zeros included', () => {
    const parsed = productSchema.parse(aProduct({ msku: '00123', asin: '0123456789' }));
    expect(parsed.msku).toBe('00123');
    expect(parsed.asin).toBe('0123456789');
  });

  it('refuses a number where msku text is expected', () => {
    expect(firstMessage(productSchema.safeParse({ ...aProduct(), msku: 123 }))).toBe('MSKU must be text');
  });

  it.each([
    ['msku', '', 'MSKU is required'],
    ['msku', '   ', 'MSKU is required'],
    ['asin', undefined, 'ASIN is required'],
    ['cost', -0.01, 'Your Cost must be a number of 0 or more'],
    ['buy_box_price', 'free', 'Buy Box Price must be a number of 0 or more'],
    ['sales_last_30_days', 2.5, 'Sales (30 Days) must be a whole number of 0 or more'],
    ['days_in_stock_of_last_30', 31, 'Days In Stock must be a whole number from 0 to 30'],
    ['fba_quantity', -1, 'FBA Stock must be a whole number of 0 or more'],
    ['seasonality_multiplier', 0, 'Seasonality must be a number greater than 0'],
    ['case_pack', 0, 'Case Pack must be a whole number of 1 or more'],
    ['moq', 0, 'MOQ must be a whole number of 1 or more'],
    [
      'main_thumbnail',
      'javascript:alert(1)',
      'Image must be a web address starting with http:// or https://',
    ],
    ['replen', 'yes', 'Replen must be true or false'],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(firstMessage(productSchema.safeParse({ ...aProduct(), [field]: value }))).toBe(message);
  });

  it('requires every stored field, so a partial row cannot pass for a whole one', () => {
    const { fba_quantity: _dropped, ...partial } = aProduct();
    expect(productSchema.safeParse(partial).success).toBe(false);
  });

  it('defaults a missing seasonality multiplier to 1 but keeps an explicit blank', () => {
    const { seasonality_multiplier: _dropped, ...withoutSeasonality } = aProduct();
    expect(productSchema.parse(withoutSeasonality).seasonality_multiplier).toBe(1);
    expect(productSchema.parse(aProduct({ seasonality_multiplier: null })).seasonality_multiplier).toBeNull();
  });

  it('trims text and stores blank text as null', () => {
    const parsed = productSchema.parse(aProduct({ msku: ' A-1 ', supplier: '  ', title: ' Mug ' }));
    expect(parsed).toMatchObject({ msku: 'A-1', supplier: null, title: 'Mug' });
  });

  it('accepts a web address as the thumbnail', () => {
    const url = 'https://m.media-amazon.com/images/I/71abc.jpg';
    expect(productSchema.parse(aProduct({ main_thumbnail: url })).main_thumbnail).toBe(url);
  });

  it('refuses infinite and non-numeric money', () => {
    expect(productSchema.safeParse(aProduct({ cost: Number.POSITIVE_INFINITY })).success).toBe(false);
    expect(productSchema.safeParse(aProduct({ cost: Number.NaN })).success).toBe(false);
  });
});

describe('the editable fields', () => {
  it('are the spec’s editable columns plus case pack and MOQ', () => {
    expect([...EDITABLE_FIELDS].sort()).toEqual(
      [
        'supplier',
        'cost',
        'quantity_already_ordered',
        'local_inventory_quantity',
        'seasonality_multiplier',
        'order_lead_time',
        'desired_days_of_inventory',
        'prep_lead_time',
        'amz_lead_time',
        'competitive_price',
        'replen',
        'case_pack',
        'moq',
      ].sort(),
    );
    expect(Object.keys(editableFieldSchemas).sort()).toEqual([...EDITABLE_FIELDS].sort());
  });

  it('never include keys, prices from the marketplace or derived values', () => {
    for (const field of ['msku', 'asin', 'buy_box_price', 'fba_quantity', 'roi', 'toString', '__proto__']) {
      expect(isEditableField(field)).toBe(false);
    }
  });

  it.each(EDITABLE_FIELDS.filter((field) => field !== 'replen'))('%s can be cleared with null', (field) => {
    expect(editableFieldSchemas[field].safeParse(null)).toEqual({ success: true, data: null });
  });

  it.each([
    ['cost', -1, 'Your Cost must be a number of 0 or more'],
    ['cost', '12.50', 'Your Cost must be a number of 0 or more'],
    ['competitive_price', -5, 'Competitive Price must be a number of 0 or more'],
    ['quantity_already_ordered', 1.5, 'Ordered must be a whole number of 0 or more'],
    ['local_inventory_quantity', -3, 'Local Stock must be a whole number of 0 or more'],
    ['seasonality_multiplier', -1, 'Seasonality must be a number greater than 0'],
    ['seasonality_multiplier', 101, 'Seasonality must be at most 100'],
    ['order_lead_time', -1, 'Order Lead Time must be a whole number of days from 0 to 3650'],
    ['prep_lead_time', 2.5, 'Time for Prep must be a whole number of days from 0 to 3650'],
    ['amz_lead_time', 4000, 'Time for AMZ must be a whole number of days from 0 to 3650'],
    ['desired_days_of_inventory', '30', 'Desired Days must be a whole number of days from 0 to 3650'],
    ['supplier', 42, 'Supplier must be text'],
    ['supplier', 'x'.repeat(201), 'Supplier must be at most 200 characters'],
    ['case_pack', 0, 'Case Pack must be a whole number of 1 or more'],
    ['moq', 2.5, 'MOQ must be a whole number of 1 or more'],
    ['replen', null, 'Replen must be true or false'],
    ['cost', 2_000_000_000, 'Your Cost must be at most 1,000,000,000'],
  ] as const)('refuses %s = %j with "%s"', (field, value, message) => {
    expect(firstMessage(editableFieldSchemas[field].safeParse(value))).toBe(message);
  });
});

describe('parseSingleFieldEdit', () => {
  it.each([
    [{ cost: 12.5 }, 'cost', 12.5],
    [{ replen: true }, 'replen', true],
    [{ supplier: '  Acme  ' }, 'supplier', 'Acme'],
    [{ supplier: '' }, 'supplier', null],
    [{ order_lead_time: null }, 'order_lead_time', null],
    [{ case_pack: 12 }, 'case_pack', 12],
    [{ moq: 100 }, 'moq', 100],
  ])('accepts %j', (body, field, value) => {
    expect(parseSingleFieldEdit(body)).toEqual({ ok: true, field, value });
  });

  it.each([[null], [undefined], ['cost=3'], [[{ cost: 3 }]], [{}], [{ cost: 3, supplier: 'Acme' }]])(
    'refuses %j: one field must be sent',
    (body) => {
      expect(parseSingleFieldEdit(body)).toEqual({ ok: false, message: 'Send exactly one field to change' });
    },
  );

  it.each([
    ['msku', 'msku is not an editable field'],
    ['roi', 'roi is not an editable field'],
    ['__proto__', '__proto__ is not an editable field'],
  ])('refuses to change %s', (field, message) => {
    expect(parseSingleFieldEdit(JSON.parse(`{"${field}": 1}`))).toEqual({ ok: false, message });
  });

  it('shortens a very long unknown key in its message', () => {
    const result = parseSingleFieldEdit({ ['k'.repeat(500)]: 1 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message.length).toBeLessThan(100);
  });

  it("answers with the field's own message for a bad value", () => {
    expect(parseSingleFieldEdit({ cost: -2 })).toEqual({
      ok: false,
      message: 'Your Cost must be a number of 0 or more',
    });
  });
});

describe('calculation defaults', () => {
  it('are 7, 3, 10 and 30 days out of the box', () => {
    expect(BUILT_IN_DEFAULTS).toEqual({
      order_lead_time: 7,
      prep_lead_time: 3,
      amz_lead_time: 10,
      desired_days_of_inventory: 30,
    });
    expect(calculationDefaultsSchema.parse(BUILT_IN_DEFAULTS)).toEqual(BUILT_IN_DEFAULTS);
  });

  it('accept whole days from 0 to 365', () => {
    const edges = {
      order_lead_time: 0,
      prep_lead_time: 365,
      amz_lead_time: 1,
      desired_days_of_inventory: 90,
    };
    expect(calculationDefaultsSchema.parse(edges)).toEqual(edges);
  });

  it.each([
    [{ order_lead_time: -1 }, 'Order Lead Time must be a whole number of days from 0 to 365'],
    [{ prep_lead_time: 366 }, 'Time for Prep must be a whole number of days from 0 to 365'],
    [{ amz_lead_time: 1.5 }, 'Time for AMZ must be a whole number of days from 0 to 365'],
    [{ desired_days_of_inventory: null }, 'Desired Days must be a whole number of days from 0 to 365'],
    [{ desired_days_of_inventory: undefined }, 'Desired Days must be a whole number of days from 0 to 365'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(firstMessage(calculationDefaultsSchema.safeParse({ ...BUILT_IN_DEFAULTS, ...change }))).toBe(
      message,
    );
  });
});

describe('field names', () => {
  it("match the spec's column names, so messages name what the seller sees", () => {
    expect(FIELD_NAMES.cost).toBe('Your Cost');
    expect(FIELD_NAMES.quantity_already_ordered).toBe('Ordered');
    expect(FIELD_NAMES.prep_lead_time).toBe('Time for Prep');
    expect(FIELD_NAMES.amz_lead_time).toBe('Time for AMZ');
  });
});
