import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP_MESSAGE } from './json-body';

describe('nestsDeeperThan', () => {
  const deeper = (json: string, max: number) => nestsDeeperThan(Buffer.from(json), max);

  it('counts arrays and objects inside one another, not brackets inside strings', () => {
    expect(deeper('[[[]]]', 3)).toBe(false);
    expect(deeper('[[[[]]]]', 3)).toBe(true);
    expect(deeper('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(deeper('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
    expect(deeper('[[],[],[],[]]', 2)).toBe(false);
    expect(deeper('["[[[[[[", "{{{{"]', 1)).toBe(false);
    // An escaped quote does not end a string; an escaped backslash before a quote does.
    expect(deeper('["\\"[[[[", 1]', 1)).toBe(false);
    expect(deeper('["\\\\", [[[1]]]]', 3)).toBe(true);
    // Runs of backslashes: odd escapes the quote, even does not.
    expect(deeper('["\\\\\\"[[[[[", 1]', 1)).toBe(false);
    expect(deeper('["\\\\\\\\", [[[1]]]]', 3)).toBe(true);
    // An unterminated string hides nothing: JSON.parse refuses the body.
    expect(deeper('[["abc', 1)).toBe(true);
    expect(deeper('["abc [[[[', 1)).toBe(false);
  });

  it('reads text in any script byte by byte without losing its place', () => {
    // Multi-byte characters, some whose bytes follow a quote or stand before a bracket.
    expect(deeper('["é[[[", "日本[[", "😀\\"]', 1)).toBe(false);
    expect(deeper('["é", ["日本", ["😀", [1]]]]', 3)).toBe(true);
    expect(deeper('{"ü":{"ß":[1,{"ç":"]]]]"}]}}', 4)).toBe(false);
  });
});

describe('JSON bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a body nested past the limit with 400 before parsing it, and reads one at the limit', async () => {
    const owner = await signUp(t.baseUrl);
    const send = (raw: string) =>
      fetch(`${t.baseUrl}/api/dynamic/import-sales`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
        body: raw,
      });
    // 8 MiB of `[`: JSON.parse alone took over a second of the event loop.
    const levels = 4 * 1024 * 1024;
    const deep = await send(`${'['.repeat(levels)}${']'.repeat(levels)}`);
    expect(deep.status).toBe(400);
    expect(await deep.json()).toEqual({ message: TOO_DEEP_MESSAGE });
    // At the limit the body is parsed and judged on what it holds.
    const atLimit = `{"rows":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    const judged = await send(atLimit);
    expect(judged.status).toBe(400);
    expect((await judged.json()).message).not.toBe(TOO_DEEP_MESSAGE);
    // Prototype poisoning is still refused by Fastify's own parser.
    const poisoned = await send('{"rows":[],"__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
  });
});
