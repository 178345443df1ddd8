import { describe, expect, it } from 'vitest';
import { backtestMethod, DEFAULT_BACKTEST, ourForecast, thirtyDayAverage } from './backtest';

const repeat = (value: number, days: number) => Array.from({ length: days }, () => value);

describe('backtestMethod', () => {
  it('scores a perfect forecast of steady demand with no error and no stock-out', () => {
    const score = backtestMethod([repeat(5, 400)], thirtyDayAverage);
    expect(score.wape).toBe(0);
    expect(score.bias).toBe(0);
    expect(score.stockoutDays).toBe(0);
    expect(score.fillRate).toBe(1);
    // Weekly reviews top the stock up to 50 days of cover minus what is on its way.
    expect(score.daysOfInventory).toBeGreaterThan(25);
    expect(score.daysOfInventory).toBeLessThan(50);
    // Cuts every 7 days from day 30 while 30 days remain: (400 − 30 − 30) / 7 + 1.
    expect(score.forecasts).toBe(49);
  });

  it('counts the days demand found no stock when the forecast is too low', () => {
    const tooLow = () => 1;
    const score = backtestMethod([repeat(5, 200)], tooLow);
    expect(score.stockoutDays).toBeGreaterThan(100);
    expect(score.wape).toBeCloseTo(0.8, 10);
    expect(score.bias).toBeCloseTo(-0.8, 10);
  });

  it('scores a forecast of half the actual sales as WAPE 0.5', () => {
    const score = backtestMethod([repeat(4, 120)], () => 2, { ...DEFAULT_BACKTEST });
    expect(score.wape).toBeCloseTo(0.5, 10);
  });

  it('starts each series 30 days after its first sale (leading zeros are not history)', () => {
    const score = backtestMethod([[...repeat(0, 500), ...repeat(3, 100)]], ourForecast);
    expect(score.forecasts).toBe(6);
    expect(score.wape).toBe(0);
    expect(score.simulatedDays).toBe(70);
  });

  it('beats the 30-day average after a stock-out, seeing sold units and stock', () => {
    // Demand of 4 a day; the seller starts out of stock for a while, then the policy takes over.
    const demand = repeat(4, 300);
    const options = { ...DEFAULT_BACKTEST, view: 'sold' as const };
    const ours = backtestMethod([demand], ourForecast, options);
    const plain = backtestMethod([demand], thirtyDayAverage, options);
    expect(ours.stockoutDays).toBeLessThanOrEqual(plain.stockoutDays);
  });
});
