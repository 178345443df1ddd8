import type { CalculationDefaults } from './calculation-defaults';
import { COVERAGE_LEGS, type CoverageLeg } from './engine';

/**
 * What a blank cell means. Only `missing` values are gaps the seller should fill (the red marker);
 * a blank that falls back to a default, or an optional setting, is how the product is meant to be.
 */
export type BlankCell =
  | { kind: 'default'; value: number; note: string }
  | { kind: 'optional'; note: string }
  | { kind: 'missing' };

const ZERO_WHEN_BLANK = new Set(['inbound_quantity', 'local_inventory_quantity', 'quantity_already_ordered']);

const OPTIONAL_NOTES: Readonly<Record<string, string>> = {
  case_pack: 'Not set: the quantity is not rounded to cases.',
  moq: 'Not set: no minimum order quantity.',
  hdos: 'No sales, so the stock does not run down.',
  stockout_date: 'No sales, so the stock does not run out.',
  reorder_by: 'No sales, so there is no day to reorder by.',
  trend: 'Needs daily sales history (import the All Orders report).',
  seasonality_suggestion: 'Needs a year of daily sales history.',
  forecast_accuracy: 'Needs daily sales history (import the All Orders report).',
};

const isLeg = (key: string): key is CoverageLeg => (COVERAGE_LEGS as readonly string[]).includes(key);

export function blankCell(key: string, defaults: CalculationDefaults): BlankCell {
  if (isLeg(key)) {
    return {
      kind: 'default',
      value: defaults[key],
      note: 'default: the account value from Settings → Calculations',
    };
  }
  if (key === 'seasonality_multiplier')
    return { kind: 'default', value: 1, note: 'default: no seasonal change' };
  if (ZERO_WHEN_BLANK.has(key)) return { kind: 'default', value: 0, note: 'default: blank counts as 0' };
  const note = OPTIONAL_NOTES[key];
  return note === undefined ? { kind: 'missing' } : { kind: 'optional', note };
}
