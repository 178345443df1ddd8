import { type FieldType, fieldSpec, IMPORTABLE_FIELDS, type ImportableField } from '../product-fields/fields';
import type { ValueType } from './values';

/**
 * An import target: a stored product field a CSV column can fill (SPEC 5 lists the editable ones;
 * DESIGN 5 adds the others so that a marketplace report can fill them too). Read from the field
 * table, so names and rules are the grid's.
 */
export interface ImportTarget {
  key: ImportableField;
  name: string;
  /** How a cell is parsed: msku and asin are text, so '00123' stays '00123'. */
  type: ValueType;
  required?: boolean;
  description: string;
}

export type TargetKey = ImportableField;

const VALUE_TYPES: Record<FieldType, ValueType> = {
  text: 'text',
  url: 'text',
  money: 'money',
  integer: 'integer',
  decimal: 'decimal',
  boolean: 'boolean',
};

function toTarget(key: ImportableField): ImportTarget {
  const spec = fieldSpec(key);
  return {
    key,
    name: spec.label,
    // Marketplace and currency are text fields that only take known codes.
    type: key === 'marketplace' || key === 'currency' ? key : VALUE_TYPES[spec.type],
    ...(spec.required ? { required: true } : {}),
    description: spec.description,
  };
}

export const IMPORT_TARGETS: readonly ImportTarget[] = Object.freeze(IMPORTABLE_FIELDS.map(toTarget));

// A tuple (not a plain array) so that callers can rely on at least one key (msku).
export const TARGET_KEYS = IMPORT_TARGETS.map((target) => target.key) as [TargetKey, ...TargetKey[]];

const TARGETS_BY_KEY = new Map<string, ImportTarget>(IMPORT_TARGETS.map((target) => [target.key, target]));

export function isTargetKey(value: unknown): value is TargetKey {
  return typeof value === 'string' && TARGETS_BY_KEY.has(value);
}

/** The target for a key, or undefined for an unknown key (SPEC 8: 'No config found'). */
export function targetByKey(key: string): ImportTarget | undefined {
  return TARGETS_BY_KEY.get(key);
}
