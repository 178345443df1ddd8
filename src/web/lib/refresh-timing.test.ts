import { describe, expect, it } from 'vitest';
import { refreshDelayMs } from './refresh-timing';

describe('refreshDelayMs', () => {
  const now = 1_000_000_000_000;
  it.each([
    ['schedules the refresh 60 s before expiry', now / 1000 + 900, 840_000],
    ['refreshes at once when 60 s are left', now / 1000 + 60, 0],
    ['refreshes at once when under 60 s are left', now / 1000 + 30, 0],
    ['refreshes at once when already expired', now / 1000 - 10, 0],
  ])('%s', (_name, exp, expected) => {
    expect(refreshDelayMs(exp, now)).toBe(expected);
  });
});
