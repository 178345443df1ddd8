import { type ColumnFilter, type Filters, parseRangeNumber } from './grid-filters';

/**
 * Whether a header filter narrows the rows, by the same reading the row tests use: text after
 * trimming, a range with a number typed (a flipped ≥/≤ toggle with nothing typed filters nothing),
 * a three-state toggle away from "no filter".
 */
export function filterNarrows(filter: ColumnFilter | undefined): boolean {
  if (filter === undefined) return false;
  if (typeof filter === 'string') return filter.trim() !== '';
  if (Array.isArray(filter)) return parseRangeNumber(filter[1]) !== null;
  return filter !== 0;
}

/** Clear Filters is enabled exactly when some filter narrows the rows. */
export const anyFilterNarrows = (filters: Filters): boolean => Object.values(filters).some(filterNarrows);
