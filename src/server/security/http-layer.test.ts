import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signUp } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ bodyTimeoutMs: 1500 });
});
afterAll(async () => {
  await t.close();
});

/**
 * Sends a request whose body trickles in a byte every `everyMs`, after `withHeaders` of its bytes
 * sent in the headers' own write; answers what came back and when.
 */
function trickle(path: string, everyMs: number, waitMs: number, withHeaders = 0) {
  const { port } = new URL(t.baseUrl);
  return new Promise<{ response: string; ms: number; closed: boolean }>((resolve) => {
    const started = performance.now();
    const socket = net.connect(Number(port), '127.0.0.1');
    let response = '';
    let closed = false;
    const body = '{"email":"a@b","password":"x"}';
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, withHeaders)}`,
      );
    });
    let sent = withHeaders;
    const drip = setInterval(() => {
      if (sent < body.length && !socket.destroyed) socket.write(body[sent++]!);
    }, everyMs);
    const finish = () => {
      clearInterval(drip);
      clearTimeout(limit);
      socket.destroy();
      resolve({ response, ms: performance.now() - started, closed });
    };
    socket.on('data', (chunk) => {
      response += chunk.toString();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => {});
    const limit = setTimeout(finish, waitMs);
  });
}

describe('a body sent a byte at a time', () => {
  it('is cut off with 408 and a closed connection once the body timeout passes', async () => {
    const { response, ms, closed } = await trickle('/api/login', 500, 10_000);
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(response).toContain('"message":"The request body arrived too slowly"');
    expect(closed).toBe(true);
    // 1.5 s body timeout (this app's), not the 15 s the whole body would take.
    expect(ms).toBeLessThan(5000);
  });

  it('is cut off the same way when all but its last byte came with the headers', async () => {
    const { response, ms, closed } = await trickle('/api/login', 5000, 10_000, 29);
    expect(response).toMatch(/^HTTP\/1\.1 408/);
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(4500);
  });

  it('leaves a body that arrives in time alone', async () => {
    const response = await createClient(t.baseUrl).post('/api/login', { email: 'a@b', password: 'x' });
    expect(response.status).toBe(401);
  });
});

describe('Cache-Control', () => {
  it('is no-store on every answer that carries account data', async () => {
    const { client, token, email, password } = await signUp(t.baseUrl);
    const answers = [
      await client.post('/api/login', { email, password }),
      await client.post('/api/refresh-token'),
      await client.get('/api/me', token),
      await client.get('/api/tables/restock/data', token),
      await client.get('/api/tables/restock/columns', token),
      await client.get('/api/buy-list', token),
      await client.get('/api/account/members', token),
      await client.get('/api/me'),
      await client.get('/api/no-such-route', token),
      await client.post('/change-password', { oldPassword: 'x', newPassword: 'y' }, token),
    ];
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the Origin check', () => {
  it('compares scheme, host and port, not the host alone', async () => {
    const { client } = await signUp(t.baseUrl);
    const own = new URL(t.baseUrl);
    const refresh = (origin: string) => client.request('POST', '/api/refresh-token', { headers: { origin } });
    for (const foreign of [
      `https://${own.host}`,
      `http://${own.hostname}:${Number(own.port) + 1}`,
      `http://${own.hostname}`,
      'null',
      'http://evil.example',
    ]) {
      const answer = await refresh(foreign);
      expect(answer.status, foreign).toBe(403);
    }
    expect((await refresh(t.baseUrl)).status).toBe(200);
  });
});
