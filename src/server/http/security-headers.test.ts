import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { HELMET_OPTIONS, HELMET_WRITES } from './security-headers';

describe('the security headers read once from helmet', () => {
  it('are the headers helmet itself sets on an answer', () => {
    const request = new IncomingMessage(new Socket());
    const byHelmet = new ServerResponse(request);
    byHelmet.setHeader('X-Powered-By', 'something');
    helmet(HELMET_OPTIONS)(request, byHelmet, () => {});
    expect(Object.fromEntries(HELMET_WRITES.set.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(
      byHelmet.getHeaders(),
    );
    expect(HELMET_WRITES.removed.map((name) => name.toLowerCase())).toEqual(['x-powered-by']);
    expect(HELMET_WRITES.set.find(([name]) => name === 'Content-Security-Policy')?.[1]).toContain(
      "default-src 'self'",
    );
  });
});
