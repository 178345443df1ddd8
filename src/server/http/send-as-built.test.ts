import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally } from '../test-support/listen';
import { HttpError, registerErrorHandler } from './errors';
import { sendAsBuilt } from './send-as-built';

const app = Fastify();
let url: (path: string) => string = () => '';
// What the client has read of the streamed answer: the build waits for it before going on.
let clientRead: Promise<void> = Promise.resolve();

beforeAll(async () => {
  registerErrorHandler(app);
  app.get('/streamed', (_request, reply) =>
    sendAsBuilt(reply, async (write) => {
      write('["first"');
      await clientRead;
      write(',"second"]');
    }),
  );
  app.get('/refused', (_request, reply) =>
    sendAsBuilt(reply, async () => {
      throw new HttpError(429, 'Your account is busy');
    }),
  );
  app.get('/cut', (_request, reply) =>
    sendAsBuilt(reply, async (write) => {
      write('["first"');
      await clientRead;
      throw new Error('the database went away');
    }),
  );
  url = await listenLocally(app);
});
afterAll(async () => {
  await app.close();
});

/** Reads the first chunk of the answer, lets the build go on, then reads the rest. */
async function readInTwo(path: string): Promise<{ status: number; first: string; rest: Promise<string> }> {
  let readFirst: () => void = () => {};
  clientRead = new Promise((resolve) => {
    readFirst = resolve;
  });
  const response = await fetch(url(path));
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const first = decoder.decode((await reader.read()).value);
  readFirst();
  const rest = (async () => {
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { status: response.status, first, rest };
}

describe('sendAsBuilt', () => {
  it('sends the first piece before the build has made the rest', async () => {
    const { status, first, rest } = await readInTwo('/streamed');
    expect(status).toBe(200);
    expect(first).toBe('["first"');
    expect(JSON.parse(first + (await rest))).toEqual(['first', 'second']);
  });

  it('answers a failure before the first piece with its status and message', async () => {
    const response = await fetch(url('/refused'));
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ message: 'Your account is busy' });
  });

  it('cuts the connection on a failure after the first piece, so no short answer reads as whole', async () => {
    const { status, first, rest } = await readInTwo('/cut');
    expect(status).toBe(200);
    expect(first).toBe('["first"');
    await expect(rest).rejects.toThrow();
  });
});
