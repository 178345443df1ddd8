import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedSteps } from '../../core/marketplace/sync';
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
import { SCHEDULED_SYNC_CRON, scheduledSyncJob } from './scheduled-sync';

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

async function owner(connected: boolean) {
  const signedUp = await signUp(t.baseUrl);
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

const runJob = () =>
  scheduledSyncJob(syncDepsOf(t.app)).run(
    {},
    { jobId: 'test', retryCount: 0, signal: new AbortController().signal, log: silentLog },
  );

describe('the scheduled marketplace sync', () => {
  it('is a background job of the app, daily', () => {
    const jobs = appJobs({ db: t.db, pool: t.pool, now: Date.now, sync: syncDepsOf(t.app) });
    const job = jobs.find((each) => each.name === 'marketplace-scheduled-sync');
    expect(job?.schedule).toEqual({ cron: SCHEDULED_SYNC_CRON, data: {} });
    expect(SCHEDULED_SYNC_CRON).toBe('15 3 * * *');
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
    await t.pool.query(
      `INSERT INTO marketplace_syncs (account_id, trigger, state, steps) VALUES ($1, 'manual', 'running', $2)`,
      [busy, JSON.stringify(queuedSteps())],
    );

    await runJob();

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
});
