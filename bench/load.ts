/**
 * `npm run bench:load` (DESIGN 8): autocannon at 50 connections for 10 s each on
 * the restock read (1,000 products; both answer shapes), a one-field PATCH and log-in, beside the same load on a bare
 * Fastify route in the same process; the ratio to the bare route is the figure. The load runs in a
 * child process so it does not share the server's event loop. Prints figures; asserts nothing.
 * Each load first runs for BENCH_WARMUP s (3 unless told) uncounted: in its first seconds V8 is still
 * compiling the server's paths (a PATCH load's first 2-3 s run at a third to a half of its later rate),
 * which a server that has served for a minute has done; that part's p99 is printed beside the rest.
 * BENCH_DURATION (s) and BENCH_CONNECTIONS override the defaults; DATABASE_URL uses that server;
 * BENCH_ONLY=PATCH (a label's first word; several with commas, ME,PATCH) runs those loads and the
 * bare reference only. Each run also prints, per request, the server's CPU, the CPU of every
 * PostgreSQL process on the machine (Linux) and the database's commits.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { demoProducts } from '../src/core/restock/demo-products';
import { replaceProducts } from '../src/server/restock/seed';
import { BENCH_PASSWORD, postgresCpuMs, registerBenchSeller, startBenchApp } from './support';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PRODUCTS = 1_000;
const ONLY = process.env.BENCH_ONLY;
const MIB = 1024 * 1024;

/** What one load run asks of the driver process. */
type Load = {
  url: string;
  method: 'GET' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
  /** PATCH: one editable field, round robin over these products, the value alternating each pass. */
  patch?: { paths: string[]; field: string; values: [unknown, unknown] };
};

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };

// The parts of autocannon (untyped) used here.
type AutocannonRequest = { method?: string; path?: string; body?: string; headers?: Record<string, string> };
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: Array<AutocannonRequest & { setupRequest?: (request: AutocannonRequest) => AutocannonRequest }>;
}) => Promise<AutocannonResult>;

/**
 * The child side: runs one load with autocannon, the warm-up then the counted part, and prints
 * each part's figures as a line of JSON as it ends (the parent starts counting at the first).
 */
async function drive(load: Load): Promise<void> {
  let sent = 0;
  if (WARMUP_S > 0)
    process.stdout.write(`${JSON.stringify(await runAutocannon(load, WARMUP_S, () => sent++))}\n`);
  process.stdout.write(`${JSON.stringify(await runAutocannon(load, DURATION_S, () => sent++))}\n`);
}

async function runAutocannon(load: Load, durationS: number, nextIndex: () => number): Promise<Figures> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const patch = load.patch;
  const result = await autocannon({
    url: load.url,
    connections: CONNECTIONS,
    duration: durationS,
    method: load.method,
    headers: load.headers,
    body: load.body,
    requests: patch
      ? [
          {
            method: 'PATCH',
            setupRequest: (request) => {
              const index = nextIndex();
              const value = patch.values[Math.floor(index / patch.paths.length) % 2];
              return {
                ...request,
                path: patch.paths[index % patch.paths.length],
                body: JSON.stringify({ [patch.field]: value }),
              };
            },
          },
        ]
      : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/**
 * The server side: runs the load in a child process, calls `startCounting` as the counted part
 * begins (after the warm-up) and samples this process's RSS meanwhile, warm-up included.
 */
function runLoad<Baseline>(
  load: Load,
  startCounting: () => Promise<Baseline>,
): Promise<{
  warmup?: Figures;
  counted: Figures;
  baseline: Baseline;
  rssPeak: number;
  rssEachSecond: number[];
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'drive'], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let rssPeak = process.memoryUsage().rss;
    const rssEachSecond: number[] = [];
    let ticks = 0;
    const sampler = setInterval(() => {
      const rss = process.memoryUsage().rss;
      rssPeak = Math.max(rssPeak, rss);
      if (++ticks % 10 === 0) rssEachSecond.push(rss);
    }, 100);
    let baseline = WARMUP_S > 0 ? undefined : startCounting();
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!baseline && output.includes('\n')) baseline = startCounting();
    });
    child.on('exit', async (code) => {
      clearInterval(sampler);
      if (code !== 0 || !baseline) return reject(new Error(`the load driver exited with ${code}`));
      const parts = output
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Figures);
      resolve({
        warmup: parts.length > 1 ? parts[0] : undefined,
        counted: parts.at(-1)!,
        baseline: await baseline,
        rssPeak,
        rssEachSecond,
      });
    });
    child.stdin.end(JSON.stringify(load));
  });
}

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function startBareRoute() {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  return { bare, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/bare` };
}

const mib = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number) => Math.round(value).toLocaleString('en-US');

async function main() {
  const bench = await startBenchApp();
  const { bare, url: bareUrl } = await startBareRoute();
  try {
    const { email, accessToken, accountId } = await registerBenchSeller(bench, 'Load Seller');
    const products = demoProducts(PRODUCTS);
    await replaceProducts(bench.database.db, accountId, products);
    const auth = { authorization: `Bearer ${accessToken}` };
    const json = { 'content-type': 'application/json' };

    const runs: Array<[string, Load]> = [
      ['bare Fastify GET /bare (reference)', { url: bareUrl, method: 'GET' }],
      // The app's own floor for a signed-in request: its hooks, the token and the session user.
      [
        'ME GET /api/me (session user only)',
        { url: `${bench.baseUrl}/api/me`, method: 'GET', headers: auth },
      ],
      [
        `GET /api/tables/restock/data (${num(PRODUCTS)} rows)`,
        { url: `${bench.baseUrl}/api/tables/restock/data`, method: 'GET', headers: auth },
      ],
      [
        `GET …/data?shape=columns (${num(PRODUCTS)} rows)`,
        { url: `${bench.baseUrl}/api/tables/restock/data?shape=columns`, method: 'GET', headers: auth },
      ],
      [
        'PATCH /api/tables/restock/data/:id (cost)',
        {
          url: bench.baseUrl,
          method: 'PATCH',
          headers: { ...auth, ...json },
          // No If-Match: every edit applies, so no 412s; each product's cost flips between two values.
          patch: {
            paths: products.map((product) => `/api/tables/restock/data/${encodeURIComponent(product.msku)}`),
            field: 'cost',
            values: [11.25, 12.5],
          },
        },
      ],
      [
        'POST /api/login (argon2id verify)',
        {
          url: `${bench.baseUrl}/api/login`,
          method: 'POST',
          headers: json,
          body: JSON.stringify({ email, password: BENCH_PASSWORD }),
        },
      ],
    ];

    const results: Array<
      [
        string,
        Figures & {
          warmupP99: number | undefined;
          rssPeak: number;
          rssEachSecond: number[];
          rssBefore: number;
          rssAfter: number;
          serverCpuUs: number;
          databaseCpuUs: number;
          commits: number;
        },
      ]
    > = [];
    const chosen = runs.filter(
      ([label], index) => !ONLY || index === 0 || ONLY.split(',').includes(label.split(' ')[0]!),
    );
    const commits = async () =>
      (
        await bench.database.pool.query<{ commits: number }>(
          'SELECT xact_commit AS commits FROM pg_stat_database WHERE datname = current_database()',
        )
      ).rows[0]!.commits;
    for (const [label, load] of chosen) {
      const rssBefore = process.memoryUsage().rss;
      const run = await runLoad(load, async () => ({
        commitsBefore: await commits(),
        databaseCpuBefore: postgresCpuMs(),
        cpuBefore: process.cpuUsage(),
      }));
      const { commitsBefore, databaseCpuBefore, cpuBefore } = run.baseline;
      const figures = run.counted;
      const cpu = process.cpuUsage(cpuBefore);
      const perRequest = {
        serverCpuUs: (cpu.user + cpu.system) / figures.total,
        databaseCpuUs: ((postgresCpuMs() - databaseCpuBefore) * 1000) / figures.total,
        // One less: the count's own statement.
        commits: ((await commits()) - commitsBefore - 1) / figures.total,
      };
      results.push([
        label,
        {
          ...figures,
          ...perRequest,
          warmupP99: run.warmup?.p99,
          rssPeak: run.rssPeak,
          rssEachSecond: run.rssEachSecond,
          rssBefore,
          rssAfter: process.memoryUsage().rss,
        },
      ]);
    }

    const reference = results[0]![1];
    console.log(
      `\nLoad: ${CONNECTIONS} connections × ${DURATION_S} s per row, after ${WARMUP_S} s of the same load not counted` +
        ' (its p99 in the last column); autocannon in its own process;' +
        ` server, PostgreSQL and load share this machine (${(await import('node:os')).availableParallelism()} cores).` +
        " Per request: the server process's CPU, every PostgreSQL process's CPU on the machine, and commits.\n",
    );
    console.log(
      `${pad('run', 44)}${pad('req/s', 9)}${pad('p50', 8)}${pad('p99', 8)}${pad('errors', 8)}${pad('non-2xx', 9)}${pad('req/s vs bare', 15)}${pad('p99 vs bare', 13)}${pad('server CPU', 12)}${pad('database CPU', 14)}${pad('commits', 9)}warm-up p99`,
    );
    for (const [label, f] of results) {
      console.log(
        `${pad(label, 44)}${pad(num(f.rps), 9)}${pad(`${f.p50} ms`, 8)}${pad(`${f.p99} ms`, 8)}` +
          `${pad(String(f.errors), 8)}${pad(String(f.non2xx), 9)}${pad(`${((100 * f.rps) / reference.rps).toFixed(1)}%`, 15)}` +
          `${pad(`${(f.p99 / Math.max(reference.p99, 1)).toFixed(1)}×`, 13)}${pad(`${num(f.serverCpuUs)} µs`, 12)}` +
          `${pad(`${num(f.databaseCpuUs)} µs`, 14)}${pad(f.commits.toFixed(2), 9)}${f.warmupP99 === undefined ? '-' : `${f.warmupP99} ms`}`,
      );
    }
    const login = results.find(([label]) => label.startsWith('POST /api/login'))?.[1];
    if (login) {
      console.log(
        `\nServer RSS around the log-in run (hashing bounded to 4 at a time): before ${mib(login.rssBefore)},` +
          ` peak ${mib(login.rssPeak)}, after ${mib(login.rssAfter)}.`,
      );
      console.log(
        `  each second of it: ${login.rssEachSecond.map((rss) => (rss / MIB).toFixed(0)).join(', ')} MiB` +
          ` (4 hashes × 19 MiB = 76 MiB at most; unbounded, ${CONNECTIONS} would need ${CONNECTIONS * 19} MiB).`,
      );
    }
    console.log(
      `Server RSS peaks per run: ${results.map(([label, f]) => `${label.split(' ')[0]} ${mib(f.rssPeak)}`).join(', ')}.`,
    );
  } finally {
    await bare.close();
    await bench.stop();
  }
}

if (process.argv[2] === 'drive') {
  await drive(JSON.parse(await readStdin()) as Load);
} else {
  await main();
}
