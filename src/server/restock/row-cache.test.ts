import { describe, expect, it } from 'vitest';
import { createRowCache, entryBytes } from './row-cache';

const rows = (...mskus: string[]) =>
  new Map(mskus.map((msku) => [msku, { key: `${msku}-1`, json: `["${msku}"]` }]));

describe('createRowCache', () => {
  it("answers an account's rows only under the context they were made in", () => {
    const cache = createRowCache(1_000_000);
    expect(cache.rowsOf('a', 'day 1')).toBeUndefined();
    cache.replace('a', 'day 1', rows('X', 'Y'));
    expect([...cache.rowsOf('a', 'day 1')!.keys()]).toEqual(['X', 'Y']);
    expect(cache.rowsOf('a', 'day 2')).toBeUndefined();
    expect(cache.rowsOf('b', 'day 1')).toBeUndefined();
    cache.replace('a', 'day 2', rows('Y'));
    expect(cache.rowsOf('a', 'day 1')).toBeUndefined();
    expect([...cache.rowsOf('a', 'day 2')!.keys()]).toEqual(['Y']);
  });

  it('drops the least recently used accounts beyond its budget and never keeps a larger set', () => {
    const one = entryBytes('X', 'X-1', '["X"]');
    const cache = createRowCache(one * 2);
    cache.replace('a', 'c', rows('X'));
    cache.replace('b', 'c', rows('X'));
    expect(cache.rowsOf('a', 'c')).toBeDefined();
    cache.replace('c', 'c', rows('X'));
    // b was used least recently (a was read after it).
    expect(cache.rowsOf('b', 'c')).toBeUndefined();
    expect(cache.rowsOf('a', 'c')).toBeDefined();
    cache.replace('d', 'c', rows('X', 'Y', 'Z'));
    expect(cache.rowsOf('d', 'c')).toBeUndefined();
    expect(cache.rowsOf('a', 'c')).toBeDefined();
  });
});
