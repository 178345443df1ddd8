import { describe, expect, it } from 'vitest';
import { firstChangedField } from './edit-diff';

type Row = { msku: string; cost: number | null; supplier: string | null; replen: boolean };

const rows: Row[] = [
  { msku: 'A', cost: 1, supplier: 'Acme', replen: false },
  { msku: 'B', cost: 2, supplier: null, replen: true },
  { msku: 'C', cost: null, supplier: 'Globex', replen: false },
];

const withChange = (index: number, change: Partial<Row>) =>
  rows.map((row, i) => (i === index ? { ...row, ...change } : row));

describe('firstChangedField', () => {
  it('finds nothing when no row changed', () => {
    expect(firstChangedField(rows, rows, 'msku')).toBeNull();
    expect(
      firstChangedField(
        rows,
        rows.map((row) => ({ ...row })),
        'msku',
      ),
    ).toBeNull();
  });

  it('yields the id and the single changed field with its new value', () => {
    expect(firstChangedField(rows, withChange(1, { cost: 2.5 }), 'msku')).toEqual({
      id: 'B',
      data: { cost: 2.5 },
    });
  });

  it('reports a value cleared to null', () => {
    expect(firstChangedField(rows, withChange(0, { supplier: null }), 'msku')).toEqual({
      id: 'A',
      data: { supplier: null },
    });
  });

  it('reports a checkbox that was ticked', () => {
    expect(firstChangedField(rows, withChange(2, { replen: true }), 'msku')).toEqual({
      id: 'C',
      data: { replen: true },
    });
  });

  it('yields only the first changed field of the first changed row', () => {
    const changed = withChange(1, { cost: 9, supplier: 'Initech' }).map((row) =>
      row.msku === 'C' ? { ...row, cost: 7 } : row,
    );
    expect(firstChangedField(rows, changed, 'msku')).toEqual({ id: 'B', data: { cost: 9 } });
  });

  it('matches rows by key, not by position', () => {
    const reordered = [{ ...rows[2]!, supplier: 'Hooli' }, rows[0]!, rows[1]!];
    expect(firstChangedField(rows, reordered, 'msku')).toEqual({ id: 'C', data: { supplier: 'Hooli' } });
  });

  it('finds nothing when rows were only reordered', () => {
    expect(firstChangedField(rows, [...rows].reverse(), 'msku')).toBeNull();
  });

  it('skips new rows that have no old counterpart', () => {
    const added = [...rows, { msku: 'D', cost: 4, supplier: null, replen: false }];
    expect(firstChangedField(rows, added, 'msku')).toBeNull();
  });

  it('does not report a value that stays NaN', () => {
    const old = [{ id: 1, value: Number.NaN }];
    expect(firstChangedField(old, [{ id: 1, value: Number.NaN }], 'id')).toBeNull();
  });
});
