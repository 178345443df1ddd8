import { type GridColumn, type GridRow, PRODUCT_COLUMN_KEY } from './grid-column';

/** SPEC 3: 0 no filter, 1 true only, 2 false only. */
export type BooleanFilterState = 0 | 1 | 2;
/** SPEC 3: [isGreaterOrEqual, typed text]. */
export type RangeFilter = readonly [isGreaterOrEqual: boolean, text: string];
export type ColumnFilter = string | RangeFilter | BooleanFilterState;
export type Filters = Readonly<Record<string, ColumnFilter | undefined>>;

/** SPEC 4: the boolean filter cycles no filter → checked → unchecked → no filter. */
export const nextBooleanFilterState = (state: BooleanFilterState): BooleanFilterState =>
  state === 0 ? 1 : state === 1 ? 2 : 0;

// A sign or a decimal point alone is accepted while typing: otherwise "-5" could never be entered.
// Digits either side of a dot that is not optional inside its group: '\d*\.?\d*' backtracks
// quadratically on a long run of digits.
const RANGE_INPUT = /^[-+]?\d*(\.\d*)?$/;
const RANGE_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** SPEC 5: the range filter accepts only empty input or input that parses as a number. */
export const isValidRangeInput = (text: string): boolean => RANGE_INPUT.test(text.trim());

/** The number a range filter compares against, or null when it filters nothing. */
export function parseRangeNumber(text: string): number | null {
  const trimmed = text.trim();
  return RANGE_NUMBER.test(trimmed) ? Number(trimmed) : null;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

// Rows are immutable and each filter keystroke scans them all, so the text is built once per row.
const searchableTexts = new WeakMap<object, string>();

const joinPart = (joined: string | null, part: unknown): string | null => {
  const value = text(part);
  if (value === null) return joined;
  return joined === null ? value : `${joined}\n${value}`;
};

/** Title, asin and msku joined by newlines, as they are (`productSearchText` lowercases it). */
export const productText = (row: GridRow): string => productTextOf(row.title, row.asin, row.msku);

/** `productText` of a row's title, asin and msku values. */
export function productTextOf(title: unknown, asin: unknown, msku: unknown): string {
  // A newline cannot be typed into the filter box, so a match never spans two parts. Joined by
  // hand: an array per row is a good part of the cost on the first keystroke.
  return joinPart(joinPart(joinPart(null, title), asin), msku) ?? '';
}

/** SPEC 3: the product column searches lowercase title, asin and msku together. */
export const productSearchText = (row: GridRow): string => productText(row).toLowerCase();

/** `productSearchText`, kept per row object. */
export function searchableProductText(row: GridRow): string {
  let searchable = searchableTexts.get(row);
  if (searchable === undefined) {
    searchable = productSearchText(row);
    searchableTexts.set(row, searchable);
  }
  return searchable;
}

/**
 * Builds the product search text of `rows[from, to)` ahead of the first filter keystroke, which
 * then only scans (the page calls it in idle time after the table lands).
 */
export function prepareProductSearch(rows: readonly GridRow[], from: number, to: number): void {
  for (let i = from; i < Math.min(to, rows.length); i++) searchableProductText(rows[i]!);
}

type RowTest = (row: GridRow) => boolean;

// Percent cells show value × 100, so that is what a typed number is compared with.
export const displayedNumber = (value: number, column: Pick<GridColumn, 'format'>) =>
  column.format === 'percent' ? Math.round(value * 100 * 1e6) / 1e6 : value;

/** What a text filter searches for (lowercase), or null when it filters nothing. */
export function textFilterQuery(filter: ColumnFilter): string | null {
  if (typeof filter !== 'string') return null;
  const query = filter.trim().toLowerCase();
  return query === '' ? null : query;
}

/** The number a range filter compares against, or null when it filters nothing. */
export function rangeFilterBound(filter: ColumnFilter): number | null {
  if (!Array.isArray(filter)) return null;
  const [, typed] = filter as RangeFilter;
  return typeof typed === 'string' ? parseRangeNumber(typed) : null;
}

function textTest(column: GridColumn, filter: ColumnFilter): RowTest | null {
  const query = textFilterQuery(filter);
  if (query === null) return null;
  if (column.key === PRODUCT_COLUMN_KEY) return (row) => searchableProductText(row).includes(query);
  const { key } = column;
  return (row) => {
    const value = row[key];
    if (value === null || value === undefined) return false;
    return String(value).toLowerCase().includes(query);
  };
}

function rangeTest(column: GridColumn, filter: ColumnFilter): RowTest | null {
  const bound = rangeFilterBound(filter);
  if (bound === null) return null;
  const [isGreaterOrEqual] = filter as RangeFilter;
  const { key } = column;
  // SPEC 4: rows without a value are excluded while a range filter is set.
  return (row) => {
    const value = row[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    const shown = displayedNumber(value, column);
    return isGreaterOrEqual ? shown >= bound : shown <= bound;
  };
}

function booleanTest(column: GridColumn, filter: ColumnFilter): RowTest | null {
  const { key } = column;
  if (filter === 1) return (row) => row[key] === true;
  // An unset flag shows as an unchecked box, so it counts as false.
  if (filter === 2) return (row) => row[key] !== true;
  return null;
}

// A plain loop: `tests.every(...)` would allocate a closure per row.
function passesAll(tests: readonly RowTest[], row: GridRow): boolean {
  for (const test of tests) if (!test(row)) return false;
  return true;
}

const TESTS_BY_FILTER_TYPE = { text: textTest, range: rangeTest, boolean: booleanTest };

/**
 * The rows that pass every active filter, in their original order. Filters on keys that are not
 * among `columns` are ignored; with no active filter `rows` itself is returned.
 */
export function filterRows<R extends GridRow>(
  rows: readonly R[],
  filters: Filters,
  columns: readonly GridColumn[],
): readonly R[] {
  const tests: RowTest[] = [];
  for (const column of columns) {
    const filter = filters[column.key];
    if (filter === undefined) continue;
    const test = TESTS_BY_FILTER_TYPE[column.filterBy](column, filter);
    if (test !== null) tests.push(test);
  }
  if (tests.length === 0) return rows;

  const kept: R[] = [];
  for (const row of rows) {
    if (passesAll(tests, row)) kept.push(row);
  }
  return kept;
}
