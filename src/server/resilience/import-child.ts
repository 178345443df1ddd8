/**
 * The process that import-kill.test.ts SIGKILLs: opens the database (DATABASE_URL, or the embedded
 * one in DATA_DIR), signs up IMPORT_EMAIL, and POSTs IMPORT_ROWS rows to the import route in
 * process. It prints `importing` just before the request and `imported <status>` after it, so
 * the parent can aim its kill at the transaction.
 *
 * With IMPORT_SEED_ROWS > 0 it first imports that many of the same products, so the big import
 * runs the update-and-insert path instead of the first-import COPY.
 */
import type { ImportRow } from '../../core/csv-import/import-rows';
import { TARGET_KEYS } from '../../core/csv-import/targets';
import { demoProducts } from '../../core/restock/demo-products';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';

const PASSWORD = 'Granite-Harbor-Violet-42';

function importRows(count: number, supplier: string): ImportRow[] {
  return demoProducts(count, 7).map((product) => {
    const row: Record<string, unknown> = {};
    for (const key of TARGET_KEYS) row[key] = product[key];
    row.supplier = supplier;
    return row as ImportRow;
  });
}

async function main() {
  const email = process.env.IMPORT_EMAIL ?? '';
  const rows = Number(process.env.IMPORT_ROWS);
  const marker = process.env.IMPORT_MARKER ?? '';
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? 'data',
  });
  const app = await buildApp({
    db: database.db,
    jwtSecret: new TextEncoder().encode('import-child-secret-long-enough-for-hs256'),
    logLevel: 'silent',
    // Each run signs up from the same address; the register limit is not what is under test.
    limits: { registerPerHour: 1_000 },
  });
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: {
      fullName: 'Kill Test',
      email,
      contactNumber: '5550102030',
      country: 'USA',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  if (registered.statusCode !== 201) throw new Error(`sign-up answered ${registered.statusCode}`);
  const headers = {
    authorization: `Bearer ${registered.json<{ accessToken: string }>().accessToken}`,
    'content-type': 'application/json',
  };
  const send = (body: string) =>
    app.inject({ method: 'POST', url: '/api/dynamic/import-inventory', headers, payload: body });
  const seedRows = Number(process.env.IMPORT_SEED_ROWS ?? 0);
  if (seedRows > 0) {
    const seeded = await send(JSON.stringify({ data: importRows(seedRows, 'seed') }));
    if (seeded.statusCode !== 200) throw new Error(`the seed import answered ${seeded.statusCode}`);
  }
  // Built before the mark, so the kill window covers the request and its transaction only.
  const payload = JSON.stringify({ data: importRows(rows, marker) });
  const started = performance.now();
  process.stdout.write('importing\n');
  const response = await send(payload);
  process.stdout.write(`imported ${response.statusCode} ${(performance.now() - started).toFixed(0)}\n`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
