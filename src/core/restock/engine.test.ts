import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFieldValue } from '../product-fields/field-values';
import { MAX_QUANTITY, PRODUCT_FIELD_KEYS, type Product } from '../product-fields/fields';
import { BUILT_IN_DEFAULTS, type CalculationDefaults } from './calculation-defaults';
import { COVERAGE_LEGS, deriveFields, type ExplanationStep, explainRecommendation } from './engine';
import { aProduct, productArbitrary } from './test-products';

const derive = (
  overrides: Parameters<typeof aProduct>[0],
  defaults: CalculationDefaults = BUILT_IN_DEFAULTS,
) => {
  const product = aProduct(overrides);
  return { ...product, ...deriveFields(product, defaults) };
};

// Built-in coverage is 7 + 3 + 10 + 30 = 50 days.
describe('velocity', () => {
  it.each([
    [
      'uses the in-stock days when they are 1..30',
      { sales_last_30_days: 30, days_in_stock_of_last_30: 10 },
      3,
    ],
    [
      'uses 30 days when the product was in stock all month',
      { sales_last_30_days: 30, days_in_stock_of_last_30: 30 },
      1,
    ],
    [
      'uses 30 days when no in-stock day is recorded',
      { sales_last_30_days: 15, days_in_stock_of_last_30: 0 },
      0.5,
    ],
    [
      'uses 30 days when in-stock days are unknown',
      { sales_last_30_days: 15, days_in_stock_of_last_30: null },
      0.5,
    ],
    ['is 0 without sales', { sales_last_30_days: null, days_in_stock_of_last_30: 10 }, 0],
    ['is 0 with zero sales', { sales_last_30_days: 0, days_in_stock_of_last_30: 10 }, 0],
    ['handles a single in-stock day', { sales_last_30_days: 4, days_in_stock_of_last_30: 1 }, 4],
  ])('%s', (_, overrides, velocity) => {
    expect(derive(overrides).velocity).toBe(velocity);
  });
});

describe('total quantity and historical days of stock', () => {
  it.each([
    [
      'adds fba, inbound and local stock',
      { fba_quantity: 20, inbound_quantity: 10, local_inventory_quantity: 5 },
      35,
    ],
    [
      'counts blank stock as 0',
      { fba_quantity: 20, inbound_quantity: null, local_inventory_quantity: null },
      20,
    ],
    ['is 0 when all stock is blank', {}, 0],
  ])('total quantity %s', (_, overrides, total) => {
    expect(derive(overrides).total_quantity).toBe(total);
  });

  it.each([
    [
      'divides stock by velocity',
      { fba_quantity: 100, sales_last_30_days: 30, days_in_stock_of_last_30: 30 },
      100,
    ],
    ['rounds down', { fba_quantity: 10, sales_last_30_days: 30, days_in_stock_of_last_30: 10 }, 3],
    // 7 / (3 / 9) is 21.000000000000004 in floats; the answer is exactly 21.
    [
      'stays exact with a fractional velocity',
      { fba_quantity: 7, sales_last_30_days: 3, days_in_stock_of_last_30: 9 },
      21,
    ],
    ['is 0 with no stock but sales', { sales_last_30_days: 30 }, 0],
    ['is null without sales', { fba_quantity: 100, sales_last_30_days: 0 }, null],
    ['is null with blank sales', { fba_quantity: 100 }, null],
  ])('hdos %s', (_, overrides, hdos) => {
    expect(derive(overrides).hdos).toBe(hdos);
  });
});

describe('coverage days', () => {
  it('uses the built-in defaults for every blank leg', () => {
    expect(derive({}).coverage_days).toBe(50);
  });

  it("uses the product's own days where they are set, including 0", () => {
    expect(derive({ order_lead_time: 14, prep_lead_time: 0 }).coverage_days).toBe(14 + 0 + 10 + 30);
  });

  it("uses the account's defaults for blank legs", () => {
    const defaults = {
      order_lead_time: 20,
      prep_lead_time: 5,
      amz_lead_time: 15,
      desired_days_of_inventory: 60,
    };
    expect(derive({ amz_lead_time: 1 }, defaults).coverage_days).toBe(20 + 5 + 1 + 60);
  });
});

describe('recommended buy quantity', () => {
  const selling3aDay = { sales_last_30_days: 30, days_in_stock_of_last_30: 10 };

  it.each([
    ['is demand over coverage less stock', { ...selling3aDay, fba_quantity: 20, inbound_quantity: 10 }, 120],
    [
      'subtracts what is already ordered',
      { ...selling3aDay, fba_quantity: 20, quantity_already_ordered: 30 },
      100,
    ],
    ['is 0 when stock covers demand', { ...selling3aDay, fba_quantity: 200 }, 0],
    [
      'is exactly 0 when stock equals demand (3 × 40 − 120)',
      {
        ...selling3aDay,
        order_lead_time: 0,
        prep_lead_time: 0,
        amz_lead_time: 0,
        desired_days_of_inventory: 40,
        fba_quantity: 120,
      },
      0,
    ],
    [
      // 3 × 1.1 × 40 is 132.00000000000003 in naive floats, which a ceil would turn into 133.
      'does not buy an extra unit because of float noise',
      {
        ...selling3aDay,
        seasonality_multiplier: 1.1,
        order_lead_time: 0,
        prep_lead_time: 0,
        amz_lead_time: 0,
        desired_days_of_inventory: 40,
      },
      132,
    ],
    ['is 0 without sales', { fba_quantity: 0 }, 0],
    ['treats blank seasonality as 1', { ...selling3aDay, seasonality_multiplier: null }, 150],
    ['applies seasonality', { ...selling3aDay, seasonality_multiplier: 2 }, 300],
    ['applies a quiet-season multiplier', { ...selling3aDay, seasonality_multiplier: 0.5 }, 75],
    [
      'rounds a fractional need up',
      { sales_last_30_days: 1, days_in_stock_of_last_30: 30, fba_quantity: 1 },
      1,
    ],
    [
      'uses whole-month velocity when out of stock all month',
      { sales_last_30_days: 15, days_in_stock_of_last_30: 0 },
      25,
    ],
    ['rounds up to whole case packs', { sales_last_30_days: 15, case_pack: 12 }, 36],
    [
      'keeps a need that is already whole cases',
      { sales_last_30_days: 15, case_pack: 12, fba_quantity: 1 },
      24,
    ],
    ['raises to the minimum order quantity', { sales_last_30_days: 15, moq: 100 }, 100],
    ['leaves a need above the minimum order alone', { sales_last_30_days: 300, moq: 100 }, 500],
    ['rounds the minimum order up to whole cases', { sales_last_30_days: 15, case_pack: 12, moq: 100 }, 108],
    ['keeps a minimum order that is whole cases', { sales_last_30_days: 15, case_pack: 10, moq: 100 }, 100],
    [
      'does not apply the minimum order when nothing is needed',
      { sales_last_30_days: 15, fba_quantity: 25, moq: 100 },
      0,
    ],
    [
      'does not apply case packs when nothing is needed',
      { sales_last_30_days: 15, fba_quantity: 30, case_pack: 12 },
      0,
    ],
    [
      'buys a whole case for a tiny need',
      { sales_last_30_days: 1, days_in_stock_of_last_30: 30, fba_quantity: 1, case_pack: 12 },
      12,
    ],
  ])('%s', (_, overrides, quantity) => {
    expect(derive(overrides).recommended_buy_quantity).toBe(quantity);
  });
});

describe('total spend', () => {
  it.each([
    ['is quantity times cost', { sales_last_30_days: 15, cost: 2.5 }, 62.5],
    ['is null without a cost', { sales_last_30_days: 15, cost: null }, null],
    ['is 0 when nothing is to be bought', { cost: 9.99 }, 0],
    // 3 units (5 needed, 2 held) × $0.10 is 0.30000000000000004 in floats.
    ['is rounded to cents (3 × $0.10)', { sales_last_30_days: 3, fba_quantity: 2, cost: 0.1 }, 0.3],
    // 7 units (70 needed, 63 held) × $1.005 is 7.034999… in floats.
    ['rounds half a cent up (7 × $1.005)', { sales_last_30_days: 42, fba_quantity: 63, cost: 1.005 }, 7.04],
    ['is 0 for free items', { sales_last_30_days: 15, cost: 0 }, 0],
  ])('%s', (_, overrides, spend) => {
    expect(derive(overrides).total_spend).toBe(spend);
  });
});

describe('return on investment', () => {
  it.each([
    [
      'uses the buy box price first',
      { cost: 10, buy_box_price: 15, your_price: 12, competitive_price: 8 },
      0.5,
    ],
    ['falls back to your price', { cost: 10, your_price: 12, competitive_price: 8 }, 0.2],
    ['falls back to the competitive price', { cost: 10, competitive_price: 8 }, -0.2],
    [
      'keeps a buy box price of 0 rather than skipping it',
      { cost: 10, buy_box_price: 0, your_price: 12 },
      -1,
    ],
    ['is null without a cost', { buy_box_price: 15 }, null],
    ['is null with a cost of 0', { cost: 0, buy_box_price: 15 }, null],
    ['is null without any price', { cost: 10 }, null],
    ['is free of float noise', { cost: 12, buy_box_price: 13.2 }, 0.1],
    [
      'counts net proceeds once both fees are known',
      { cost: 10, buy_box_price: 20, referral_fee: 3, fba_fee: 4.5 },
      0.25,
    ],
    ['leaves fees out while one is unknown', { cost: 10, buy_box_price: 20, referral_fee: 3 }, 1],
  ])('%s', (_, overrides, roi) => {
    expect(derive(overrides).roi).toBe(roi);
  });
});

describe('properties of the recommended buy quantity', () => {
  const recommended = (product: Product) => deriveFields(product, BUILT_IN_DEFAULTS).recommended_buy_quantity;

  it('is never negative and always a whole number', () => {
    fc.assert(
      fc.property(productArbitrary, (product) => {
        const quantity = recommended(product);
        return quantity >= 0 && Number.isInteger(quantity);
      }),
    );
  });

  it('never falls when sales rise', () => {
    fc.assert(
      fc.property(productArbitrary, fc.nat(5_000), fc.nat(5_000), (product, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return (
          recommended({ ...product, sales_last_30_days: low }) <=
          recommended({ ...product, sales_last_30_days: high })
        );
      }),
    );
  });

  it.each(COVERAGE_LEGS)('never falls when %s grows', (leg) => {
    fc.assert(
      fc.property(productArbitrary, fc.nat(365), fc.nat(365), (product, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        return recommended({ ...product, [leg]: low }) <= recommended({ ...product, [leg]: high });
      }),
    );
  });

  it('is a whole number of case packs when a case pack is set and something is to be bought', () => {
    fc.assert(
      fc.property(productArbitrary, fc.integer({ min: 1, max: 48 }), (product, casePack) => {
        const quantity = recommended({ ...product, case_pack: casePack });
        return quantity === 0 || quantity % casePack === 0;
      }),
    );
  });

  it('is at least the minimum order when something is to be bought', () => {
    fc.assert(
      fc.property(productArbitrary, fc.integer({ min: 1, max: 500 }), (product, moq) => {
        const quantity = recommended({ ...product, moq });
        return quantity === 0 || quantity >= moq;
      }),
    );
  });

  it('is 0 exactly when demand over coverage does not exceed stock', () => {
    fc.assert(
      fc.property(productArbitrary, (product) => {
        const steps = explainRecommendation(product, BUILT_IN_DEFAULTS);
        const need = steps.find((step) => step.key === 'need')?.value ?? Number.NaN;
        return (recommended(product) === 0) === need <= 0;
      }),
    );
  });
});

describe('explainRecommendation', () => {
  const stepsByKey = (steps: ExplanationStep[]) => new Map(steps.map((step) => [step.key, step]));

  it('explains a typical product step by step', () => {
    const steps = explainRecommendation(
      aProduct({
        sales_last_30_days: 30,
        days_in_stock_of_last_30: 10,
        seasonality_multiplier: 1.2,
        order_lead_time: 14,
        fba_quantity: 40,
        inbound_quantity: 12,
        quantity_already_ordered: 6,
        case_pack: 12,
        moq: 200,
      }),
      BUILT_IN_DEFAULTS,
    );
    expect(steps.map(({ key, label, value, detail }) => [key, label, value, detail])).toEqual([
      [
        'velocity',
        'Daily sales',
        3,
        'No daily sales history, so Sales (30 Days) is used: 30 units over 10 in-stock days',
      ],
      ['daily_demand', 'Daily demand after seasonality', 3.6, '3 a day × seasonality 1.2'],
      ['order_lead_time', 'Order Lead Time', 14, 'Set on this product'],
      ['prep_lead_time', 'Time for Prep', 3, 'Account default (blank on this product)'],
      ['amz_lead_time', 'Time for AMZ', 10, 'Account default (blank on this product)'],
      ['desired_days_of_inventory', 'Desired Days', 30, 'Account default (blank on this product)'],
      ['coverage_days', 'Days to cover', 57, '14 + 3 + 10 + 30 days'],
      ['demand', 'Demand over those days', 205.2, '3.6 a day × 57 days'],
      [
        'stock',
        'Stock subtracted',
        58,
        'FBA 40 + inbound 12 + local 0 + already ordered 6 (blank counts as 0)',
      ],
      ['need', 'Raw need', 147.2, '205.2 − 58'],
      ['whole_units', 'Rounded up to whole units', 148, '147.2 → 148'],
      ['case_pack', 'Rounded up to whole cases', 156, 'Cases of 12: 148 → 156'],
      [
        'moq',
        'Raised to the minimum order',
        204,
        'Minimum order 200: 156 → 200, then whole cases of 12 make 204',
      ],
      ['recommended', 'To buy', 204, '204 units'],
    ]);
  });

  it('says when the whole month is used and why', () => {
    const unknown = stepsByKey(explainRecommendation(aProduct({ sales_last_30_days: 1 }), BUILT_IN_DEFAULTS));
    expect(unknown.get('velocity')?.detail).toBe(
      'No daily sales history, so Sales (30 Days) is used: 1 unit over 30 days (in-stock days unknown, so the whole month is used)',
    );
    const none = stepsByKey(
      explainRecommendation(
        aProduct({ sales_last_30_days: 6, days_in_stock_of_last_30: 0 }),
        BUILT_IN_DEFAULTS,
      ),
    );
    expect(none.get('velocity')?.detail).toBe(
      'No daily sales history, so Sales (30 Days) is used: 6 units over 30 days (no in-stock days recorded, so the whole month is used)',
    );
    const blank = stepsByKey(explainRecommendation(aProduct(), BUILT_IN_DEFAULTS));
    expect(blank.get('velocity')?.detail).toBe(
      'No daily sales history, so Sales (30 Days) is used: No sales recorded for the last 30 days',
    );
    expect(blank.get('daily_demand')?.detail).toBe('0 a day × seasonality 1 (not set, so 1)');
  });

  it('explains why nothing is to be bought', () => {
    const steps = stepsByKey(
      explainRecommendation(
        aProduct({ sales_last_30_days: 30, fba_quantity: 80, case_pack: 6, moq: 10 }),
        BUILT_IN_DEFAULTS,
      ),
    );
    expect(steps.get('need')).toMatchObject({ value: -30, detail: '50 − 80: stock covers demand' });
    expect(steps.get('whole_units')?.detail).toBe('Nothing to buy');
    expect(steps.get('case_pack')?.detail).toBe('Nothing to buy, so cases do not apply');
    expect(steps.get('moq')?.detail).toBe('Nothing to buy, so the minimum order does not apply');
    expect(steps.get('recommended')).toMatchObject({
      value: 0,
      detail: 'Stock covers demand for the days to cover',
    });
  });

  it('says when case packs and minimum orders change nothing', () => {
    const steps = stepsByKey(
      explainRecommendation(
        aProduct({ sales_last_30_days: 144, case_pack: 12, moq: 100 }),
        BUILT_IN_DEFAULTS,
      ),
    );
    expect(steps.get('whole_units')?.detail).toBe('240 is already whole units');
    expect(steps.get('case_pack')?.detail).toBe('Cases of 12: 240 is already whole cases');
    expect(steps.get('moq')?.detail).toBe('240 already meets the minimum of 100');
    const bare = stepsByKey(explainRecommendation(aProduct({ sales_last_30_days: 3 }), BUILT_IN_DEFAULTS));
    expect(bare.get('case_pack')?.detail).toBe('No case pack set');
    expect(bare.get('moq')?.detail).toBe('No minimum order quantity set');
    expect(bare.get('stock')?.detail).toBe(
      'FBA 0 + inbound 0 + local 0 + already ordered 0 (blank counts as 0)',
    );
  });

  it('agrees with deriveFields on every product', () => {
    const defaultsArbitrary = fc.record({
      order_lead_time: fc.nat(365),
      prep_lead_time: fc.nat(365),
      amz_lead_time: fc.nat(365),
      desired_days_of_inventory: fc.nat(365),
    });
    fc.assert(
      fc.property(productArbitrary, defaultsArbitrary, (product, defaults) => {
        const row = deriveFields(product, defaults);
        const steps = stepsByKey(explainRecommendation(product, defaults));
        expect(steps.get('velocity')?.value).toBe(row.velocity);
        expect(steps.get('coverage_days')?.value).toBe(row.coverage_days);
        expect(steps.get('stock')?.value).toBe(row.total_quantity + (product.quantity_already_ordered ?? 0));
        expect(steps.get('recommended')?.value).toBe(row.recommended_buy_quantity);
        expect(steps.get('moq')?.value).toBe(row.recommended_buy_quantity);
        for (const leg of COVERAGE_LEGS) expect(steps.get(leg)?.value).toBe(product[leg] ?? defaults[leg]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the product arbitrary used above', () => {
  it('only generates products every field rule accepts', () => {
    fc.assert(
      fc.property(productArbitrary, (product) =>
        PRODUCT_FIELD_KEYS.every((key) => parseFieldValue(key, product[key]).ok),
      ),
    );
  });
});

describe('with daily history (DESIGN 10)', () => {
  const withForecast = (overrides: Parameters<typeof aProduct>[0], rate: number | null) => ({
    ...aProduct(overrides),
    forecast_daily_rate: rate,
    trend: null,
    seasonality_suggestion: null,
    forecast_accuracy: null,
  });

  it('takes the velocity from the forecast, not from the 30-day fields', () => {
    // 2.5 a day × 50 days = 125 − 40 in stock = 85, although the 30-day fields say 1 a day.
    const product = withForecast(
      { sales_last_30_days: 30, days_in_stock_of_last_30: 30, fba_quantity: 40 },
      2.5,
    );
    const derived = deriveFields(product, BUILT_IN_DEFAULTS, '2024-05-01');
    expect(derived).toMatchObject({
      velocity: 2.5,
      daily_rate: 2.5,
      rate_source: 'history',
      recommended_buy_quantity: 85,
      hdos: 16,
      // 40 units last 16 whole days; the order legs (7 + 3 + 10) come 20 days before.
      stockout_date: '2024-05-17',
      reorder_by: '2024-04-27',
    });
    const velocity = explainRecommendation(product, BUILT_IN_DEFAULTS).find(
      (step) => step.key === 'velocity',
    );
    expect(velocity?.detail).toContain('Forecast from daily sales history');
  });

  it('falls back to the 30-day fields without a forecast, and says so', () => {
    const product = withForecast(
      { sales_last_30_days: 30, days_in_stock_of_last_30: 30, fba_quantity: 40 },
      null,
    );
    const derived = deriveFields(product, BUILT_IN_DEFAULTS, '2024-05-01');
    expect(derived).toMatchObject({
      velocity: 1,
      rate_source: 'sales_last_30_days',
      recommended_buy_quantity: 10,
    });
    expect(derived.stockout_date).toBe('2024-06-10');
  });

  it('applies the seasonality multiplier to the forecast rate and the stock-out date', () => {
    const product = withForecast({ seasonality_multiplier: 2, fba_quantity: 40 }, 2);
    const derived = deriveFields(product, BUILT_IN_DEFAULTS, '2024-05-01');
    expect(derived.recommended_buy_quantity).toBe(160);
    expect(derived.stockout_date).toBe('2024-05-11');
  });

  it('has no stock-out date without demand', () => {
    const derived = deriveFields(withForecast({ fba_quantity: 40 }, 0), BUILT_IN_DEFAULTS, '2024-05-01');
    expect(derived).toMatchObject({
      stockout_date: null,
      reorder_by: null,
      hdos: null,
      recommended_buy_quantity: 0,
    });
  });
});

describe('the largest recommendation', () => {
  it('is capped at the most one order line holds, and the breakdown says so', () => {
    const product = aProduct({
      sales_last_30_days: MAX_QUANTITY,
      days_in_stock_of_last_30: 30,
      desired_days_of_inventory: 55,
    });
    expect(deriveFields(product, BUILT_IN_DEFAULTS).recommended_buy_quantity).toBe(MAX_QUANTITY);
    const last = explainRecommendation(product, BUILT_IN_DEFAULTS).at(-1)!;
    expect(last).toMatchObject({ key: 'recommended', value: MAX_QUANTITY });
    expect(last.detail).toMatch(/the most one order line can hold/);
  });
});
