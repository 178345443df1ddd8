import Fastify from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPool } from '../db/pool';
import { pollUntil } from '../resilience/processes';
import { createTestDatabase } from '../test-support/test-app';
import { type AnyJobDefinition, defineJob } from './define-job';
import { type JobRunner, startJobRunner } from './job-runner';

const silentLog = Fastify({ logger: { level: 'silent' } }).log;
const numbered = z.object({ n: z.number().int() });
const keyed = z.object({ account: z.string(), n: z.number().int() });

/** Two app copies on one database: two runners, each with its own pool, as two processes would have. */
describe('background jobs on two app copies', () => {
  let database: { url: string; drop: () => Promise<void> };
  const pools: pg.Pool[] = [];
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    for (const pool of pools) await pool.end();
    await database.drop();
  });

  async function startCopy(jobs: AnyJobDefinition[]) {
    const pool = createPool(database.url, 4);
    pools.push(pool);
    const runner = await startJobRunner({
      connectionString: database.url,
      pool,
      jobs,
      log: silentLog,
      pollingIntervalSeconds: 0.5,
      busyKeyDelaySeconds: 1,
    });
    runners.push(runner);
    return { runner, pool };
  }

  it('runs each queued job exactly once, on whichever copy takes it', async () => {
    const runs: Array<{ copy: string; n: number }> = [];
    const countedOn = (copy: string) =>
      defineJob({
        name: 'count-runs',
        schema: numbered,
        run: async ({ n }) => {
          runs.push({ copy, n });
        },
      });
    const a = await startCopy([countedOn('a')]);
    await startCopy([countedOn('b')]);

    const job = countedOn('a');
    for (let n = 0; n < 12; n++) expect(await a.runner.enqueue(job, { n })).toEqual(expect.any(String));

    await pollUntil(
      async () => {
        const { rows } = await a.pool.query<{ done: number }>(
          "SELECT count(*)::int AS done FROM pgboss.job WHERE name = 'count-runs' AND state = 'completed'",
        );
        return rows[0]!.done === 12;
      },
      { timeoutMs: 30_000, what: 'twelve completed runs' },
    );
    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
    // Both copies are workers: each took some of the runs.
    expect(new Set(runs.map((run) => run.copy))).toEqual(new Set(['a', 'b']));
  }, 40_000);

  it('runs one job at a time per key: a busy key waits, other keys run, a second waiting run adds nothing', async () => {
    const events: string[] = [];
    let releaseFirst = () => {};
    const firstMayEnd = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const syncJob = defineJob({
      name: 'sync-account',
      schema: keyed,
      oneAtATimePer: (data) => data.account,
      run: async ({ account, n }) => {
        events.push(`start ${account}${n}`);
        if (account === 'x' && n === 1) await firstMayEnd;
        events.push(`end ${account}${n}`);
      },
    });
    const a = await startCopy([syncJob]);
    await startCopy([syncJob]);

    expect(await a.runner.enqueue(syncJob, { account: 'x', n: 1 })).toEqual(expect.any(String));
    await pollUntil(() => events.includes('start x1'), { timeoutMs: 10_000, what: 'x1 to start' });
    // x1 runs: one more run of x may wait, a third is the same sync and is not queued.
    expect(await a.runner.enqueue(syncJob, { account: 'x', n: 2 })).toEqual(expect.any(String));
    expect(await a.runner.enqueue(syncJob, { account: 'x', n: 3 })).toBeNull();
    expect(await a.runner.enqueue(syncJob, { account: 'y', n: 1 })).toEqual(expect.any(String));
    await pollUntil(() => events.includes('end y1'), { timeoutMs: 10_000, what: 'y1 to run beside x1' });
    // x2 was taken by a copy meanwhile (polling every 0.5 s), found x busy and went back to wait.
    await pollUntil(
      async () => {
        const { rows } = await a.pool.query(
          "SELECT 1 FROM pgboss.job WHERE name = 'sync-account' AND singleton_key = 'x' AND state = 'completed'",
        );
        return rows.length > 0;
      },
      { timeoutMs: 10_000, what: 'a run of x to be put back while x1 runs' },
    );
    expect(events).not.toContain('start x2');

    releaseFirst();
    await pollUntil(() => events.includes('end x2'), { timeoutMs: 15_000, what: 'x2 to run after x1' });
    expect(events.indexOf('start x2')).toBeGreaterThan(events.indexOf('end x1'));
    expect(events.filter((event) => event.startsWith('start'))).toHaveLength(3);
  }, 40_000);

  it('retries a failing job with exponential backoff', async () => {
    const attempts: Array<{ retryCount: number; at: number }> = [];
    const flaky = defineJob({
      name: 'flaky',
      schema: numbered,
      retry: { limit: 2, delaySeconds: 1 },
      run: async (_data, { retryCount }) => {
        attempts.push({ retryCount, at: Date.now() });
        if (retryCount < 2) throw new Error('not yet');
      },
    });
    const a = await startCopy([flaky]);
    const id = await a.runner.enqueue(flaky, { n: 1 });

    await pollUntil(
      async () => {
        const { rows } = await a.pool.query(
          "SELECT state FROM pgboss.job WHERE id = $1 AND state = 'completed'",
          [id],
        );
        return rows.length === 1;
      },
      { timeoutMs: 20_000, what: 'the third attempt to complete' },
    );
    expect(attempts.map((attempt) => attempt.retryCount)).toEqual([0, 1, 2]);
    // Waits of 1..2 s, then 2..4 s (delay × 2^retry, with jitter).
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(2000);
  }, 30_000);

  it('keeps a job schedule in the database across restarts, and drops it when the job no longer has one', async () => {
    const nightly = (schedule?: { cron: string; data: { n: number } }) =>
      defineJob({ name: 'nightly', schema: numbered, schedule, run: async () => {} });
    const first = await startCopy([nightly({ cron: '0 3 * * *', data: { n: 7 } })]);
    await first.runner.stop();
    const stored = await first.pool.query("SELECT cron, data FROM pgboss.schedule WHERE name = 'nightly'");
    expect(stored.rows).toEqual([{ cron: '0 3 * * *', data: { n: 7 } }]);

    const restarted = await startCopy([nightly({ cron: '0 3 * * *', data: { n: 7 } })]);
    expect(
      (await restarted.pool.query("SELECT 1 FROM pgboss.schedule WHERE name = 'nightly'")).rows,
    ).toHaveLength(1);
    await restarted.runner.stop();

    const unscheduled = await startCopy([nightly()]);
    expect(
      (await unscheduled.pool.query("SELECT 1 FROM pgboss.schedule WHERE name = 'nightly'")).rows,
    ).toEqual([]);
  });

  it('refuses to queue a job that is not registered, or data that does not fit its schema', async () => {
    const known = defineJob({ name: 'known', schema: numbered, run: async () => {} });
    const unknown = defineJob({ name: 'unknown', schema: numbered, run: async () => {} });
    const a = await startCopy([known]);
    await expect(a.runner.enqueue(unknown, { n: 1 })).rejects.toThrow('unknown is not registered');
    await expect(a.runner.enqueue(known, { n: 1.5 } as { n: number })).rejects.toThrow();
  });

  it('tells a running job to stop when the app stops, within the stop wait', async () => {
    let sawStop = false;
    const long = defineJob({
      name: 'long',
      schema: numbered,
      run: async (_data, { signal }) => {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        sawStop = signal.aborted;
        throw new Error('stopped by the app');
      },
    });
    const a = await startCopy([long]);
    const id = await a.runner.enqueue(long, { n: 1 });
    await pollUntil(
      async () =>
        (await a.pool.query("SELECT 1 FROM pgboss.job WHERE id = $1 AND state = 'active'", [id])).rows[0],
      { timeoutMs: 10_000, what: 'the long job to start' },
    );
    const started = Date.now();
    await a.runner.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sawStop).toBe(true);
    // It goes back to the queue, for a copy that is up.
    const { rows } = await a.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(rows[0]?.state).toBe('retry');
  });
});
