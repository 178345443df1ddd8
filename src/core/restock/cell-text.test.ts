import { describe, expect, it } from 'vitest';
import { parseCellText } from './cell-text';

describe('the text typed into a grid cell', () => {
  it.each([
    ['cost', '12.5', 12.5],
    ['cost', ' $1,234.50 ', 1234.5],
    ['cost', '.5', 0.5],
    ['cost', '1e3', 1000],
    ['cost', '', null],
    ['order_lead_time', '14', 14],
    ['supplier', '  Acme  ', 'Acme'],
    ['supplier', '   ', null],
  ] as const)('%s: %j is %j', (field, text, value) => {
    expect(parseCellText(field, text)).toEqual({ ok: true, value });
  });

  it.each([
    ['cost', '12abc', 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', '0x10', 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', 'Infinity', 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', '-1', 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['cost', '5000000000', 'Your Cost must be an amount from 0 to 1,000,000,000'],
    ['order_lead_time', '2.5', 'Order Lead Time must be a whole number of days from 0 to 3,650'],
    ['order_lead_time', '3651', 'Order Lead Time must be a whole number of days from 0 to 3,650'],
    ['supplier', 'x'.repeat(201), 'Supplier must be at most 200 characters'],
  ] as const)('%s: %j says why it is refused', (field, text, message) => {
    expect(parseCellText(field, text)).toEqual({ ok: false, message });
  });
});
