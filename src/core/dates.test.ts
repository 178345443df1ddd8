import { describe, expect, it } from 'vitest';
import { isoDate } from './dates';

describe('isoDate', () => {
  it('gives the UTC calendar date of a timestamp, a string or a Date', () => {
    expect(isoDate('2025-06-01T23:30:00.000Z')).toBe('2025-06-01');
    expect(isoDate(Date.UTC(2025, 0, 2))).toBe('2025-01-02');
    expect(isoDate(new Date(Date.UTC(2024, 1, 29, 12)))).toBe('2024-02-29');
  });
});
