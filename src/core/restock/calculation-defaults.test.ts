import { describe, expect, it } from 'vitest';
import { BUILT_IN_DEFAULTS } from './calculation-defaults';
import { calculationDefaultsSchema } from './calculation-defaults-schema';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

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

  it('accept whole days from 0 to 3,650, the same as a product’s own days', () => {
    const edges = {
      order_lead_time: 0,
      prep_lead_time: 3650,
      amz_lead_time: 1,
      desired_days_of_inventory: 400,
    };
    expect(calculationDefaultsSchema.parse(edges)).toEqual(edges);
  });

  it.each([
    [{ order_lead_time: -1 }, 'Order Lead Time must be a whole number of days from 0 to 3,650'],
    [{ prep_lead_time: 3651 }, 'Time for Prep must be a whole number of days from 0 to 3,650'],
    [{ amz_lead_time: 1.5 }, 'Time for AMZ must be a whole number of days from 0 to 3,650'],
    [{ desired_days_of_inventory: null }, 'Desired Days must be a whole number of days from 0 to 3,650'],
    [{ desired_days_of_inventory: undefined }, 'Desired Days must be a whole number of days from 0 to 3,650'],
    [{ desired_days_of_inventory: '30' }, 'Desired Days must be a whole number of days from 0 to 3,650'],
  ])('refuses %j with "%s"', (change, message) => {
    expect(firstMessage(calculationDefaultsSchema.safeParse({ ...BUILT_IN_DEFAULTS, ...change }))).toBe(
      message,
    );
  });
});
