import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const dist = mkdtempSync(path.join(os.tmpdir(), 'replen-web-app-'));
const app = Fastify();
// A script with its build-time brotli and gzip copies, as vite.config.ts writes them.
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Replen</title>');
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'export {};');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'assets', 'page-Zz9.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'page-Zz9.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'page-Zz9.js.gz'), gzipSync(SCRIPT));
  await registerWebApp(app, dist);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('lets the browser keep the hashed files under assets/ for good', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has every page and unhashed file checked again on each load', async () => {
    for (const url of ['/restock', '/index.html', '/favicon.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(String(response.headers['cache-control']), url).not.toMatch(/immutable|max-age=[1-9]/);
    }
  });

  it('answers an unknown file under assets/ without keeping it', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/gone-XyZ.js' });
    expect(String(response.headers['cache-control'])).not.toMatch(/immutable/);
  });

  it('sends the build-time brotli or gzip copy to a browser that accepts it, the file itself otherwise', async () => {
    const as = async (acceptEncoding: string | undefined) =>
      app.inject({
        method: 'GET',
        url: '/assets/page-Zz9.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
    const brotli = await as('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    const gzipped = await as('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);
    const plain = await as(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const response of [brotli, gzipped, plain]) {
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-type'])).toMatch(/^text\/javascript|^application\/javascript/);
      expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends a file that has no compressed copy as it is, whatever the browser accepts', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};');
  });
});
