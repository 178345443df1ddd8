import { z } from 'zod';
import { requiredFieldSchema } from '../product-fields/field-schemas';

/**
 * Settings → Calculations: the account's values for lead and desired days left blank on a
 * product. Each keeps the same rules as the product field it stands in for. Apart from the
 * defaults themselves so that the restock page, which reads them, loads no zod.
 */
export const calculationDefaultsSchema = z.object({
  order_lead_time: requiredFieldSchema('order_lead_time'),
  prep_lead_time: requiredFieldSchema('prep_lead_time'),
  amz_lead_time: requiredFieldSchema('amz_lead_time'),
  desired_days_of_inventory: requiredFieldSchema('desired_days_of_inventory'),
});
export type CalculationDefaults = z.output<typeof calculationDefaultsSchema>;
