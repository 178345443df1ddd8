import { createHook } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/database';

/** The real app on an embedded PostgreSQL in a temp folder (or DATABASE_URL), for benchmarks. */
export async function startBenchApp(): Promise<{
  app: FastifyInstance;
  baseUrl: string;
  database: Awaited<ReturnType<typeof openDatabase>>;
  stop: () => Promise<void>;
}> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-bench-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const app = await buildApp({
    db: database.db,
    jwtSecret: new TextEncoder().encode('bench-secret-that-is-long-enough-for-hs256!!'),
    logLevel: 'silent',
    // Every limit a bench's own traffic from one address would reach: it measures the work, not the limits.
    limits: {
      loginPer15Min: 100_000,
      loginPerIpPer15Min: 100_000,
      registerPerHour: 100_000,
      earlyAccessPerHour: 100_000,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    stop: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const BENCH_PASSWORD = 'Granite-Harbor-Violet-42';

/** Registers a new seller through the API: their email, access token and account id. */
export async function registerBenchSeller(
  bench: Awaited<ReturnType<typeof startBenchApp>>,
  name = 'Bench Seller',
): Promise<{ email: string; accessToken: string; accountId: string }> {
  const email = `bench${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const register = await fetch(`${bench.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fullName: name,
      email,
      contactNumber: '5550102030',
      country: 'USA',
      password: BENCH_PASSWORD,
      confirmPassword: BENCH_PASSWORD,
    }),
  });
  const { accessToken } = (await register.json()) as { accessToken: string };
  const account = await bench.database.pool.query<{ account_id: string }>(
    'SELECT account_id FROM users WHERE email = $1',
    [email],
  );
  return { email, accessToken, accountId: account.rows[0]!.account_id };
}

/**
 * A new access token for a bench seller: a long run (a million rows) outlives the first one's
 * fifteen minutes, and a page loaded with an expired token shows no table.
 */
export async function logInBenchSeller(
  bench: Awaited<ReturnType<typeof startBenchApp>>,
  email: string,
): Promise<string> {
  const response = await fetch(`${bench.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`bench: log-in answered ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function timed<T>(run: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * BENCH_OPEN_HANDLES=1 records where each timer was made (an async hook slows every promise, so
 * only on demand), so that a timer still open at the end is named by its stack, not only "Timeout".
 */
const timerStacks = new Map<number, { timer: { hasRef?: () => boolean }; stack: string }>();
if (process.env.BENCH_OPEN_HANDLES === '1') {
  createHook({
    init(asyncId, type, _trigger, resource) {
      if (type !== 'Timeout') return;
      const frames = (new Error().stack ?? '').split('\n').slice(2);
      const stack = frames
        .filter((frame) => !frame.includes('(node:'))
        .slice(0, 6)
        .join('\n');
      timerStacks.set(asyncId, { timer: resource as { hasRef?: () => boolean }, stack });
    },
    destroy(asyncId) {
      timerStacks.delete(asyncId);
    },
  }).enable();
}

function openHandles(): string {
  const named = [...timerStacks.values()]
    .filter(({ timer }) => timer.hasRef?.() !== false)
    .map(({ stack }) => `Timeout made at\n${stack}`);
  return [...named, process.getActiveResourcesInfo().join(', ')].join('\n');
}

/**
 * Runs a bench and ends its process once the bench is done. Two long runs of `bench:history` sat
 * idle after their last line, their app and database stopped, on a handle left open: whatever is
 * still open five seconds later is named (with BENCH_OPEN_HANDLES=1, a timer by where it was made),
 * and the process exits with the bench's code.
 */
export function runBench(main: () => Promise<void>): void {
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => {
      setTimeout(() => {
        console.error(`bench: still open after the bench ended: ${openHandles()}`);
        process.exit();
      }, 5_000).unref();
    });
}

/**
 * The CPU time every process named `postgres` on this machine and its reaped children have used,
 * in milliseconds (the embedded server's, or a local server's); 0 where there is no /proc.
 */
export function postgresCpuMs(): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // Gone since the listing.
    }
    const nameEnd = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, nameEnd) !== 'postgres') continue;
    // After the name: state is field 3 of stat(5), so utime and stime (14 and 15) sit at 11 and
    // 12, and the reaped children's cutime and cstime (16 and 17) at 13 and 14: a backend that
    // exits leaves its time with the postmaster, so the sum never falls.
    const fields = stat.slice(nameEnd + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  // USER_HZ is 100 on Linux.
  return ticks * 10;
}
