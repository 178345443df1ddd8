import type { ImportTarget } from './targets';
import { isBlank, type ParseOptions, parseValue } from './values';

/** SPEC 9: share of a column's non-empty values that must parse for the target's type. */
export const COMPATIBILITY_THRESHOLD = 0.8;

export type CompatibilityResult = { ok: true } | { ok: false; message: string };

export function incompatibleColumnMessage(csvColumn: string, targetName: string): string {
  return `CSV column "${csvColumn}" is not compatible with "${targetName}"`;
}

/**
 * SPEC 5: a column may be dropped on a target only if at least 80 percent of its non-empty values
 * parse to non-null for the target's type (blanks and spreadsheet errors do not count). A column with no non-empty value is compatible: there
 * is nothing in it to contradict the target.
 */
export function checkCompatibility(
  rows: readonly Readonly<Record<string, string | undefined>>[],
  csvColumn: string,
  target: Pick<ImportTarget, 'name' | 'type'>,
  options: ParseOptions = {},
): CompatibilityResult {
  let filled = 0;
  let parsed = 0;
  for (const row of rows) {
    const raw = row[csvColumn];
    if (isBlank(raw)) continue;
    filled += 1;
    if (parseValue(target.type, raw, options) !== null) parsed += 1;
  }
  if (filled === 0 || parsed / filled >= COMPATIBILITY_THRESHOLD) return { ok: true };
  return { ok: false, message: incompatibleColumnMessage(csvColumn, target.name) };
}
