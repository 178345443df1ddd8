/**
 * `npm run bench:history` (DESIGN 8): 10,000 products × 730 days of sales history. Seeds 630 days
 * in SQL (daily rows, then their packed series as the migration builds them), then ingests the last
 * 100 days as an All Orders report of 1,000,000 order lines the way the web does (parsed in core
 * on a thread of its own, as the web's worker, each part of 100,000 rows uploaded by the web's
 * `HistoryUpload` while the rest is read, one transaction at the last part, which recomputes every
 * touched forecast), times a full recompute of every forecast on its own,
 * and reads the restock table with and without history. Prints figures, the server's steps and the
 * load average with each; asserts nothing.
 * Budgets: ingest < 10 s, forecasts < 3 s, restock read no slower than without history.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { dayNumber, isoDay, utcDayOf } from '../src/core/forecast/days';
import type { HistoryImportResult } from '../src/core/sales-history/rows';
import { recomputeForecasts } from '../src/server/sales-history/forecasts';
import { onHistoryPhase } from '../src/server/sales-history/phases';
import { pool } from '../src/server/sales-history/queries';
import { rebuildSeries } from '../src/server/sales-history/series';
import { HistoryUpload } from '../src/web/features/sales-history/upload';
import type { ClientMessage } from './history-client';
import { DAYS, ORDER_DAYS, ORDER_LINES, PRODUCTS } from './history-orders';
import { median, ms, runBench, startBenchApp, timed } from './support';

const READS = 9;

const SQL_SKU = (column: string) => `'BENCH-' || lpad(${column}::text, 5, '0')`;

const load = () =>
  `load ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/** Server-side steps of the last measured piece of work, summed by name. */
const phases = new Map<string, number>();
onHistoryPhase((name, spent) => phases.set(name, (phases.get(name) ?? 0) + spent));
function printPhases(total: number, rest = 'other (HTTP, JSON, validation, locks)') {
  let accounted = 0;
  for (const [name, spent] of phases) {
    // The series' own steps are inside the commit's "merge into series": shown, counted once.
    const inner = name.startsWith('series: ');
    console.log(`    ${inner ? '  ' : ''}${name}: ${ms(spent)}`);
    if (!inner) accounted += spent;
  }
  console.log(`    ${rest}: ${ms(total - accounted)}`);
  phases.clear();
}

/** `json`: a body already in JSON (a part made by the client thread), sent as it is. */
async function request(
  url: string,
  init: { method?: string; body?: unknown; json?: string; token?: string },
) {
  const body = init.json ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const response = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return text;
}

async function main() {
  console.log(`bench:history at ${load()} on ${os.cpus().length} CPUs`);
  const bench = await startBenchApp();
  try {
    const { baseUrl } = bench;
    const db = bench.database.db;
    const client = pool(db);
    const signUp = async (name: string) => {
      const email = `${name}-${Date.now()}@example.com`;
      const answer = JSON.parse(
        await request(`${baseUrl}/api/register`, {
          body: {
            fullName: 'History Bench',
            email,
            contactNumber: '(555) 123-4567',
            country: 'USA',
            password: 'Quartz-Harbour-Lantern-42',
            confirmPassword: 'Quartz-Harbour-Lantern-42',
          },
        }),
      ) as { accessToken: string };
      const account = await client.query<{ account_id: string }>(
        'SELECT account_id FROM users WHERE email = $1',
        [email],
      );
      return { token: answer.accessToken, accountId: account.rows[0]!.account_id, email };
    };
    // Access tokens last 15 minutes: a slow run logs in again before the reads.
    const logIn = async (email: string) =>
      (
        JSON.parse(
          await request(`${baseUrl}/api/login`, { body: { email, password: 'Quartz-Harbour-Lantern-42' } }),
        ) as { accessToken: string }
      ).accessToken;
    const { token, accountId, email } = await signUp('history-bench');
    // The same catalogue without any history: the reference read, measured beside the other.
    const reference = await signUp('no-history-bench');
    const today = utcDayOf(Date.now());
    const lastDay = today - 1;
    const firstDay = lastDay - DAYS + 1;

    /**
     * A connection without the pool's time limits (guards for requests: 30 s on the server, 40 s
     * in the client, after which the client gives up while the statement runs on), for seeding
     * 6.3 million rows and recomputing every forecast on a loaded machine.
     */
    const unlimited = async () => {
      const connection = await client.connect();
      (
        connection as unknown as { connectionParameters: { query_timeout: number | false } }
      ).connectionParameters.query_timeout = false;
      await connection.query('SET statement_timeout = 0');
      return connection;
    };
    // The seed is not what is measured: foreign key checks are skipped (replica role) and rows
    // come in primary-key order (95 s at load 2 to 5, 168 to 384 s at 8 to 17, with the series).
    const seeder = await unlimited();
    await seeder.query("SET session_replication_role = 'replica'");
    const seedStep = (name: string) => console.log(`  seed: ${name} (${load()})`);
    const seed = await timed(async () => {
      for (const id of [accountId, reference.accountId]) {
        await seeder.query(
          `INSERT INTO products (account_id, msku, title, cost, sales_last_30_days, fba_quantity, inbound_quantity)
           SELECT $1, ${SQL_SKU('g')}, 'Bench product ' || g, 5 + g % 20, 30 + g % 50, g % 200, 0
           FROM generate_series(0, ${PRODUCTS - 1}) AS g`,
          [id],
        );
      }
      seedStep('products');
      await seeder.query(
        `INSERT INTO daily_sales (account_id, msku, day, units)
         SELECT $1, ${SQL_SKU('p')}, $2::date + d, (p + d * 7) % 5
         FROM generate_series(0, ${PRODUCTS - 1}) AS p
         CROSS JOIN LATERAL generate_series(0, ${DAYS - ORDER_DAYS - 1}) AS d`,
        [accountId, isoDay(firstDay)],
      );
      seedStep('daily rows');
      await seeder.query('ANALYZE daily_sales');
      // The packed series, built from the daily rows as the migration builds them.
      await rebuildSeries(seeder, accountId);
      seedStep('packed series');
    });
    await seeder.query('RESET session_replication_role');
    // The seed's aftermath is not measured either: 6.3 million fresh rows start an autovacuum and
    // leave dirty pages for a checkpoint, both of which ran during the ingest and took a core.
    const settled = await timed(async () => {
      await seeder.query('VACUUM (ANALYZE) daily_sales, history_series, products');
      await seeder.query('CHECKPOINT').catch(() => {});
    });
    seedStep(`vacuum and checkpoint in ${ms(settled.ms)}`);
    // Not reused by the pool: its limits are gone.
    seeder.release(true);
    console.log(
      `seed: ${PRODUCTS.toLocaleString('en-US')} products and ${(PRODUCTS * (DAYS - ORDER_DAYS)).toLocaleString('en-US')} daily rows in ${ms(seed.ms)} (${load()})`,
    );

    const readOnce = async (as: string) =>
      (await timed(() => request(`${baseUrl}/api/tables/restock/data?shape=columns`, { token: as }))).ms;

    // The client on a thread of its own, as the web's parse worker; the report is made before
    // the clock starts.
    // tsx's loader is not inherited by a worker thread: the thread registers it, then loads the client.
    const clientUrl = new URL('./history-client.ts', import.meta.url).href;
    const clientThread = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(clientUrl)}); })`,
      { eval: true, workerData: { lastDay, today } },
    );
    const messages: ClientMessage[] = [];
    let received: (() => void) | null = null;
    clientThread.on('message', (message: ClientMessage) => {
      messages.push(message);
      received?.();
    });
    const clientFailed = new Promise<never>((_, reject) => clientThread.once('error', reject));
    const next = async (): Promise<ClientMessage> => {
      while (messages.length === 0) {
        await Promise.race([new Promise<void>((resolve) => (received = resolve)), clientFailed]);
      }
      return messages.shift()!;
    };
    if ((await next()).type !== 'ready') throw new Error('the client thread did not start');
    phases.clear();
    let partsSent = 0;
    // The web's own uploader, its requests sent to the bench's server with the bench's token.
    const upload = new HistoryUpload('sales', undefined, async (path, init) =>
      JSON.parse(await request(`${baseUrl}${path}`, { ...init, token })),
    );
    upload.start();
    const started = performance.now();
    clientThread.postMessage('go');
    let parsed: Extract<ClientMessage, { type: 'done' }>['parsed'] | null = null;
    while (!parsed) {
      const message = await next();
      if (message.type === 'part') {
        upload.add(message.json);
        partsSent++;
      } else if (message.type === 'done') {
        parsed = message.parsed;
      }
    }
    const parseMs = performance.now() - started;
    const answer: HistoryImportResult = await upload.finish(parsed.columns);
    const totalMs = performance.now() - started;
    await clientThread.terminate();
    console.log(
      `ingest: ${ORDER_LINES.toLocaleString('en-US')} order lines → ${parsed.productDays.toLocaleString('en-US')} product-days: ` +
        `parse ${ms(parseMs)} (${partsSent} parts uploaded meanwhile), then the rest and the commit (forecasts included) ${ms(totalMs - parseMs)}, ` +
        `total ${ms(totalMs)} (budget 10 s)`,
    );
    console.log(`  answer: ${JSON.stringify(answer)} (${load()})`);
    printPhases(totalMs, 'other (the parse beside them, HTTP, JSON, validation, locks)');

    const recompute = async () => {
      const connection = await unlimited();
      try {
        await connection.query('BEGIN');
        const mskus = (
          await connection.query<{ msku: string }>('SELECT msku FROM products WHERE account_id = $1', [
            accountId,
          ])
        ).rows.map((row) => row.msku);
        const result = await timed(() => recomputeForecasts(connection, accountId, mskus));
        await connection.query('COMMIT');
        return result;
      } finally {
        connection.release(true);
      }
    };
    const runs: number[] = [];
    let written = 0;
    for (let i = 0; i < 3; i++) {
      phases.clear();
      const run = await recompute();
      runs.push(run.ms);
      written = run.result;
      console.log(`  recompute ${i + 1}: ${ms(run.ms)} (${load()})`);
      printPhases(run.ms);
    }
    console.log(
      `forecasts: ${written.toLocaleString('en-US')} recomputed from ${DAYS} days each in ${ms(median(runs))} (median of 3: ${runs.map(ms).join(', ')}; budget 3 s)`,
    );

    // Alternating reads of the two accounts, so that both see the same machine.
    const withHistory: number[] = [];
    const withoutHistory: number[] = [];
    const readToken = await logIn(email);
    const referenceToken = await logIn(reference.email);
    await readOnce(readToken);
    await readOnce(referenceToken);
    // Which account goes first alternates too: with a fixed order, two accounts of 10,000 products
    // and no forecasts at all read at a ratio of 1.25 (median of 7, load average 10).
    for (let i = 0; i < READS; i++) {
      if (i % 2 === 0) {
        withHistory.push(await readOnce(readToken));
        withoutHistory.push(await readOnce(referenceToken));
      } else {
        withoutHistory.push(await readOnce(referenceToken));
        withHistory.push(await readOnce(readToken));
      }
    }
    const readWith = median(withHistory);
    const readWithout = median(withoutHistory);
    console.log(
      `restock read (${PRODUCTS.toLocaleString('en-US')} rows, ?shape=columns, alternating, median of ${READS}): without history ${ms(readWithout)}, with history and forecasts ${ms(readWith)} (ratio ${(readWith / readWithout).toFixed(2)}; ${load()})`,
    );
    const range = await client.query<{ first: string; last: string; count: number }>(
      'SELECT min(day)::text AS first, max(day)::text AS last, count(*)::int AS count FROM daily_sales WHERE account_id = $1',
      [accountId],
    );
    console.log(
      `history: ${range.rows[0]!.count.toLocaleString('en-US')} daily rows from ${range.rows[0]!.first} to ${range.rows[0]!.last}`,
    );
    if (dayNumber(range.rows[0]!.last) !== lastDay) throw new Error('the ingest did not reach the last day');
  } finally {
    await bench.stop();
  }
}

runBench(main);
