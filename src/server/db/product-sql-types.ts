import { getTableColumns } from 'drizzle-orm';
import { products } from './schema';

/** The SQL type of every column of `products`, read from the Drizzle schema so the two cannot drift. */
export const PRODUCT_SQL_TYPES: ReadonlyMap<string, string> = new Map(
  Object.values(getTableColumns(products)).map((column) => [column.name, column.getSQLType()]),
);
