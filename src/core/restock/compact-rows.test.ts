import { describe, expect, it } from 'vitest';
import { rowsFromCompact } from './compact-rows';

describe('rowsFromCompact', () => {
  const keys = ['id', 'msku', 'cost', 'replen', 'fba_quantity', 'title'];
  const decoded = rowsFromCompact({
    keys,
    rows: [
      ['a', 'A-1', 12.5, true, 3, 'Lamp'],
      ['b', 'B-2', null, false, 'many', null],
      ['c', 'C-3', -0, null, 0, 'Mat'],
    ],
  });

  it('rebuilds each row with every key', () => {
    expect(decoded.rows).toEqual([
      { id: 'a', msku: 'A-1', cost: 12.5, replen: true, fba_quantity: 3, title: 'Lamp' },
      { id: 'b', msku: 'B-2', cost: null, replen: false, fba_quantity: 'many', title: null },
      { id: 'c', msku: 'C-3', cost: -0, replen: null, fba_quantity: 0, title: 'Mat' },
    ]);
  });

  it('gives the number fields a sort reads as typed arrays: booleans as 0 and 1, NaN where there is no number', () => {
    expect([...decoded.numbers.keys()].sort()).toEqual(['cost', 'fba_quantity', 'replen']);
    expect([...decoded.numbers.get('cost')!]).toEqual([12.5, Number.NaN, -0]);
    expect([...decoded.numbers.get('replen')!]).toEqual([1, 0, Number.NaN]);
    expect([...decoded.numbers.get('fba_quantity')!]).toEqual([3, Number.NaN, 0]);
  });

  it('reads a key given twice from its last slot, as the row does', () => {
    const twice = rowsFromCompact({ keys: ['id', 'cost', 'cost'], rows: [['a', 1, 2]] });
    expect(twice.rows[0]!.cost).toBe(2);
    expect([...twice.numbers.get('cost')!]).toEqual([2]);
  });
});
