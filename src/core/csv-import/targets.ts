import { z } from 'zod';
import type { ValueType } from './values';

interface TargetDefinition {
  key: string;
  name: string;
  type: ValueType;
  required?: boolean;
  description: string;
}

// SPEC 5 lists the editable import targets; DESIGN 5 adds the other stored product fields so that
// a marketplace report can fill them too. msku and asin are text: '00123' must stay '00123'.
const DEFINITIONS = [
  {
    key: 'msku',
    name: 'MSKU',
    type: 'text',
    required: true,
    description: 'Your seller SKU; identifies the product',
  },
  { key: 'asin', name: 'ASIN', type: 'text', description: 'Marketplace product id' },
  { key: 'title', name: 'Title', type: 'text', description: 'Product title' },
  { key: 'main_thumbnail', name: 'Image URL', type: 'text', description: 'Link to the main product image' },
  { key: 'supplier', name: 'Supplier', type: 'text', description: 'Who you buy the product from' },
  { key: 'cost', name: 'Your Cost', type: 'money', description: 'What one unit costs you' },
  { key: 'your_price', name: 'Your Price', type: 'money', description: 'Your listing price' },
  { key: 'buy_box_price', name: 'Buy Box Price', type: 'money', description: 'Current Buy Box price' },
  {
    key: 'competitive_price',
    name: 'Competitive Price',
    type: 'money',
    description: 'Lowest competing offer price',
  },
  {
    key: 'sales_last_30_days',
    name: 'Sales Last 30 Days',
    type: 'integer',
    description: 'Units sold in the last 30 days',
  },
  {
    key: 'days_in_stock_of_last_30',
    name: 'Days in Stock (of Last 30)',
    type: 'integer',
    description: 'Days the product was in stock during the last 30 days (0 to 30)',
  },
  {
    key: 'fba_quantity',
    name: 'FBA Quantity',
    type: 'integer',
    description: "Units at the marketplace's warehouses, available plus reserved",
  },
  {
    key: 'inbound_quantity',
    name: 'Inbound Quantity',
    type: 'integer',
    description: 'Units shipped to the marketplace, not yet received',
  },
  {
    key: 'local_inventory_quantity',
    name: 'Local Inventory',
    type: 'integer',
    description: 'Units you hold yourself',
  },
  {
    key: 'quantity_already_ordered',
    name: 'Ordered',
    type: 'integer',
    description: 'Units already ordered from the supplier',
  },
  {
    key: 'seasonality_multiplier',
    name: 'Seasonality Multiplier',
    type: 'decimal',
    description: 'Expected demand relative to normal (1 is normal)',
  },
  {
    key: 'order_lead_time',
    name: 'Order Lead Time',
    type: 'integer',
    description: 'Days to receive goods after ordering',
  },
  { key: 'prep_lead_time', name: 'Time for Prep', type: 'integer', description: 'Days to prepare goods' },
  {
    key: 'amz_lead_time',
    name: 'Time for AMZ',
    type: 'integer',
    description: 'Days for the marketplace to receive goods',
  },
  {
    key: 'desired_days_of_inventory',
    name: 'Desired Days of Inventory',
    type: 'integer',
    description: 'Days of stock to keep on hand',
  },
  { key: 'case_pack', name: 'Case Pack', type: 'integer', description: 'Units per case' },
  { key: 'moq', name: 'MOQ', type: 'integer', description: 'Minimum order quantity' },
  { key: 'replen', name: 'Replen', type: 'boolean', description: 'Include in the next order' },
] as const satisfies readonly TargetDefinition[];

export type TargetKey = (typeof DEFINITIONS)[number]['key'];
export type ImportTarget = TargetDefinition & { key: TargetKey };

export const IMPORT_TARGETS: readonly ImportTarget[] = DEFINITIONS;

// A tuple (not a plain array) so that z.enum can derive the key type from it.
export const TARGET_KEYS = IMPORT_TARGETS.map((target) => target.key) as [TargetKey, ...TargetKey[]];
export const targetKeySchema = z.enum(TARGET_KEYS);

const TARGETS_BY_KEY = new Map<string, ImportTarget>(IMPORT_TARGETS.map((target) => [target.key, target]));

export function isTargetKey(value: unknown): value is TargetKey {
  return typeof value === 'string' && TARGETS_BY_KEY.has(value);
}

/** The target for a key, or undefined for an unknown key (SPEC 8: 'No config found'). */
export function targetByKey(key: string): ImportTarget | undefined {
  return TARGETS_BY_KEY.get(key);
}
