/**
 * `npm run bench:import` (DESIGN 8): a 100,000-row CSV through the import path, timed step by step
 * against PostgreSQL COPY of the same rows: the dry run (preview), the import with its history, and
 * the undo. Runs on an embedded PostgreSQL in a temporary folder, and also on a fresh database of
 * the server at DATABASE_URL when that is set. Prints figures; asserts nothing. Aim (DESIGN 8):
 * upsert at least half the speed of COPY, end to end (and the dry run) under 3 s. The rows go as
 * columns, as the page sends them; `BENCH_IMPORT_BODY=rows` sends them as row objects instead.
 * `BENCH_IMPORT_DEPTH=N` also times the undo of the last of N more re-imports.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { detectDelimiter } from '../src/core/csv-import/delimiter';
import { type ImportColumns, rowsOfColumns } from '../src/core/csv-import/import-columns';
import { type ImportTable, validateSentColumns } from '../src/core/csv-import/import-table';
import { emptyMapping, type Mapping, mappedColumns } from '../src/core/csv-import/mapping';
import { IMPORT_TARGETS } from '../src/core/csv-import/targets';
import { demoProducts } from '../src/core/restock/demo-products';
import { buildApp } from '../src/server/app';
import { copyChunks } from '../src/server/db/copy-text';
import { type Database, openDatabase } from '../src/server/db/database';
import { parseCsvText } from '../src/web/features/csv-import/parse-csv-text';

const ROWS = 100_000;
const SEND_ROWS = process.env.BENCH_IMPORT_BODY === 'rows';
/** Re-imports made before the last undo is timed: the history a seller builds day by day. */
const DEPTH = Number(process.env.BENCH_IMPORT_DEPTH ?? 0);

type Figures = {
  target: string;
  insertDryMs: number;
  insertMs: number;
  updateDryMs: number;
  updateMs: number;
  revertMs: number;
  deepRevertMs: number | null;
  copyMs: number;
};

const elapsed = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: elapsed(start), value };
}

/** The demo catalogue as a seller's spreadsheet exports it: human headers, dollar signs, Yes/No. */
function sellerCsv(count: number, seed: number): string {
  const products = demoProducts(count, seed);
  const money = (value: number | null) => (value === null ? '' : `$${value.toFixed(2)}`);
  const lines = products.map((product) => {
    const cells: Record<string, unknown> = {};
    for (const target of IMPORT_TARGETS) {
      const value = product[target.key];
      if (target.type === 'money') cells[target.name] = money(value as number | null);
      else if (target.type === 'boolean') cells[target.name] = value ? 'Yes' : 'No';
      else cells[target.name] = value ?? '';
    }
    return cells;
  });
  return Papa.unparse(lines);
}

/** Every target mapped to the column named after it, as the dialog would after a drag per column. */
function fullMapping(): Mapping {
  const mapping = emptyMapping();
  for (const target of IMPORT_TARGETS) mapping[target.key] = target.name;
  return mapping;
}

/** What the page sends, and the same rows as the server holds them once checked. */
type Parsed = { columns: ImportColumns; table: ImportTable };

function parseForImport(csv: string): Parsed {
  // The import dialog's own reading (its worker), then its mapping and the columns' check.
  const sheet = parseCsvText(csv, detectDelimiter(csv.slice(0, 4096)) ?? ',');
  const { columns } = mappedColumns(sheet.rows, fullMapping());
  const validation = validateSentColumns(columns.columns, columns.leftOut);
  if (!validation.ok) throw new Error(`The benchmark file does not validate: ${validation.message}`);
  return { columns, table: validation.table };
}

async function postJson(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * The reference: COPY of the same rows into a scratch copy of the products table, with the same
 * columns, defaults and primary key, so it pays what a write to products pays (products has no
 * foreign key to accounts, decision 005). The COPY text is built from the checked columns inside
 * the timing, as the import has to.
 */
async function timeCopy(pool: pg.Pool, accountId: string, table: ImportTable): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('DROP TABLE IF EXISTS bench_copy');
    await client.query('CREATE TABLE bench_copy (LIKE products INCLUDING ALL)');
    const columns = IMPORT_TARGETS.map((target) => target.key);
    const { ms } = await timed(async () => {
      const copy = client.query(copyFrom(`COPY bench_copy (account_id, ${columns.join(', ')}) FROM STDIN`));
      const text = copyChunks(table, columns, {
        leading: [accountId],
        nullAs: { replen: false },
      });
      await pipeline(Readable.from(text), copy);
    });
    await client.query('DROP TABLE bench_copy');
    return ms;
  } finally {
    client.release();
  }
}

/** Signs up through the API and answers the access token and the account id. */
async function signUp(base: string, pool: pg.Pool) {
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'Granite-Harbor-Violet-42';
  const { accessToken } = (await postJson(`${base}/api/register`, {
    fullName: 'Bench Seller',
    email,
    contactNumber: '(555) 123-4567',
    country: 'USA',
    password,
    confirmPassword: password,
  })) as { accessToken: string };
  const account = await pool.query<{ account_id: string }>('SELECT account_id FROM users WHERE email = $1', [
    email,
  ]);
  return { token: accessToken, accountId: account.rows[0]!.account_id };
}

/** The app in this process on a real port, over `database`; stopped when `work` ends. */
async function withApp<T>(database: Database, work: (base: string) => Promise<T>): Promise<T> {
  const app = await buildApp({ db: database.db, jwtSecret: randomBytes(32), logLevel: 'warn' });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return await work(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  } finally {
    await app.close();
  }
}

async function benchOn(
  target: string,
  databaseUrl: string | undefined,
  parsed: Parsed,
  changed: Parsed,
): Promise<Figures> {
  // Holds the embedded server's data; unused (but still removed) with DATABASE_URL.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-bench-'));
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      return await withApp(database, async (base) => {
        const { token, accountId } = await signUp(base, database.pool);
        // Serialising the body is part of the upload, as it is in the browser.
        const asRows = ({ columns }: Parsed) => {
          const read = rowsOfColumns(columns.columns, columns.leftOut);
          if (!read.ok) throw new Error(read.message);
          return { data: read.rows };
        };
        const [rows, changedRows] = SEND_ROWS
          ? [asRows(parsed), asRows(changed)]
          : [parsed.columns, changed.columns];
        const size = parsed.table.size;
        const url = `${base}/api/dynamic/import-inventory`;
        // Each import is previewed first (the dialog's dry run), then saved, as the dialog does.
        const insertDry = await timed(() => postJson(`${url}?dryRun=true`, rows, token));
        const insert = await timed(() => postJson(url, rows, token));
        const updateDry = await timed(() => postJson(`${url}?dryRun=true`, changedRows, token));
        const update = await timed(() => postJson(url, changedRows, token));
        const counts = [
          insertDry.value.inserted,
          insert.value.inserted,
          updateDry.value.updated,
          update.value.updated,
        ];
        if (counts.some((count) => count !== size)) {
          throw new Error(
            `Unexpected counts: ${JSON.stringify([insertDry.value, insert.value, updateDry.value, update.value])}`,
          );
        }
        const revert = await timed(() =>
          postJson(`${base}/api/imports/${update.value.importId}/revert`, {}, token),
        );
        if (revert.value.restored !== size)
          throw new Error(`Unexpected undo: ${JSON.stringify(revert.value)}`);
        let deepRevertMs: number | null = null;
        if (DEPTH > 0) {
          // Every re-import changes every row: the two reports take turns.
          let last = '';
          for (let day = 0; day < DEPTH; day += 1)
            last = String((await postJson(url, day % 2 === 0 ? changedRows : rows, token)).importId);
          const deep = await timed(() => postJson(`${base}/api/imports/${last}/revert`, {}, token));
          if (deep.value.restored !== size) throw new Error(`Unexpected undo: ${JSON.stringify(deep.value)}`);
          deepRevertMs = deep.ms;
        }
        const copyMs = await timeCopy(database.pool, accountId, parsed.table);
        return {
          target,
          insertDryMs: insertDry.ms,
          insertMs: insert.ms,
          updateDryMs: updateDry.ms,
          updateMs: update.ms,
          revertMs: revert.ms,
          deepRevertMs,
          copyMs,
        };
      });
    } finally {
      await database.close();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database on the server at `adminUrl`, dropped after `work`. */
async function withFreshDatabase<T>(adminUrl: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `replen_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function report(csvBytes: number, parseMs: number, all: Figures[]) {
  console.log(
    `\nCSV import benchmark: ${ROWS.toLocaleString('en-US')} rows, every import target, sent as ${SEND_ROWS ? 'rows' : 'columns'}`,
  );
  console.log(
    `CSV ${(csvBytes / 1024 / 1024).toFixed(1)} MiB; parse (PapaParse) + map + validate: ${seconds(parseMs)}\n`,
  );
  const byDatabase = (line: (figures: Figures) => string) =>
    Object.fromEntries(all.map((figures) => [figures.target, line(figures)]));
  console.table({
    'dry run via API, first import': byDatabase((f) => seconds(f.insertDryMs)),
    'upsert via API, first import (inserts)': byDatabase((f) => seconds(f.insertMs)),
    'dry run via API, re-import': byDatabase((f) => seconds(f.updateDryMs)),
    'upsert via API, re-import (updates)': byDatabase((f) => seconds(f.updateMs)),
    'undo of the re-import (restores every row)': byDatabase((f) => seconds(f.revertMs)),
    ...(DEPTH > 0
      ? {
          [`undo of the last of ${DEPTH} more re-imports`]: byDatabase((f) =>
            f.deepRevertMs === null ? '' : seconds(f.deepRevertMs),
          ),
        }
      : {}),
    'COPY of the same rows (reference)': byDatabase((f) => seconds(f.copyMs)),
    'speed vs COPY, inserts (aim >= 0.50)': byDatabase((f) => (f.copyMs / f.insertMs).toFixed(2)),
    'speed vs COPY, updates (aim >= 0.50)': byDatabase((f) => (f.copyMs / f.updateMs).toFixed(2)),
    'speed vs COPY, re-import dry run': byDatabase((f) => (f.copyMs / f.updateDryMs).toFixed(2)),
    'end to end: parse + insert (aim < 3 s)': byDatabase((f) => seconds(parseMs + f.insertMs)),
    'end to end: parse + dry run (aim < 3 s)': byDatabase((f) => seconds(parseMs + f.updateDryMs)),
    // A seller's daily import is a re-import: the same SKUs with fresh values.
    'end to end: parse + re-import (aim < 3 s)': byDatabase((f) => seconds(parseMs + f.updateMs)),
  });
  console.log('API times include JSON encoding, the HTTP upload, validation and the transaction; a real');
  console.log('import also writes its history (the values it replaced). The re-import carries the same SKUs');
  console.log('with other values. The COPY reference writes the rows into a scratch copy of products (same');
  console.log('columns and keys), text building included.');
}

async function main() {
  const csv = sellerCsv(ROWS, 42);
  const parse = await timed(() => parseForImport(csv));
  // The re-import carries the same SKUs with other values, so every row really changes.
  const changed = parseForImport(sellerCsv(ROWS, 43));
  const all: Figures[] = [];
  all.push(await benchOn('embedded', undefined, parse.value, changed));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    all.push(await withFreshDatabase(serverUrl, (url) => benchOn('DATABASE_URL', url, parse.value, changed)));
  }
  report(Buffer.byteLength(csv), parse.ms, all);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
