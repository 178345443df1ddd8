import { describe, expect, it } from 'vitest';
import type { ProductHistory } from './api';
import { chartColumns } from './chart-data';

describe('chartColumns', () => {
  it('lines up sales, stock and the dashed forecast day by day', () => {
    const history: ProductHistory = {
      msku: 'A',
      lastDay: '2024-01-03',
      sales: [
        { day: '2024-01-01', units: 2 },
        { day: '2024-01-03', units: 4 },
      ],
      stock: [{ day: '2024-01-02', available: 9 }],
      forecast: null,
      projection: [
        { day: '2024-01-04', units: 3 },
        { day: '2024-01-05', units: 3 },
      ],
    };
    const [x, sales, stock, forecast] = chartColumns(history);
    expect(x).toEqual([19723, 19724, 19725, 19726, 19727].map((day) => day * 86_400));
    // A day of history without a sales row sold nothing; projected days have no sales.
    expect(sales).toEqual([2, 0, 4, null, null]);
    expect(stock).toEqual([null, 9, null, null, null]);
    expect(forecast).toEqual([null, null, 3, 3, 3]);
  });

  it('is empty without history', () => {
    expect(
      chartColumns({ msku: 'A', lastDay: null, sales: [], stock: [], forecast: null, projection: [] }),
    ).toEqual([[], [], [], []]);
  });
});
