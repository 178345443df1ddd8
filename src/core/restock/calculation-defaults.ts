import { z } from 'zod';
import { requiredFieldSchema } from '../product-fields/field-values';

/**
 * Settings → Calculations: the account's values for lead and desired days left blank on a
 * product. Each keeps the same rules as the product field it stands in for.
 */
export const calculationDefaultsSchema = z.object({
  order_lead_time: requiredFieldSchema('order_lead_time'),
  prep_lead_time: requiredFieldSchema('prep_lead_time'),
  amz_lead_time: requiredFieldSchema('amz_lead_time'),
  desired_days_of_inventory: requiredFieldSchema('desired_days_of_inventory'),
});
export type CalculationDefaults = z.output<typeof calculationDefaultsSchema>;

/** DESIGN 5: used until an account saves its own. */
export const BUILT_IN_DEFAULTS: Readonly<CalculationDefaults> = Object.freeze({
  order_lead_time: 7,
  prep_lead_time: 3,
  amz_lead_time: 10,
  desired_days_of_inventory: 30,
});
