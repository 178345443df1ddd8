import { describe, expect, it } from 'vitest';
import { emptyMapping } from './mapping';
import { mappingSchema } from './saved-mapping';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('the saved-mapping request', () => {
  it('accepts a mapping of known targets to columns or null', () => {
    const body = { mapping: { msku: 'SKU', cost: 'Unit Cost', supplier: null } };
    expect(mappingSchema.parse(body)).toEqual(body);
  });

  it('accepts the full mapping the dialog holds', () => {
    expect(mappingSchema.safeParse({ mapping: { ...emptyMapping(), msku: 'SKU' } }).success).toBe(true);
  });

  it.each([
    [{}, 'mapping is required'],
    [{ mapping: 'SKU' }, 'mapping must be an object'],
    [{ mapping: { roi: 'ROI' } }, 'Unknown target "roi"'],
    [{ mapping: { msku: 5 } }, 'Column for "msku" must be text or null'],
    [{ mapping: { msku: 'c'.repeat(201) } }, 'Column for "msku" must be at most 200 characters'],
    [{ mapping: { msku: 'SKU', asin: 'SKU' } }, 'Column "SKU" is mapped to more than one target'],
    [{ mapping: {}, extra: 1 }, 'Unknown field "extra"'],
  ])('refuses %j with "%s"', (body, message) => {
    expect(firstMessage(mappingSchema.safeParse(body))).toBe(message);
  });

  it('accepts a column name of exactly 200 characters', () => {
    expect(mappingSchema.safeParse({ mapping: { msku: 'c'.repeat(200) } }).success).toBe(true);
  });
});
