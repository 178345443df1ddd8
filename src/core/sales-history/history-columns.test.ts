import { describe, expect, it } from 'vitest';
import { columnBuffers, columnRows, HistoryColumnsBuilder, partColumns } from './history-columns';
import type { HistoryRow } from './rows';

const rows: HistoryRow[] = [
  { msku: 'MUG-1', day: '2024-03-10', value: 4, revenue: 39.96 },
  { msku: 'CAP-2', day: '2024-03-10', value: 0, revenue: null },
  { msku: 'MUG-1', day: '2024-03-11', value: 2, revenue: 0 },
  { msku: 'CAP-2', day: '2024-03-12', value: 1, revenue: null },
];

const historyColumns = (list: readonly HistoryRow[]) => {
  const builder = new HistoryColumnsBuilder();
  for (const row of list) builder.append(builder.product(row.msku), row.day, row.value, row.revenue);
  return builder.columns();
};

describe('history columns', () => {
  it('hold each msku and day once, and each row by position', () => {
    const columns = historyColumns(rows);
    expect(columns.mskus).toEqual(['MUG-1', 'CAP-2']);
    expect(columns.days).toEqual(['2024-03-10', '2024-03-11', '2024-03-12']);
    expect([...columns.mskuOf]).toEqual([0, 1, 0, 1]);
    expect([...columns.dayOf]).toEqual([0, 0, 1, 2]);
    expect([...columns.values]).toEqual([4, 0, 2, 1]);
    // A revenue of 0 is a revenue; a missing one is NaN.
    expect([...columns.revenue]).toEqual([39.96, Number.NaN, 0, Number.NaN]);
    expect(columnBuffers(columns)).toHaveLength(4);
    expect(columnRows(columns)).toEqual(rows);
  });

  it('grow past their first capacity without losing a row, and hand out arrays of their own length', () => {
    const many: HistoryRow[] = Array.from({ length: 5000 }, (_, i) => ({
      msku: `SKU-${i % 7}`,
      day: `2024-01-${String(1 + (i % 28)).padStart(2, '0')}`,
      value: i,
      revenue: i % 3 === 0 ? null : i / 100,
    }));
    const columns = historyColumns(many);
    expect(columns.values.length).toBe(5000);
    expect(columns.values.buffer.byteLength).toBe(5000 * 8);
    expect(columns.mskus).toHaveLength(7);
    expect(columns.days).toHaveLength(28);
    expect(columnRows(columns)).toEqual(many);
  });

  it('give each part of an upload the rows it covers, as the request carries them', () => {
    const columns = historyColumns(rows);
    expect(partColumns('sales', columns, 1, 3)).toEqual({
      msku: ['CAP-2', 'MUG-1'],
      day: ['2024-03-10', '2024-03-11'],
      units: [0, 2],
      revenue: [null, 0],
    });
    // A part without any revenue leaves the column out; stock never has one.
    // The last part ends with the rows.
    expect(partColumns('sales', columns, 3, 100)).toEqual({
      msku: ['CAP-2'],
      day: ['2024-03-12'],
      units: [1],
    });
    expect(partColumns('stock', columns, 0, 2)).toEqual({
      msku: ['MUG-1', 'CAP-2'],
      day: ['2024-03-10', '2024-03-10'],
      available: [4, 0],
    });
  });

  it('survive a structured clone with their arrays moved', () => {
    const columns = historyColumns(rows);
    const copy = structuredClone(columns, { transfer: columnBuffers(columns) });
    expect(partColumns('sales', copy, 0, 4)).toEqual(partColumns('sales', historyColumns(rows), 0, 4));
    // Moved, not copied: the sender's arrays are emptied.
    expect(columns.values.length).toBe(0);
  });
});
