import { describe, expect, it } from 'vitest';
import {
  EDITABLE_FIELDS,
  FIELD_COLUMN_KEYS,
  fieldSpec,
  IMPORTABLE_FIELDS,
  isEditableField,
  isProductField,
  PRODUCT_FIELD_KEYS,
  PRODUCT_FIELDS,
} from './fields';

describe('the product field table', () => {
  it('holds every stored field of DESIGN 5', () => {
    expect([...PRODUCT_FIELD_KEYS].sort()).toEqual(
      [
        'msku',
        'asin',
        'title',
        'main_thumbnail',
        'replen',
        'supplier',
        'cost',
        'buy_box_price',
        'your_price',
        'referral_fee',
        'fba_fee',
        'competitive_price',
        'sales_last_30_days',
        'days_in_stock_of_last_30',
        'fba_quantity',
        'inbound_quantity',
        'local_inventory_quantity',
        'quantity_already_ordered',
        'seasonality_multiplier',
        'order_lead_time',
        'prep_lead_time',
        'amz_lead_time',
        'desired_days_of_inventory',
        'case_pack',
        'moq',
        'marketplace',
        'currency',
      ].sort(),
    );
  });

  it('gives every field a label of its own and a description', () => {
    const labels = PRODUCT_FIELD_KEYS.map((key) => fieldSpec(key).label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const key of PRODUCT_FIELD_KEYS) expect(fieldSpec(key).description).toMatch(/^[A-Z].+\.$/);
  });

  it("uses the spec's column names, so messages name what the seller sees", () => {
    expect(PRODUCT_FIELDS.cost.label).toBe('Your Cost');
    expect(PRODUCT_FIELDS.quantity_already_ordered.label).toBe('Ordered');
    expect(PRODUCT_FIELDS.prep_lead_time.label).toBe('Time for Prep');
    expect(PRODUCT_FIELDS.amz_lead_time.label).toBe('Time for AMZ');
  });

  it('bounds every number on both sides and every text in length', () => {
    for (const key of PRODUCT_FIELD_KEYS) {
      const spec = fieldSpec(key);
      if (spec.type === 'boolean') continue;
      if (spec.type === 'text' || spec.type === 'url') expect(spec.maxLength, key).toBeGreaterThan(0);
      else {
        expect(spec.min, key).toBeTypeOf('number');
        expect(spec.max, key).toBeTypeOf('number');
      }
    }
  });

  it('keeps every number inside its PostgreSQL column', () => {
    for (const key of PRODUCT_FIELD_KEYS) {
      const spec = fieldSpec(key);
      if (spec.type === 'integer') expect(spec.max, key).toBeLessThanOrEqual(2_147_483_647);
      // numeric(14,2) and numeric(8,3)
      if (spec.type === 'money') expect(spec.max, key).toBeLessThan(1e12);
      if (spec.type === 'decimal') expect(spec.max, key).toBeLessThan(1e5);
    }
  });

  it('refuses negative money and counts, and lead days past ten years, wherever they come from', () => {
    for (const key of PRODUCT_FIELD_KEYS) {
      const { type, min } = fieldSpec(key);
      if (type === 'money' || type === 'integer') expect(min, key).toBeGreaterThanOrEqual(0);
    }
    for (const key of [
      'order_lead_time',
      'prep_lead_time',
      'amz_lead_time',
      'desired_days_of_inventory',
    ] as const)
      expect(PRODUCT_FIELDS[key]).toMatchObject({ min: 0, max: 3650, unit: 'days' });
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
  });

  it('never include keys, marketplace data or derived values', () => {
    for (const field of ['msku', 'asin', 'buy_box_price', 'fba_quantity', 'roi', 'toString', '__proto__']) {
      expect(isEditableField(field)).toBe(false);
    }
  });

  it('are exactly the seller’s inputs: a sync never overwrites what the seller typed', () => {
    for (const key of PRODUCT_FIELD_KEYS) {
      if (key === 'msku') continue;
      expect(fieldSpec(key).editable, key).toBe(fieldSpec(key).owner === 'seller');
    }
  });
});

describe('the other field lists', () => {
  it('import every stored field, msku first', () => {
    expect(IMPORTABLE_FIELDS).toEqual(PRODUCT_FIELD_KEYS);
    expect(IMPORTABLE_FIELDS[0]).toBe('msku');
  });

  it('give a grid column to every field but those the cells show: title and image in the product cell, fees in the ROI breakdown, marketplace in its link, currency in the amounts', () => {
    const withColumn: ReadonlySet<string> = new Set(FIELD_COLUMN_KEYS);
    expect(PRODUCT_FIELD_KEYS.filter((key) => !withColumn.has(key))).toEqual([
      'title',
      'main_thumbnail',
      'referral_fee',
      'fba_fee',
      'marketplace',
      'currency',
    ]);
  });

  it('know a field key from anything else', () => {
    expect(isProductField('cost')).toBe(true);
    expect(isProductField('roi')).toBe(false);
    expect(isProductField('constructor')).toBe(false);
    expect(isProductField(3)).toBe(false);
  });
});
