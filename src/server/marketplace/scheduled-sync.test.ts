import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedSteps, type SyncView } from '../../core/marketplace/sync';
import { syncDepsOf } from '../app';
import { appJobs } from '../jobs/app-jobs';
import { signUp } from '../test-support/http-client';
import { accountIdOf } from '../test-support/products';
import {
  LISTINGS_HEADER,
  listingLine,
  type SpApiStandIn,
  STAND_IN_CREDENTIALS,
  startSpApiStandIn,
  summary,
} from '../test-support/sp-api-stand-in';
import { startTestApp, type TestApp } from '../test-support/test-app';
import {
  HOURLY_INVENTORY_CRON,
  hourlyInventorySyncJob,
  SCHEDULED_SYNC_CRON,
  scheduledSyncJob,
} from './scheduled-sync';
import { queueSync } from './sync-runner';

const FAST = { requestTimeoutMs: 1500, backoffMs: 5, maxWaitMs: 50 };
const silentLog = Fastify({ logger: { level: 'silent' } }).log;
let standIn: SpApiStandIn;
let t: TestApp;

beforeAll(async () => {
  standIn = await startSpApiStandIn();
  t = await startTestApp({
    marketplace: {
      secretKey: randomBytes(32),
      testingEndpoint: standIn.url,
      client: FAST,
      poll: { pollMs: 5 },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** The last signed-up owner, to read their sync through the API. */
let lastOwner: Awaited<ReturnType<typeof signUp>>;

async function owner(connected: boolean) {
  const signedUp = await signUp(t.baseUrl);
  lastOwner = signedUp;
  const accountId = await accountIdOf(t.pool, signedUp.email);
  if (connected) {
    const saved = await signedUp.client.put(
      '/api/marketplace/connection',
      { region: 'na', marketplaceId: 'ATVPDKIKX0DER', ...STAND_IN_CREDENTIALS },
      signedUp.token,
    );
    expect(saved.status).toBe(200);
  }
  return accountId;
}

const mskusOf = async (accountId: string) =>
  (
    await t.pool.query<{ msku: string }>('SELECT msku FROM products WHERE account_id = $1 ORDER BY msku', [
      accountId,
    ])
  ).rows.map((row) => row.msku);

const syncsOf = async (accountId: string) =>
  (
    await t.pool.query<{ trigger: string; state: string }>(
      'SELECT trigger, state FROM marketplace_syncs WHERE account_id = $1 ORDER BY created_at',
      [accountId],
    )
  ).rows;

const context = () => ({
  jobId: 'test',
  retryCount: 0,
  signal: new AbortController().signal,
  log: silentLog,
});
const runJob = () => scheduledSyncJob(syncDepsOf(t.app)).run({}, context());
const runHourly = () => hourlyInventorySyncJob(syncDepsOf(t.app)).run({}, context());

/** The accounts of earlier tests are left out of the schedules (disconnected, their syncs over). */
async function forgetOtherAccounts() {
  standIn.reset();
  await t.pool.query('DELETE FROM marketplace_connections');
  await t.pool.query(`UPDATE marketplace_syncs SET state = 'failed' WHERE state IN ('queued', 'running')`);
}

const stepsOf = async (accountId: string) =>
  (
    await t.pool.query<{ steps: { name: string; state: string }[] }>(
      'SELECT steps FROM marketplace_syncs WHERE account_id = $1 ORDER BY created_at',
      [accountId],
    )
  ).rows.map((row) => row.steps.map((step) => `${step.name}:${step.state}`));

describe('the scheduled marketplace sync', () => {
  it('is a background job of the app, daily, and the stock hourly', () => {
    const jobs = appJobs({ db: t.db, pool: t.pool, now: Date.now, sync: syncDepsOf(t.app) });
    const job = jobs.find((each) => each.name === 'marketplace-scheduled-sync');
    expect(job?.schedule).toEqual({ cron: SCHEDULED_SYNC_CRON, data: {} });
    expect(SCHEDULED_SYNC_CRON).toBe('15 3 * * *');
    const hourly = jobs.find((each) => each.name === 'marketplace-hourly-inventory');
    expect(hourly?.schedule).toEqual({ cron: HOURLY_INVENTORY_CRON, data: {} });
    expect(HOURLY_INVENTORY_CRON).toBe('45 * * * *');
  });

  it('syncs every connected account, and skips paused, disconnected and busy ones', async () => {
    standIn.state.inventory = [summary('SCHED-1', 'B0SCHED001', 9), summary('SCHED-2', 'B0SCHED002', 3)];
    standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = [
      LISTINGS_HEADER,
      listingLine('SCHED-1', 'Scheduled product', '12.00', 'B0SCHED001'),
    ].join('\n');
    const first = await owner(true);
    const second = await owner(true);
    const paused = await owner(true);
    await t.pool.query('UPDATE marketplace_connections SET paused_reason = $2 WHERE account_id = $1', [
      paused,
      'Amazon refused access.',
    ]);
    const disconnected = await owner(false);
    const busy = await owner(true);
    const running = await t.pool.query<{ id: string }>(
      `INSERT INTO marketplace_syncs (account_id, trigger, state, steps) VALUES ($1, 'manual', 'running', $2) RETURNING id`,
      [busy, JSON.stringify(queuedSteps())],
    );
    // Another copy is running that sync: it holds the sync's lock.
    const otherCopy = await t.pool.connect();
    await otherCopy.query("SELECT pg_advisory_lock(hashtextextended('replen.sync:' || $1, 0))", [
      running.rows[0]!.id,
    ]);

    try {
      await runJob();
    } finally {
      otherCopy.release(true);
    }

    for (const accountId of [first, second]) {
      expect(await mskusOf(accountId)).toEqual(['SCHED-1', 'SCHED-2']);
      expect(await syncsOf(accountId)).toEqual([{ trigger: 'schedule', state: 'done' }]);
    }
    for (const accountId of [paused, disconnected, busy]) expect(await mskusOf(accountId)).toEqual([]);
    expect(await syncsOf(paused)).toEqual([]);
    expect(await syncsOf(disconnected)).toEqual([]);
    expect(await syncsOf(busy)).toEqual([{ trigger: 'manual', state: 'running' }]);

    // A retry or a second run the same day does not sync the accounts it already synced.
    await runJob();
    expect(await syncsOf(first)).toHaveLength(1);
    expect(await syncsOf(second)).toHaveLength(1);
  });

  it('refreshes only the stock every hour, and not again within the hour', async () => {
    await forgetOtherAccounts();
    standIn.state.inventory = [summary('HOUR-1', 'B0HOUR0001', 4, [0, 2, 0])];
    const accountId = await owner(true);
    await runHourly();
    expect(await stepsOf(accountId)).toEqual([['inventory:done']]);
    expect(await mskusOf(accountId)).toEqual(['HOUR-1']);
    // Inventory summaries only: no report, catalog or fees call.
    expect(
      standIn.requests.filter((r) => r.path !== '/auth/o2/token' && !r.path.startsWith('/fba/inventory')),
    ).toEqual([]);

    await runHourly();
    expect(await stepsOf(accountId)).toHaveLength(1);
    // An hour later the stock again; the stock-only syncs do not count as the day's full sync.
    t.clock.advance(51 * 60 * 1000);
    try {
      await runHourly();
      await runJob();
    } finally {
      t.clock.advance(-51 * 60 * 1000);
    }
    const steps = await stepsOf(accountId);
    expect(steps.slice(0, 2)).toEqual([['inventory:done'], ['inventory:done']]);
    expect(steps[2]).toContain('listings:done');

    // The status panel: a full sync stands alone; a stock-only sync carries the last full one.
    const { client, token } = lastOwner;
    const afterFull = await client.get<SyncView>('/api/marketplace/sync', token);
    expect(afterFull.body.steps).toHaveLength(6);
    expect(afterFull.body.lastFullSync).toBeUndefined();
    t.clock.advance(2 * 60 * 60 * 1000);
    try {
      await runHourly();
    } finally {
      t.clock.advance(-2 * 60 * 60 * 1000);
    }
    const afterHourly = await client.get<SyncView>('/api/marketplace/sync', token);
    expect(afterHourly.body.steps.map((step) => step.name)).toEqual(['inventory']);
    expect(afterHourly.body.lastFullSync).toMatchObject({
      syncId: afterFull.body.syncId,
      state: 'done',
      steps: afterFull.body.steps,
    });
  });

  it('resumes a sync a killed copy left running, once its copy is gone, without partial rows', async () => {
    await forgetOtherAccounts();
    standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = [
      LISTINGS_HEADER,
      listingLine('KILL-1', 'Listed after the kill', '8.00', 'B0KILL0001'),
    ].join('\n');
    const accountId = await owner(true);
    const syncId = await queueSync(syncDepsOf(t.app), accountId, 'schedule');
    // The copy that ran it: it holds the sync's lock and is inside the listings step's transaction.
    const copy = await t.pool.connect();
    copy.on('error', () => {});
    await copy.query("SELECT pg_advisory_lock(hashtextextended('replen.sync:' || $1, 0))", [syncId]);
    await t.pool.query(
      `UPDATE marketplace_syncs SET state = 'running', started_at = now(),
         steps = jsonb_set(jsonb_set(steps, '{0,state}', '"done"'), '{1,state}', '"running"') WHERE id = $1`,
      [syncId],
    );
    await copy.query('BEGIN');
    await copy.query(
      `INSERT INTO products (account_id, msku, title) VALUES ($1, 'HALF-WRITTEN', 'never committed')`,
      [accountId],
    );

    // While that copy lives, the schedule leaves its sync to it.
    await runJob();
    expect(await syncsOf(accountId)).toEqual([{ trigger: 'schedule', state: 'running' }]);

    // The copy is killed: PostgreSQL ends its session, its transaction and its lock. Without a
    // timeout the call only signals the backend, which may still hold the lock when the job runs.
    const { pid } = (await copy.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!;
    const killed = await t.pool.query<{ gone: boolean }>('SELECT pg_terminate_backend($1, 10000) AS gone', [
      pid,
    ]);
    expect(killed.rows[0]!.gone).toBe(true);
    copy.release(true);

    await runJob();
    expect(await syncsOf(accountId)).toEqual([{ trigger: 'schedule', state: 'done' }]);
    expect(await stepsOf(accountId)).toEqual([
      ['inventory:done', 'listings:done', 'restock:done', 'catalog:done', 'fees:done', 'sales:done'],
    ]);
    // The step done before the kill is not run again; the one it stopped in ran from the start.
    expect(standIn.requests.filter((r) => r.path.startsWith('/fba/inventory'))).toEqual([]);
    expect(await mskusOf(accountId)).toEqual(['KILL-1']);
  });
});
