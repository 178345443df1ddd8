import { describe, expect, it } from 'vitest';
import { countOf } from './counts';

describe('a count with its unit', () => {
  it.each([
    [0, '0 rows'],
    [1, '1 row'],
    [2, '2 rows'],
    [12345, '12,345 rows'],
  ])('of %d rows reads %j', (count, text) => {
    expect(countOf(count, 'row')).toBe(text);
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'entry', 'entries')).toBe('1 entry');
    expect(countOf(3, 'entry', 'entries')).toBe('3 entries');
  });
});
