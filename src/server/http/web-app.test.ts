import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const dist = mkdtempSync(path.join(os.tmpdir(), 'replen-web-app-'));
const app = Fastify();

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Replen</title>');
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'export {};');
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
});
