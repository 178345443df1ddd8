import { describe, expect, it } from 'vitest';
import { dayNumber, isoDay } from './days';
import { type DailyHistory, dailyRateAt, forecastDemand, probableStockoutDays } from './forecast';
import { denseHistory } from './history';

const START = dayNumber('2024-01-01')!;
const history = (units: number[], stock: number[] | null = null): DailyHistory => ({
  start: START,
  units,
  stock,
});
const repeat = (value: number, days: number) => Array.from({ length: days }, () => value);
const stepOf = (forecast: ReturnType<typeof forecastDemand>, key: string) =>
  forecast!.steps.filter((step) => step.key === key);

describe('forecastDemand', () => {
  it('forecasts a constant rate as that rate, with every window equal', () => {
    const forecast = forecastDemand(history(repeat(4, 120)))!;
    expect(forecast.dailyRate).toBe(4);
    expect(forecast.windows.map((w) => w.rate)).toEqual([4, 4, 4, 4]);
    expect(forecast.trend).toBe(0);
    expect(forecast.excludedStockOutDays).toBe(0);
    expect(forecast.accuracy).toBe(1);
    expect(forecast.firstDay).toBe('2024-01-01');
    expect(forecast.lastDay).toBe(isoDay(START + 119));
  });

  it('weights the 7, 30, 60 and 90-day windows equally', () => {
    // Days 1-30 sell 1, days 31-60 sell 2, days 61-83 sell 3, the last 7 days sell 10.
    const units = [...repeat(1, 30), ...repeat(2, 30), ...repeat(3, 23), ...repeat(10, 7)];
    const forecast = forecastDemand(history(units))!;
    // 7 days: 10. 30 days: (23×3 + 70) / 30 = 139/30. 60 days: (139 + 60) / 60 = 199/60. 90: 229/90.
    const expected = (10 + 139 / 30 + 199 / 60 + 229 / 90) / 4;
    expect(forecast.dailyRate).toBe(Math.round(expected * 1e4) / 1e4);
    expect(forecast.windows.map((w) => [w.days, w.units, w.inStockDays])).toEqual([
      [7, 70, 7],
      [30, 139, 30],
      [60, 199, 60],
      [90, 229, 90],
    ]);
  });

  it('leaves out days with no stock and no sale: they are not days of zero demand', () => {
    // 90 days at 6 a day, except 10 days out of stock (stock 0, nothing sold) 20 days ago.
    const units = [...repeat(6, 60), ...repeat(0, 10), ...repeat(6, 20)];
    const stock = [...repeat(50, 60), ...repeat(0, 10), ...repeat(40, 20)];
    const forecast = forecastDemand(history(units, stock))!;
    expect(forecast.dailyRate).toBe(6);
    expect(forecast.excludedStockOutDays).toBe(10);
    expect(forecast.windows.map((w) => w.inStockDays)).toEqual([7, 20, 50, 80]);
    expect(stepOf(forecast, 'excluded')[0]!.detail).toContain('10 days with no stock and no sale');
    // Without the stock history the 10 days read as days without demand.
    expect(dailyRateAt(history(units), 90)).toBe((6 + 4 + 5 + 480 / 90) / 4);
  });

  it('counts a day that sold out but sold something, and a known in-stock day without sales', () => {
    const units = [...repeat(2, 28), 1, 0];
    const stock = [...repeat(9, 28), 0, 5];
    const forecast = forecastDemand(history(units, stock))!;
    expect(forecast.excludedStockOutDays).toBe(0);
    expect(forecast.windows[0]).toMatchObject({ units: 11, inStockDays: 7 });
  });

  it('skips a window without any in-stock day and says so', () => {
    const units = [...repeat(3, 80), ...repeat(0, 10)];
    const stock = [...repeat(20, 80), ...repeat(0, 10)];
    const forecast = forecastDemand(history(units, stock))!;
    expect(forecast.windows[0]!.rate).toBeNull();
    expect(forecast.dailyRate).toBe(3);
    expect(stepOf(forecast, 'window')[0]!.detail).toBe('No in-stock day in the last 7 days: skipped');
  });

  it('leaves out a long run without sales that ended, as a probable stock-out', () => {
    // 5 a day: 14+ days without a sale happen by chance far less than once in 1,000.
    const units = [...repeat(5, 40), ...repeat(0, 20), ...repeat(5, 30)];
    const forecast = forecastDemand(history(units))!;
    expect(probableStockoutDays(5)).toBe(14);
    expect(forecast.excludedProbableStockOutDays).toBe(20);
    expect(forecast.dailyRate).toBe(5);
  });

  it('keeps a run without sales that is still going on, unless stock is 0 now', () => {
    const units = [...repeat(5, 70), ...repeat(0, 20)];
    const stopped = forecastDemand(history(units))!;
    expect(stopped.excludedProbableStockOutDays).toBe(0);
    expect(stopped.windows[0]!.rate).toBe(0);
    const soldOut = forecastDemand(history(units), { currentStock: 0 })!;
    expect(soldOut.excludedProbableStockOutDays).toBe(20);
    expect(soldOut.dailyRate).toBe(5);
  });

  it('does not count the days before the first sale', () => {
    const units = [...repeat(0, 200), ...repeat(2, 10)];
    const forecast = forecastDemand(history(units))!;
    expect(forecast.dailyRate).toBe(2);
    expect(forecast.firstDay).toBe(isoDay(START + 200));
    expect(stepOf(forecast, 'history')[0]!.value).toBe(10);
  });

  it('averages intermittent demand over the windows instead of chasing single days', () => {
    // 3 units every 10th day, the last sale 5 days ago.
    const units = Array.from({ length: 120 }, (_, i) => (i % 10 === 4 ? 3 : 0));
    const forecast = forecastDemand(history(units))!;
    // 7 days hold one sale (3/7); 30, 60 and 90 days hold 3, 6 and 9 sales: 0.3 a day.
    expect(forecast.windows.map((w) => w.units)).toEqual([3, 9, 18, 27]);
    expect(forecast.dailyRate).toBe(Math.round(((3 / 7 + 0.3 * 3) / 4) * 1e4) / 1e4);
    // A 10-day gap at 0.3 a day is ordinary: nothing is left out.
    expect(forecast.excludedProbableStockOutDays).toBe(0);
  });

  it('reports a rising trend without extending it into the forecast', () => {
    // 60 days at 2, then 30 days at 3: the last 30 days are 50 % above the 60 before.
    const units = [...repeat(2, 60), ...repeat(3, 30)];
    const forecast = forecastDemand(history(units))!;
    expect(forecast.trend).toBe(0.5);
    expect(forecast.dailyRate).toBe(Math.round(((3 + 3 + 2.5 + 7 / 3) / 4) * 1e4) / 1e4);
  });

  it('suggests a quarter of last year’s seasonal change when a year of history exists', () => {
    // Two years at 4 a day, except the 30 days that follow today's date 364 and 728 days ago,
    // which sold twice as much: the next 30 days are a season that doubles sales.
    const days = 800;
    const units = repeat(4, days);
    for (const back of [364, 728]) for (let i = days - back; i < days - back + 30; i++) units[i] = 8;
    const forecast = forecastDemand(history(units))!;
    expect(forecast.seasonalitySuggestion).toBe(1.25);
    expect(stepOf(forecast, 'seasonality')[0]!.detail).toContain('last year 2×, 2 years ago 2×');
  });

  it('has no seasonality suggestion without a year of history', () => {
    expect(forecastDemand(history(repeat(4, 300)))!.seasonalitySuggestion).toBeNull();
  });

  it('scores its own past forecasts: a level that halved is forecast worse', () => {
    const steady = forecastDemand(history(repeat(10, 200)))!;
    const halved = forecastDemand(history([...repeat(10, 150), ...repeat(5, 50)]))!;
    expect(steady.accuracy).toBe(1);
    // The last four 30-day periods: the two before the drop are forecast exactly; the one with the
    // drop is forecast 300 for 200 sold; the last 216.67 (windows 5, 6.67, 8.33, 8.89) for 150.
    expect(halved.accuracy).toBe(Math.round((1 - (100 + 200 / 3) / 950) * 1e4) / 1e4);
  });

  it('is null without any sale or stock (no history: the 30-day fields are used instead)', () => {
    expect(forecastDemand(history([]))).toBeNull();
    expect(forecastDemand(history(repeat(0, 60)))).toBeNull();
    expect(forecastDemand(history(repeat(0, 30), repeat(0, 30)))).toBeNull();
  });

  it('explains the rate with the windows, weights and the excluded days', () => {
    const forecast = forecastDemand(history(repeat(2, 100)))!;
    expect(forecast.steps.map((step) => step.key)).toEqual([
      'history',
      'excluded',
      'window',
      'window',
      'window',
      'window',
      'daily_rate',
      'trend',
      'seasonality',
      'accuracy',
    ]);
    expect(stepOf(forecast, 'window')[1]!.detail).toBe('60 units over 30 days, weight 25 %');
    expect(stepOf(forecast, 'daily_rate')[0]!.detail).toBe(
      'Weighted average of the windows: 0.25 × 2 + 0.25 × 2 + 0.25 × 2 + 0.25 × 2',
    );
  });
});

describe('denseHistory', () => {
  it('fills missing sales days with 0 and missing stock days with unknown', () => {
    const d = dayNumber('2024-03-01')!;
    const built = denseHistory(
      { days: [d + 1, d + 3, d + 9], values: [3, 2, 7] },
      { days: [d], values: [5] },
      d + 4,
    )!;
    expect(built.start).toBe(d);
    expect(Array.from(built.units)).toEqual([0, 3, 0, 2, 0]);
    expect(Array.from(built.stock!).map((v) => (Number.isNaN(v) ? null : v))).toEqual([
      5,
      null,
      null,
      null,
      null,
    ]);
  });

  it('is null when nothing happened up to the last day', () => {
    expect(denseHistory({ days: [10], values: [1] }, undefined, 9)).toBeNull();
  });
});

describe('dayNumber', () => {
  it('reads real ISO dates and refuses impossible ones', () => {
    expect(isoDay(dayNumber('2024-02-29')!)).toBe('2024-02-29');
    expect(dayNumber('2023-02-29')).toBeNull();
    expect(dayNumber('2024-13-01')).toBeNull();
    expect(dayNumber('24-01-01')).toBeNull();
  });

  it('answers the same for a date read again, real or not, after others', () => {
    for (const iso of ['2024-02-29', '2023-02-29', '2024-02-29', '2024-02-29', '2023-02-29', '2023-02-29']) {
      expect(dayNumber(iso)).toBe(iso === '2024-02-29' ? 19_782 : null);
    }
  });
});

describe('isoDay', () => {
  it('names every day of many years right, read once or again', () => {
    const start = dayNumber('2020-01-01')!;
    const expected = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
    // More days than it keeps, twice over: the kept ones and the ones made again agree.
    for (let round = 0; round < 2; round++) {
      for (let day = start; day < start + 5000; day++) expect(isoDay(day)).toBe(expected(day));
    }
    expect(isoDay(start + 59)).toBe('2020-02-29');
  });
});
