import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellingProduct } from '../security/seller-accounts';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertManyProducts } from '../test-support/products';
import { startTestApp, type TestApp } from '../test-support/test-app';

/*
 * Exports past 125,000 lines (spreading that many rows into Math.max overflowed the stack and
 * answered 500), streamed as CSV, and built as XLSX off the event loop so the server keeps
 * answering others meanwhile.
 */

const LINES = 130_000;

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.baseUrl);
  const accountId = await accountIdOf(t.pool, owner.email);
  for (let start = 0; start < LINES; start += 26_000) {
    const batch = Array.from({ length: 26_000 }, (_, i) =>
      sellingProduct(`L-${String(start + i).padStart(6, '0')}`, { supplier: 'Bulk', cost: -5 }),
    );
    await insertManyProducts(t.pool, accountId, batch);
  }
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe(`a buy list of ${LINES.toLocaleString('en-US')} lines`, () => {
  it('exports as CSV with every line, a negative cost as a number', { timeout: 120_000 }, async () => {
    const response = await fetch(`${t.baseUrl}/api/buy-list/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\r\n');
    // Title, blank, header, the lines, the supplier total, the grand total, and the final CRLF.
    expect(lines.length).toBe(LINES + 6);
    expect(lines[3]).toBe('Bulk,L-000000,B000000001,Product L-000000,-5.00,30,30,-150.00');
  });

  it('exports as XLSX while other requests are still answered', { timeout: 120_000 }, async () => {
    const idle: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      await fetch(`${t.baseUrl}/api/me`, { headers: { authorization: `Bearer ${owner.token}` } });
      idle.push(performance.now() - started);
    }
    const idleMedian = [...idle].sort((a, b) => a - b)[5]!;
    let exported = false;
    const exporting = fetch(`${t.baseUrl}/api/buy-list/export.xlsx`, {
      headers: { authorization: `Bearer ${owner.token}` },
    }).finally(() => {
      exported = true;
    });
    // A cheap request again and again for as long as the export runs: its longest wait is how
    // long the event loop was held at once.
    const waits: number[] = [];
    while (!exported) {
      const started = performance.now();
      const me = await fetch(`${t.baseUrl}/api/me`, { headers: { authorization: `Bearer ${owner.token}` } });
      expect(me.status).toBe(200);
      waits.push(performance.now() - started);
    }
    const response = await exporting;
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    console.info(
      `during the XLSX export: ${waits.length} requests, longest wait ${Math.max(...waits).toFixed(0)} ms`,
    );
    // Built on the event loop, this workbook alone held every request for 7-9 s. In slices and a
    // worker, what remains is garbage collection of the export's few hundred MB of objects and
    // the sheet's batches: 0.8 s on a quiet run, 2.5 s with the full suite beside it on this
    // shared two-core machine. 4 s (plus 20 times what a request costs alone right now, for a
    // machine that is busier still) keeps that margin and still fails if the build comes back.
    expect(Math.max(...waits)).toBeLessThan(4000 + 20 * idleMedian);
  });
});
