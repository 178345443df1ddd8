import type { CalculationDefaults } from './calculation-defaults-schema';

export type { CalculationDefaults } from './calculation-defaults-schema';

/** DESIGN 5: used until an account saves its own. */
export const BUILT_IN_DEFAULTS: Readonly<CalculationDefaults> = Object.freeze({
  order_lead_time: 7,
  prep_lead_time: 3,
  amz_lead_time: 10,
  desired_days_of_inventory: 30,
});
