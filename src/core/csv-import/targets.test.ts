import { describe, expect, it } from 'vitest';
import { IMPORT_TARGETS, isTargetKey, TARGET_KEYS, targetByKey } from './targets';

describe('import targets', () => {
  it('lists the targets in the agreed order', () => {
    expect(TARGET_KEYS).toEqual([
      'msku',
      'asin',
      'title',
      'main_thumbnail',
      'supplier',
      'cost',
      'your_price',
      'referral_fee',
      'fba_fee',
      'buy_box_price',
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
      'replen',
      'marketplace',
      'currency',
    ]);
  });

  it('reads marketplace and currency as known codes only', () => {
    expect(targetByKey('marketplace')?.type).toBe('marketplace');
    expect(targetByKey('currency')?.type).toBe('currency');
  });

  it('includes every import target the spec names', () => {
    for (const key of [
      'msku',
      'asin',
      'cost',
      'quantity_already_ordered',
      'order_lead_time',
      'prep_lead_time',
      'amz_lead_time',
      'desired_days_of_inventory',
      'supplier',
      'replen',
    ]) {
      expect(TARGET_KEYS).toContain(key);
    }
  });

  it.each([
    ['msku', 'MSKU', 'text'],
    ['asin', 'ASIN', 'text'],
    ['main_thumbnail', 'Image URL', 'text'],
    ['cost', 'Your Cost', 'money'],
    ['quantity_already_ordered', 'Ordered', 'integer'],
    ['seasonality_multiplier', 'Seasonality', 'decimal'],
    ['fba_quantity', 'FBA Stock', 'integer'],
    ['prep_lead_time', 'Time for Prep', 'integer'],
    ['amz_lead_time', 'Time for AMZ', 'integer'],
    ['replen', 'Replen', 'boolean'],
  ])('names target %s "%s" with type %s', (key, name, type) => {
    expect(targetByKey(key)).toMatchObject({ key, name, type });
  });

  it('keeps SKUs and ASINs as text so leading zeros survive', () => {
    expect(targetByKey('msku')?.type).toBe('text');
    expect(targetByKey('asin')?.type).toBe('text');
  });

  it('marks only msku as required', () => {
    expect(IMPORT_TARGETS.filter((target) => target.required).map((target) => target.key)).toEqual(['msku']);
  });

  it('gives every target a name and a description', () => {
    for (const target of IMPORT_TARGETS) {
      expect(target.name.length).toBeGreaterThan(0);
      expect(target.description.length).toBeGreaterThan(0);
    }
  });

  it('answers undefined for an unknown target key', () => {
    expect(targetByKey('roi')).toBeUndefined();
    expect(targetByKey('toString')).toBeUndefined();
    expect(isTargetKey('toString')).toBe(false);
    expect(isTargetKey('cost')).toBe(true);
    expect(isTargetKey(3)).toBe(false);
  });
});
