import { describe, expect, it } from 'vitest';
import { parseSingleFieldEdit } from './row-edit';

describe('a row edit', () => {
  it.each([
    [{ cost: 12.5 }, 'cost', 12.5],
    [{ replen: true }, 'replen', true],
    [{ supplier: '  Acme  ' }, 'supplier', 'Acme'],
    [{ supplier: '' }, 'supplier', null],
    [{ order_lead_time: null }, 'order_lead_time', null],
    [{ case_pack: 12 }, 'case_pack', 12],
    [{ moq: 100 }, 'moq', 100],
  ])('accepts %j', (body, field, value) => {
    expect(parseSingleFieldEdit(body)).toEqual({ ok: true, field, value });
  });

  it.each([[null], [undefined], ['cost=3'], [[{ cost: 3 }]], [{}], [{ cost: 3, supplier: 'Acme' }]])(
    'refuses %j: one field must be sent',
    (body) => {
      expect(parseSingleFieldEdit(body)).toEqual({ ok: false, message: 'Send exactly one field to change' });
    },
  );

  it.each([
    ['msku', 'msku is not an editable field'],
    ['fba_quantity', 'fba_quantity is not an editable field'],
    ['roi', 'roi is not an editable field'],
    ['__proto__', '__proto__ is not an editable field'],
  ])('refuses to change %s', (field, message) => {
    expect(parseSingleFieldEdit(JSON.parse(`{"${field}": 1}`))).toEqual({ ok: false, message });
  });

  it('shortens a very long unknown key in its message', () => {
    const result = parseSingleFieldEdit({ ['k'.repeat(500)]: 1 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message.length).toBeLessThan(100);
  });

  it("answers with the field's own message for a bad value", () => {
    expect(parseSingleFieldEdit({ cost: -2 })).toEqual({
      ok: false,
      message: 'Your Cost must be an amount from 0 to 1,000,000,000',
    });
    expect(parseSingleFieldEdit({ replen: null })).toEqual({
      ok: false,
      message: 'Replen must be true or false',
    });
  });

  it('refuses a NUL character in a text value, which the database would refuse', () => {
    expect(parseSingleFieldEdit({ supplier: 'Acme\u0000Ltd' })).toEqual({
      ok: false,
      message: 'Supplier must not contain NUL characters',
    });
    expect(parseSingleFieldEdit({ supplier: 'Acme Ltd' })).toMatchObject({ ok: true, value: 'Acme Ltd' });
  });
});
