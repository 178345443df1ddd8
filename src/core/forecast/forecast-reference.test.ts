import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber } from './days';
import { type DailyHistory, dailyRateAt, forecastDemand } from './forecast';
import { referenceDailyRateAt, referenceForecastDemand } from './forecast-reference';

const START = dayNumber('2023-01-02')!;

/**
 * Histories made of stretches: steady sales, no sales (short gaps and long stock-outs), sold-out
 * days with stock 0, known in-stock days without a sale, spikes; stock known on some stretches only.
 */
const stretch = fc.record({
  days: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 20, max: 200 })),
  kind: fc.constantFrom('steady', 'quiet', 'sold-out', 'in-stock-quiet', 'spiky', 'rare'),
  rate: fc.integer({ min: 0, max: 40 }),
  stock: fc.constantFrom('none', 'unknown', 'known'),
});

const histories = fc
  .record({
    stretches: fc.array(stretch, { minLength: 0, maxLength: 12 }),
    leadingZeros: fc.integer({ min: 0, max: 60 }),
    typed: fc.boolean(),
  })
  .map(({ stretches, leadingZeros, typed }): DailyHistory => {
    const units: number[] = Array.from({ length: leadingZeros }, () => 0);
    const stock: number[] = Array.from({ length: leadingZeros }, () => Number.NaN);
    let withStock = false;
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const part of stretches) {
      for (let d = 0; d < part.days; d++) {
        let sold = 0;
        if (part.kind === 'steady') sold = Math.floor(part.rate * (0.5 + next()));
        else if (part.kind === 'spiky') sold = next() < 0.1 ? part.rate * 10 : Math.floor(part.rate * next());
        else if (part.kind === 'rare') sold = next() < 0.05 ? 1 + Math.floor(part.rate * next()) : 0;
        units.push(sold);
        if (part.stock === 'known' || part.kind === 'sold-out' || part.kind === 'in-stock-quiet') {
          withStock = true;
          stock.push(
            part.kind === 'sold-out' ? 0 : part.kind === 'in-stock-quiet' ? 5 : Math.floor(next() * 3),
          );
        } else {
          stock.push(Number.NaN);
        }
      }
    }
    const stockOf = withStock ? stock : null;
    return typed
      ? { start: START, units: Float64Array.from(units), stock: stockOf && Float64Array.from(stockOf) }
      : { start: START, units, stock: stockOf };
  });

describe('the fast forecast', () => {
  it('gives exactly the forecast of the plain one: rate, trend, seasonality, accuracy and steps', () => {
    fc.assert(
      fc.property(histories, fc.constantFrom(undefined, null, 0, 3), (history, currentStock) => {
        expect(forecastDemand(history, { currentStock })).toEqual(
          referenceForecastDemand(history, { currentStock }),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('gives exactly the plain one’s daily rate at every cut', () => {
    fc.assert(
      fc.property(histories, fc.boolean(), (history, outNow) => {
        for (let end = 0; end <= history.units.length; end += 7) {
          expect(dailyRateAt(history, end, outNow)).toBe(referenceDailyRateAt(history, end, outNow));
        }
      }),
      { numRuns: 150 },
    );
  });
});
