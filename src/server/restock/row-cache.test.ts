import { describe, expect, it } from 'vitest';
import { createRowCache, keptRow } from './row-cache';

const rows = (...mskus: string[]) =>
  new Map(mskus.map((msku) => [msku, keptRow(msku, `${msku}-1`, `["${msku}"]`)]));

describe('createRowCache', () => {
  it("answers an account's rows only under the context they were made in, with their forecast generation", () => {
    const cache = createRowCache(1_000_000);
    expect(cache.rowsOf('a', 'day 1')).toBeUndefined();
    cache.replace('a', 'day 1', rows('X', 'Y'), 3);
    expect([...cache.rowsOf('a', 'day 1')!.rows.keys()]).toEqual(['X', 'Y']);
    expect(cache.rowsOf('a', 'day 1')!.forecastGeneration).toBe(3);
    expect(cache.rowsOf('a', 'day 2')).toBeUndefined();
    expect(cache.rowsOf('b', 'day 1')).toBeUndefined();
    cache.replace('a', 'day 2', rows('Y'), 4);
    expect(cache.rowsOf('a', 'day 1')).toBeUndefined();
    expect([...cache.rowsOf('a', 'day 2')!.rows.keys()]).toEqual(['Y']);
  });

  it('drops the least recently used accounts beyond its budget and never keeps a larger set', () => {
    const one = keptRow('X', 'X-1', '["X"]').bytes;
    const cache = createRowCache(one * 2);
    cache.replace('a', 'c', rows('X'), 0);
    cache.replace('b', 'c', rows('X'), 0);
    expect(cache.rowsOf('a', 'c')).toBeDefined();
    cache.replace('c', 'c', rows('X'), 0);
    // b was used least recently (a was read after it).
    expect(cache.rowsOf('b', 'c')).toBeUndefined();
    expect(cache.rowsOf('a', 'c')).toBeDefined();
    cache.replace('d', 'c', rows('X', 'Y', 'Z'), 0);
    expect(cache.rowsOf('d', 'c')).toBeUndefined();
    expect(cache.rowsOf('a', 'c')).toBeDefined();
  });

  it("forgets an account's rows, and counts them out of its budget", () => {
    const one = keptRow('X', 'X-1', '["X"]').bytes;
    const cache = createRowCache(one * 2);
    expect(cache.maxBytes).toBe(one * 2);
    cache.replace('a', 'c', rows('X', 'Y'), 0);
    cache.forget('a');
    expect(cache.rowsOf('a', 'c')).toBeUndefined();
    // The room is free again: two accounts of one row fit.
    cache.replace('b', 'c', rows('X'), 0);
    cache.replace('c', 'c', rows('X'), 0);
    expect(cache.rowsOf('b', 'c')).toBeDefined();
    expect(cache.rowsOf('c', 'c')).toBeDefined();
  });

  it('counts a row of characters beyond Latin-1 at two bytes a character, as V8 stores it', () => {
    const latin = keptRow('X', 'k', '["Café lamp"]');
    const wide = keptRow('X', 'k', '["カフェ lamp"]');
    expect(wide.bytes - latin.bytes).toBe('["カフェ lamp"]'.length * 2 - '["Café lamp"]'.length);
  });
});
