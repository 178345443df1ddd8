import { describe, expect, it } from 'vitest';
import { NO_ROW } from '../../core/forecast/series';
import { packDays, unpackDays } from './series';

describe('packDays and unpackDays', () => {
  it('write 4-byte big-endian integers, as int4send does, and read them back', () => {
    const days = Int32Array.from([0, 1, NO_ROW, 258, 2_000_000_000]);
    const bytes = packDays(days);
    expect(bytes.toString('hex')).toBe('0000000000000001ffffffff0000010277359400');
    expect(Array.from(unpackDays(bytes))).toEqual(Array.from(days));
  });

  it('reads a slice of a larger buffer at any offset', () => {
    const bytes = Buffer.from('ff0000000500000007', 'hex').subarray(1);
    expect(Array.from(unpackDays(bytes))).toEqual([5, 7]);
  });
});
