import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('createAnswerCache', () => {
  it('builds once per key, and again when the stamp in the key changes', async () => {
    const cache = createAnswerCache(1000);
    let builds = 0;
    const build = (text: string) => async () => {
      builds++;
      return bytes(text);
    };
    expect((await cache.get('a', 'rows\n1', build('one'))).toString()).toBe('one');
    expect((await cache.get('a', 'rows\n1', build('never'))).toString()).toBe('one');
    expect((await cache.get('a', 'rows\n2', build('two'))).toString()).toBe('two');
    expect((await cache.get('b', 'rows\n2', build('other account'))).toString()).toBe('other account');
    expect(builds).toBe(3);
  });

  it('shares one build between reads that miss at the same time, and forgets a failed one', async () => {
    const cache = createAnswerCache(1000);
    let builds = 0;
    let finish: (value: Buffer) => void = () => {};
    const slow = () => {
      builds++;
      return new Promise<Buffer>((resolve) => {
        finish = resolve;
      });
    };
    const reads = [cache.get('a', 'rows\n1', slow), cache.get('a', 'rows\n1', slow)];
    finish(bytes('shared'));
    expect((await Promise.all(reads)).map(String)).toEqual(['shared', 'shared']);
    expect(builds).toBe(1);

    await expect(cache.get('a', 'rows\n2', () => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    expect((await cache.get('a', 'rows\n2', async () => bytes('retried'))).toString()).toBe('retried');
  });

  it('drops the least recently used answers beyond its budget and never stores a larger one', async () => {
    const cache = createAnswerCache(10);
    let builds = 0;
    const build = (text: string) => async () => {
      builds++;
      return bytes(text);
    };
    await cache.get('a', 'rows\n1', build('aaaa'));
    await cache.get('b', 'rows\n1', build('bbbb'));
    await cache.get('a', 'rows\n1', build('x')); // a is now the most recent
    await cache.get('c', 'rows\n1', build('cccc')); // 12 bytes: b goes
    expect(builds).toBe(3);
    await cache.get('a', 'rows\n1', build('x'));
    expect(builds).toBe(3);
    await cache.get('b', 'rows\n1', build('bbbb'));
    expect(builds).toBe(4);
    await cache.get('d', 'rows\n1', build('far too large'));
    await cache.get('d', 'rows\n1', build('far too large'));
    expect(builds).toBe(6);
  });

  it('tells the key of the answer a slot is building or keeps', async () => {
    const cache = createAnswerCache(1000);
    expect(cache.latestKey('a', 'first 5')).toBeUndefined();
    let finish: (value: Buffer) => void = () => {};
    const read = cache.get(
      'a',
      'first 5\nsnapshot 1',
      () =>
        new Promise<Buffer>((resolve) => {
          finish = resolve;
        }),
    );
    expect(cache.latestKey('a', 'first 5')).toBe('first 5\nsnapshot 1');
    expect(cache.latestKey('a', 'first 6')).toBeUndefined();
    expect(cache.latestKey('b', 'first 5')).toBeUndefined();
    finish(bytes('kept'));
    await read;
    expect(cache.latestKey('a', 'first 5')).toBe('first 5\nsnapshot 1');

    await expect(
      cache.get('a', 'first 5\nsnapshot 2', () => Promise.reject(new Error('lost'))),
    ).rejects.toThrow('lost');
    expect(cache.latestKey('a', 'first 5')).toBe('first 5\nsnapshot 1');
  });
});
