import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDb, createPool } from '../db/pool';
import { signUp } from '../test-support/http-client';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health probes', () => {
  it('/healthz answers while the process is up, /readyz once the database is migrated', async () => {
    const health = await fetch(`${t.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('keeps probes and metrics out of the request log at info level, and logs other requests', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      db: t.db,
      jwtSecret: TEST_JWT_SECRET,
      logLevel: 'info',
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      for (const url of ['/healthz', '/readyz', '/metrics']) {
        expect((await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      }
      expect((await app.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    expect(urls).toContain('/api/me');
    expect(urls.filter((url) => url && /^\/(healthz|readyz|metrics)/.test(url))).toEqual([]);
  });

  it('/readyz answers 503 when the database cannot be reached, while /healthz still answers 200', async () => {
    // A pool pointed at a closed port: the process is healthy, the database is not there.
    const pool = createPool('postgres://postgres@127.0.0.1:1/none', 1, { acquireTimeoutMs: 500 });
    const app = await buildApp({ db: createDb(pool), jwtSecret: TEST_JWT_SECRET, logLevel: 'silent' });
    try {
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'The database is not reachable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('/readyz answers 503 when a migration of this version is missing', async () => {
    await t.pool.query(
      'DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at',
    );
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'The database lacks migrations of this version' });
  });
});

describe('metrics', () => {
  it('counts requests by route pattern and status, imported rows and pool use, in Prometheus text', async () => {
    const owner = await signUp(t.baseUrl);
    const data = Array.from({ length: 3 }, (_, i) => ({ msku: `MET-${i}`, cost: 2 }));
    const imported = await owner.client.post('/api/dynamic/import-inventory', { data }, owner.token);
    expect(imported.status).toBe(200);
    await fetch(`${t.baseUrl}/api/products/MET-0/history?days=30`);

    const response = await fetch(`${t.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /replen_http_requests_total\{method="POST",route="\/api\/register",status="201"\} 1/,
    );
    // The route's pattern, never the product in the URL.
    expect(text).toContain('route="/api/products/:msku/history",status="401"');
    expect(text).not.toContain('MET-0');
    expect(text).toMatch(/replen_import_rows_total\{kind="products"\} 3/);
    expect(text).toMatch(/replen_db_pool_connections\{state="total"\} \d+/);
    expect(text).toContain('replen_http_request_duration_seconds_bucket');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('asks for the METRICS_TOKEN bearer token when one is set', async () => {
    const app = await buildApp({
      db: t.db,
      jwtSecret: TEST_JWT_SECRET,
      logLevel: 'silent',
      metricsToken: 'a-metrics-token-of-length',
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      const wrong = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-metrics-token-of-lengtX' },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer a-metrics-token-of-length' },
      });
      expect(right.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('without a token, serves this machine only: a request forwarded by a proxy is refused', async () => {
    const forwarded = await fetch(`${t.baseUrl}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
    expect(await forwarded.json()).toEqual({
      message: 'Metrics are served to this machine only unless METRICS_TOKEN is set',
    });
  });
});
