import type { ColumnDefinition } from './columns';

/** What filtering and sorting need to know of a column. */
export type GridColumn = Pick<ColumnDefinition, 'key' | 'filterBy' | 'format' | 'sortNullsAs'>;

export type GridRow = Readonly<Record<string, unknown>>;

export const PRODUCT_COLUMN_KEY = 'product';
