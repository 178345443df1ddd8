import { describe, expect, it } from 'vitest';
import { EDITABLE_FIELDS } from '../product-fields/fields';
import { COLUMN_KEYS, columnByKey, columnDefinitionSchema, orderColumns, RESTOCK_COLUMNS } from './columns';

const keysOf = (columns: ReadonlyArray<{ key: string }>) => columns.map((column) => column.key);

describe('the restock columns', () => {
  it('come in the default order, product first and the keys last', () => {
    expect(keysOf(RESTOCK_COLUMNS)).toEqual([...COLUMN_KEYS]);
    expect(COLUMN_KEYS[0]).toBe('product');
    expect(COLUMN_KEYS.slice(-2)).toEqual(['msku', 'asin']);
    expect(new Set(COLUMN_KEYS).size).toBe(COLUMN_KEYS.length);
  });

  it('match the shape the columns endpoint sends', () => {
    for (const column of RESTOCK_COLUMNS) expect(columnDefinitionSchema.parse(column)).toEqual(column);
  });

  it('freeze only the product column, 300px wide, not editable, filtered by text', () => {
    expect(RESTOCK_COLUMNS.filter((column) => column.frozen).map((column) => column.key)).toEqual([
      'product',
    ]);
    expect(columnByKey('product')).toMatchObject({
      name: 'Product',
      width: 300,
      editable: false,
      filterBy: 'text',
      format: 'product',
    });
    expect(columnByKey('product')?.description).toMatch(/MSKU.*ASIN/);
  });

  it('are 100px wide except msku, asin and supplier at 200px', () => {
    for (const column of RESTOCK_COLUMNS) {
      const expected =
        column.key === 'product' ? 300 : ['msku', 'asin', 'supplier'].includes(column.key) ? 200 : 100;
      expect(column.width, column.key).toBe(expected);
    }
  });

  it('are editable exactly for the editable fields', () => {
    expect(keysOf(RESTOCK_COLUMNS.filter((column) => column.editable)).sort()).toEqual(
      [...EDITABLE_FIELDS].sort(),
    );
  });

  it.each([
    ['replen', 'Replen', 'boolean', 'boolean'],
    ['cost', 'Your Cost', 'currency', 'range'],
    ['roi', 'ROI', 'percent', 'range'],
    ['recommended_buy_quantity', 'To Buy', 'number', 'range'],
    ['quantity_already_ordered', 'Ordered', 'number', 'range'],
    ['prep_lead_time', 'Time for Prep', 'number', 'range'],
    ['amz_lead_time', 'Time for AMZ', 'number', 'range'],
    ['total_spend', 'Total Spend', 'currency', 'range'],
    ['supplier', 'Supplier', 'text', 'text'],
    ['msku', 'MSKU', 'text', 'text'],
  ])('name %s "%s", formatted as %s with a %s filter', (key, name, format, filterBy) => {
    expect(columnByKey(key)).toMatchObject({ name, format, filterBy });
  });

  it("describe replen as 'Include in next order'", () => {
    expect(columnByKey('replen')?.description).toBe('Include in next order.');
  });

  it('have unique names and a one-sentence description each', () => {
    expect(new Set(RESTOCK_COLUMNS.map((column) => column.name)).size).toBe(RESTOCK_COLUMNS.length);
    for (const column of RESTOCK_COLUMNS) expect(column.description, column.key).toMatch(/^[A-Z].*\.$/);
  });

  it('sort blank stock and orders as 0 and blank seasonality as 1, like the engine reads them', () => {
    expect(columnByKey('fba_quantity')?.sortNullsAs).toBe(0);
    expect(columnByKey('quantity_already_ordered')?.sortNullsAs).toBe(0);
    expect(columnByKey('seasonality_multiplier')?.sortNullsAs).toBe(1);
    expect(columnByKey('hdos')?.sortNullsAs).toBeUndefined();
  });

  it('find nothing for an unknown key', () => {
    expect(columnByKey('nope')).toBeUndefined();
  });
});

describe('orderColumns', () => {
  it('gives the default order when nothing is saved', () => {
    expect(orderColumns(null)).toEqual([...RESTOCK_COLUMNS]);
  });

  it('follows the saved order and shows only the saved columns', () => {
    expect(keysOf(orderColumns(['product', 'asin', 'cost', 'replen']))).toEqual([
      'product',
      'asin',
      'cost',
      'replen',
    ]);
  });

  it('always puts the product column first, even when saved elsewhere or missing', () => {
    expect(keysOf(orderColumns(['cost', 'product', 'msku']))).toEqual(['product', 'cost', 'msku']);
    expect(keysOf(orderColumns(['cost']))).toEqual(['product', 'cost']);
    expect(keysOf(orderColumns([]))).toEqual(['product']);
  });

  it('drops unknown and repeated keys', () => {
    expect(keysOf(orderColumns(['roi', 'gone', 'roi', 'constructor', 'hdos']))).toEqual([
      'product',
      'roi',
      'hdos',
    ]);
  });
});
