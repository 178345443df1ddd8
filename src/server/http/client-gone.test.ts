import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally } from '../test-support/listen';
import { ClientGoneError, clientGoneSignal } from './errors';

// A route that works until its client goes away (or a long while), then says how it ended.
const app = Fastify();
let url: (path: string) => string = () => '';
let started: () => void = () => {};
let ended: (reason: unknown) => void = () => {};
const endings: unknown[] = [];

beforeAll(async () => {
  app.get('/slow', async (_request, reply) => {
    const gone = clientGoneSignal(reply);
    started();
    const reason = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve('finished'), 10_000);
      gone.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(gone.reason);
      });
    });
    ended(reason);
    return { reason: String(reason) };
  });
  app.get('/quick', async (_request, reply) => {
    const gone = clientGoneSignal(reply);
    reply.raw.once('close', () => setImmediate(() => endings.push(gone.aborted)));
    return { ok: true };
  });
  url = await listenLocally(app);
});
afterAll(async () => {
  await app.close();
});

describe('clientGoneSignal', () => {
  it('aborts with ClientGoneError as soon as the client closes the connection', async () => {
    const held = new Promise<void>((resolve) => {
      started = resolve;
    });
    const reason = new Promise((resolve) => {
      ended = resolve;
    });
    const stop = new AbortController();
    const request = fetch(url('/slow'), { signal: stop.signal }).catch((error: Error) => error.name);
    await held;
    stop.abort();
    expect(await request).toBe('AbortError');
    expect(await reason).toBeInstanceOf(ClientGoneError);
  });

  it('stays quiet for an answer that was sent', async () => {
    const response = await fetch(url('/quick'));
    expect(await response.json()).toEqual({ ok: true });
    await expect.poll(() => endings).toEqual([false]);
  });
});
