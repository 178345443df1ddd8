import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FieldType, fieldSpec, PRODUCT_FIELD_KEYS } from '../../core/product-fields/fields';
import { products } from './schema';

/** The column type that holds each kind of field exactly (money to the cent). */
const SQL_TYPES: Record<FieldType, string> = {
  text: 'text',
  url: 'text',
  money: 'numeric(14, 2)',
  integer: 'integer',
  decimal: 'numeric(8, 3)',
  boolean: 'boolean',
};

/** Columns of `products` that are not product fields: the owner, bookkeeping and the buy list's own. */
const OTHER_COLUMNS = ['account_id', 'order_quantity', 'version', 'updated_at', 'last_import_id'];

const columns = new Map(Object.values(getTableColumns(products)).map((column) => [column.name, column]));

describe('the products table', () => {
  it.each(PRODUCT_FIELD_KEYS)('stores the field %s in a column of its name and type', (key) => {
    const column = columns.get(key);
    expect(column, `products has no column ${key}`).toBeDefined();
    expect(column?.getSQLType()).toBe(SQL_TYPES[fieldSpec(key).type]);
    const spec = fieldSpec(key);
    expect(column?.notNull).toBe(Boolean(spec.required || spec.notNull));
  });

  it('has no column that is neither a product field nor known bookkeeping', () => {
    const fields: ReadonlySet<string> = new Set(PRODUCT_FIELD_KEYS);
    expect([...columns.keys()].filter((name) => !fields.has(name))).toEqual(OTHER_COLUMNS);
  });
});
