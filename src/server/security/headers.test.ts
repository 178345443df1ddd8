import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDb } from '../db/pool';
import { WEB_DIST } from '../http/web-app';
import { createClient, signUp } from '../test-support/http-client';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../test-support/test-app';

// DESIGN 7: the same strict headers on pages, API answers and errors.

let t: TestApp;
let proxied: TestApp;
const tokens = new Map<TestApp, string>();
const hasWebBuild = existsSync(path.join(WEB_DIST, 'index.html'));

beforeAll(async () => {
  t = await startTestApp();
  proxied = await startTestApp({ trustProxy: true });
  for (const app of [t, proxied]) tokens.set(app, (await signUp(app.baseUrl)).token);
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

type Case = {
  name: string;
  method: string;
  path: string;
  status: number;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  signedIn?: true;
};

/** One request of every kind of answer the app gives. */
const CASES: Case[] = [
  // The test app serves the SPA from dist/web when it was built, else a 503 that says so.
  { name: 'an SPA page', method: 'GET', path: '/login', status: hasWebBuild ? 200 : 503 },
  { name: 'an API answer', method: 'GET', path: '/api/me', status: 200, signedIn: true },
  { name: 'an unknown API path (404)', method: 'GET', path: '/api/nothing-here', status: 404 },
  {
    name: 'a purchase order that is not there (404)',
    method: 'GET',
    path: '/api/purchase-orders/x',
    status: 404,
    signedIn: true,
  },
  { name: 'a missing token (401)', method: 'GET', path: '/api/me', status: 401 },
  { name: 'a validation error (400)', method: 'POST', path: '/api/login', status: 400, body: {} },
  { name: 'malformed JSON (400)', method: 'POST', path: '/api/login', status: 400, rawBody: '{"email":' },
  {
    name: 'a foreign Origin (403)',
    method: 'POST',
    path: '/api/refresh-token',
    status: 403,
    headers: { origin: 'https://evil.example' },
  },
  {
    name: 'an undecodable URL (400)',
    method: 'GET',
    path: '/api/tables/restock/data/%E0%A4%A',
    status: 400,
    signedIn: true,
  },
  {
    name: 'an over-long path parameter (414)',
    method: 'GET',
    path: `/api/purchase-orders/${'a'.repeat(500)}`,
    status: 414,
  },
  {
    name: 'a body of the wrong type (415)',
    method: 'POST',
    path: '/api/login',
    status: 415,
    rawBody: '<a/>',
    headers: { 'content-type': 'application/xml' },
  },
];

async function send(app: TestApp, testCase: Case, extraHeaders: Record<string, string> = {}) {
  return createClient(app.baseUrl).request<unknown>(testCase.method, testCase.path, {
    body: testCase.body,
    rawBody: testCase.rawBody,
    token: testCase.signedIn ? tokens.get(app) : null,
    headers: { ...testCase.headers, ...extraHeaders },
  });
}

/** The CSP as directive → sources. */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

function expectStrictHeaders(headers: Headers) {
  const csp = parseCsp(headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  for (const sources of csp.values()) {
    for (const loose of ["'unsafe-eval'", '*']) expect(sources).not.toContain(loose);
  }
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
    headers.get('referrer-policy'),
  );
}

describe('security headers over plain HTTP', () => {
  it.each(CASES)('are strict on $name, without HSTS', async (testCase) => {
    const response = await send(t, testCase);
    expect(response.status).toBe(testCase.status);
    expectStrictHeaders(response.headers);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('are strict on the 503 page of an app whose web build is missing', async () => {
    const pool = new pg.Pool({ max: 1 });
    const app = await buildApp({
      db: createDb(pool),
      jwtSecret: TEST_JWT_SECRET,
      logLevel: 'silent',
      webDist: path.join(import.meta.dirname, 'no-web-build'),
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/login' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The web app is not built: run npm run build' });
      expectStrictHeaders(new Headers(response.headers as Record<string, string>));
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it.runIf(hasWebBuild)(
    'keep the built SPA working: no inline script or event handler for the CSP to block',
    () => {
      const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
      const scripts = html.match(/<script\b[^>]*>/gi) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toMatch(/\ssrc=/i);
      expect(html).not.toMatch(/<script\b[^>]*>\s*[^<\s]/i);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    },
  );
});

describe('HSTS', () => {
  const HTTPS = { 'x-forwarded-proto': 'https' };

  it.each(CASES)('is sent with $name over HTTPS behind a trusted proxy', async (testCase) => {
    const response = await send(proxied, testCase, HTTPS);
    expect(response.status).toBe(testCase.status);
    expectStrictHeaders(response.headers);
    const hsts = response.headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it('is absent over plain HTTP behind the proxy', async () => {
    const response = await createClient(proxied.baseUrl).get('/api/nothing-here');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('is absent when a client without a trusted proxy only claims HTTPS', async () => {
    for (const testCase of CASES) {
      const response = await send(t, testCase, HTTPS);
      expect(response.headers.get('strict-transport-security'), testCase.name).toBeNull();
    }
  });
});
