import { describe, expect, it } from 'vitest';
import {
  CURRENCY_MESSAGE,
  MARKETPLACE_MESSAGE,
  parseImportRequest,
  savedMappingRequestSchema,
} from './import-request';

describe('the import request', () => {
  it.each([
    [{ data: [{ msku: 'A' }] }, null],
    [{ data: [{ msku: 'A' }], blanks: 'keep', fileName: 'stock.csv', reportType: 'Inventory report' }, null],
    [{ data: [{ msku: 'A' }], blanks: 'clear', fileName: null, reportType: null }, null],
    [{ data: [] }, 'No data to save'],
    [{}, 'data or columns is required'],
    [{ data: 'rows' }, 'data must be a list of rows'],
    [{ data: [{ msku: 'A' }], dryRun: true }, 'Unknown field "dryRun"'],
    [{ data: [{ msku: 'A' }], blanks: 'erase' }, 'blanks must be "keep" or "clear"'],
    [{ data: [{ msku: 'A' }], blanks: null }, 'blanks must be "keep" or "clear"'],
    [{ data: [{ msku: 'A' }], fileName: 7 }, 'fileName must be text'],
    [{ data: [{ msku: 'A' }], fileName: 'x'.repeat(256) }, 'fileName must be at most 255 characters'],
    [{ data: [{ msku: 'A' }], fileName: 'a\nb.csv' }, 'fileName must not contain control characters'],
    [{ data: [{ msku: 'A' }], reportType: 'x'.repeat(101) }, 'reportType must be at most 100 characters'],
    [[{ msku: 'A' }], 'body must be an object'],
    [null, 'body must be an object'],
    [{ data: [{ msku: 'A' }, {}] }, 'Row 2: MSKU is required'],
    [{ data: [{ msku: 'A', marketplace: 'GB', currency: 'GBP' }] }, null],
    [{ data: [{ msku: 'A' }, { msku: 'B', marketplace: 'XX' }] }, `Row 2: ${MARKETPLACE_MESSAGE}`],
    [{ data: [{ msku: 'A', currency: 'ABC' }] }, `Row 1: ${CURRENCY_MESSAGE}`],
    [{ columns: { msku: ['A', 'B'] } }, null],
    [{ columns: { msku: ['A', 'B'], cost: [1, null] }, leftOut: { cost: [1] } }, null],
    [{ columns: {} }, 'No data to save'],
    [{ columns: { msku: ['A'] }, data: [{ msku: 'A' }] }, 'send the rows as data or as columns, not both'],
    [{ data: [{ msku: 'A' }], leftOut: {} }, 'leftOut goes with columns'],
    [{ columns: { msku: ['A', null] } }, 'Row 2: MSKU is required'],
    [{ columns: { msku: ['A', 'B'], marketplace: ['US', 'XX'] } }, `Row 2: ${MARKETPLACE_MESSAGE}`],
  ])('answers %j with %j', (body, message) => {
    const result = parseImportRequest(body);
    expect(result.ok ? null : result.message).toBe(message);
  });

  it('stores marketplace and currency codes in capitals, the UK as GB', () => {
    const result = parseImportRequest({
      data: [
        { msku: 'A', marketplace: 'uk', currency: 'gbp' },
        { msku: 'B', marketplace: 'DE', currency: null },
      ],
    });
    expect(result.ok && result.table.values).toEqual({
      msku: ['A', 'B'],
      marketplace: ['GB', 'DE'],
      currency: ['GBP', null],
    });
  });

  it('reads rows sent as columns as it reads the same rows sent as objects', () => {
    const asRows = parseImportRequest({
      data: [
        { msku: 'A', cost: 2, marketplace: 'uk' },
        { msku: 'B', marketplace: null },
      ],
      blanks: 'clear',
    });
    const asColumns = parseImportRequest({
      columns: { msku: ['A', 'B'], cost: [2, null], marketplace: ['uk', null] },
      leftOut: { cost: [1] },
      blanks: 'clear',
    });
    expect(asColumns).toStrictEqual(asRows);
    expect(asColumns.ok && asColumns.table).toStrictEqual({
      size: 2,
      fields: ['msku', 'cost', 'marketplace'],
      values: { msku: ['A', 'B'], cost: [2, null], marketplace: ['GB', null] },
      leftOut: { cost: new Uint8Array([0, 1]) },
    });
  });

  it('keeps blanks unless told to clear, and trims the file name', () => {
    const result = parseImportRequest({ data: [{ msku: 'A' }], fileName: '  stock.csv ' });
    expect(result).toEqual({
      ok: true,
      table: { size: 1, fields: ['msku'], values: { msku: ['A'] }, leftOut: {} },
      options: { blanks: 'keep', fileName: 'stock.csv', reportType: null },
    });
  });
});

describe('the saved-mapping request', () => {
  it('takes the blank-cell choice with the mapping', () => {
    expect(savedMappingRequestSchema.parse({ mapping: { msku: 'SKU' }, blanks: 'clear' })).toEqual({
      mapping: { msku: 'SKU' },
      blanks: 'clear',
    });
    expect(savedMappingRequestSchema.safeParse({ mapping: {}, blanks: 'wipe' }).success).toBe(false);
    expect(savedMappingRequestSchema.safeParse({ mapping: {}, extra: 1 }).success).toBe(false);
  });
});
