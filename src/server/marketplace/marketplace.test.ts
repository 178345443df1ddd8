import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoDay, utcDayOf } from '../../core/forecast/days';
import type { ConnectionView } from '../../core/marketplace/connection';
import type { SyncView } from '../../core/marketplace/sync';
import { aProduct } from '../../core/restock/test-products';
import { signUp } from '../test-support/http-client';
import { accountIdOf, insertProducts } from '../test-support/products';
import {
  catalogItem,
  LISTINGS_HEADER,
  listingLine,
  ORDERS_HEADER,
  orderLine,
  RESTOCK_HEADER,
  restockLine,
  type SpApiStandIn,
  STAND_IN_CREDENTIALS,
  STAND_IN_SELLER_ID,
  startSpApiStandIn,
  summary,
} from '../test-support/sp-api-stand-in';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { createSecretBox } from './secret-box';
import { queueUnfinishedSyncs, syncJob } from './sync-job';
import { queueSync, runSync, type SyncDeps } from './sync-runner';

const SECRET_KEY = randomBytes(32);
const FAST = { requestTimeoutMs: 1500, backoffMs: 5, maxWaitMs: 50 };
let standIn: SpApiStandIn;
let t: TestApp;
const log: string[] = [];

beforeAll(async () => {
  standIn = await startSpApiStandIn();
  t = await startTestApp({
    marketplace: { secretKey: SECRET_KEY, testingEndpoint: standIn.url, client: FAST, poll: { pollMs: 5 } },
    logStream: { write: (line) => void log.push(line) },
    // "Sync now" runs on the job queue; the schedules are tested on their own.
    jobs: (deps) => [syncJob(deps.sync)],
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => standIn.reset());

const CONNECTION = '/api/marketplace/connection';
const SYNC = '/api/marketplace/sync';
const connectBody = (overrides: Record<string, unknown> = {}) => ({
  region: 'na',
  marketplaceId: 'ATVPDKIKX0DER',
  ...STAND_IN_CREDENTIALS,
  ...overrides,
});

async function connectedOwner() {
  const owner = await signUp(t.baseUrl);
  const accountId = await accountIdOf(t.pool, owner.email);
  const saved = await owner.client.put(CONNECTION, connectBody(), owner.token);
  expect(saved.status).toBe(200);
  return { ...owner, accountId };
}

/** Starts a sync through the API and answers it once it is over. */
async function syncNow(owner: { client: Awaited<ReturnType<typeof signUp>>['client']; token: string }) {
  const started = await owner.client.post<{ syncId: string }>(SYNC, undefined, owner.token);
  expect(started.status).toBe(202);
  let last: SyncView | null = null;
  await expect
    .poll(
      async () => {
        last = (await owner.client.get<SyncView | null>(SYNC, owner.token)).body;
        return last?.state;
      },
      { timeout: 20_000, interval: 20 },
    )
    .toMatch(/^(done|failed)$/);
  expect(last!.syncId).toBe(started.body.syncId);
  return last!;
}

const stepOf = (sync: SyncView, name: string) => sync.steps.find((step) => step.name === name)!;

async function productsOf(accountId: string) {
  const result = await t.pool.query(
    `SELECT msku, asin, title, main_thumbnail, sales_last_30_days, referral_fee, fba_fee, fba_quantity, inbound_quantity, your_price, cost, supplier, marketplace, currency, version
     FROM products WHERE account_id = $1 ORDER BY msku`,
    [accountId],
  );
  return result.rows;
}

const secretsIn = (text: string) =>
  [STAND_IN_CREDENTIALS.clientSecret, STAND_IN_CREDENTIALS.refreshToken].filter((secret) =>
    text.includes(secret),
  );

describe('"Sync now" on the job queue', () => {
  it('hands the sync to the background job of its account, retried with back-off', async () => {
    const owner = await connectedOwner();
    standIn.state.inventory = [summary('Q-1', 'B0000000Q1', 2)];
    const sync = await syncNow(owner);
    expect(stepOf(sync, 'inventory')).toMatchObject({ state: 'done', rows: 1 });
    const jobsOf = async () =>
      (
        await t.pool.query(
          `SELECT data, singleton_key, state FROM pgboss.job WHERE name = 'marketplace-sync' AND data->>'accountId' = $1`,
          [owner.accountId],
        )
      ).rows;
    // The job completes a moment after the sync it ran is marked done.
    await expect
      .poll(jobsOf, { timeout: 10_000, interval: 50 })
      .toEqual([
        { data: { accountId: owner.accountId }, singleton_key: owner.accountId, state: 'completed' },
      ]);
    const queue = await t.pool.query(
      `SELECT retry_limit, retry_delay, retry_backoff FROM pgboss.queue WHERE name = 'marketplace-sync'`,
    );
    expect(queue.rows).toEqual([{ retry_limit: 3, retry_delay: 10, retry_backoff: true }]);
  });

  it('leaves no sync waiting when the job cannot be queued', async () => {
    const alone = await startTestApp({
      marketplace: { secretKey: SECRET_KEY, testingEndpoint: standIn.url },
    });
    try {
      const owner = await signUp(alone.baseUrl);
      await owner.client.put(CONNECTION, connectBody(), owner.token);
      const refused = await owner.client.post<{ message: string }>(SYNC, undefined, owner.token);
      expect([refused.status, refused.body.message]).toEqual([503, expect.stringMatching(/try again/)]);
      expect((await alone.pool.query('SELECT count(*)::int AS n FROM marketplace_syncs')).rows[0].n).toBe(0);
    } finally {
      await alone.close();
    }
  });
});

describe('the marketplace connection', () => {
  it('answers which secrets are set, never the secrets, and seals them at rest', async () => {
    const owner = await signUp(t.baseUrl);
    const before = await owner.client.get<ConnectionView>(CONNECTION, owner.token);
    expect(before.body).toMatchObject({
      connected: false,
      secrets: { clientSecret: 'not set', refreshToken: 'not set' },
    });

    const saved = await owner.client.put<ConnectionView>(CONNECTION, connectBody(), owner.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      connected: true,
      region: 'na',
      marketplaceId: 'ATVPDKIKX0DER',
      clientId: STAND_IN_CREDENTIALS.clientId,
      secrets: { clientSecret: 'set', refreshToken: 'set' },
      lastFour: STAND_IN_CREDENTIALS.refreshToken.slice(-4),
    });
    const read = await owner.client.get(CONNECTION, owner.token);
    expect(secretsIn(JSON.stringify(read.body) + JSON.stringify(saved.body))).toEqual([]);

    const stored = await t.pool.query('SELECT * FROM marketplace_connections');
    expect(secretsIn(JSON.stringify(stored.rows))).toEqual([]);
    expect(stored.rows[0].client_secret_sealed).toMatch(/^v1\./);

    const removed = await owner.client.del<ConnectionView>(CONNECTION, owner.token);
    expect(removed.body.connected).toBe(false);
    const left = await t.pool.query(
      'SELECT count(*)::int AS n FROM marketplace_connections WHERE account_id = $1',
      [await accountIdOf(t.pool, owner.email)],
    );
    expect(left.rows[0].n).toBe(0);
  });

  it('names the missing or malformed field', async () => {
    const owner = await signUp(t.baseUrl);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ clientSecret: undefined }, /LWA client secret is required/],
      [{ refreshToken: 'abc' }, /Refresh token must start with Atzr\|/],
      [{ clientId: 'someone' }, /LWA client id/],
      [{ region: 'mars' }, /Region/],
      [{ marketplaceId: 'A1PA6795UKMFR9' }, /Marketplace Germany is not in North America/],
      [{ marketplaceId: 'NOPE' }, /Marketplace is not a marketplace id/],
    ];
    for (const [change, message] of cases) {
      const response = await owner.client.put<{ message: string }>(
        CONNECTION,
        connectBody(change),
        owner.token,
      );
      expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
  });

  it('tests the connection: accepted, then refused once the token is revoked', async () => {
    const owner = await connectedOwner();
    const ok = await owner.client.post<{ ok: boolean; message: string }>(
      `${CONNECTION}/test`,
      undefined,
      owner.token,
    );
    expect(ok.body).toEqual({
      ok: true,
      message: 'Connected: Amazon accepted the credentials for United States.',
    });
    standIn.state.revoked = true;
    const refused = await owner.client.post<{ ok: boolean; message: string }>(
      `${CONNECTION}/test`,
      undefined,
      owner.token,
    );
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toMatch(/Amazon refused the refresh token/);
  });

  it('refuses a sync before a connection exists, and a second sync while one runs', async () => {
    const owner = await signUp(t.baseUrl);
    const early = await owner.client.post<{ message: string }>(SYNC, undefined, owner.token);
    expect([early.status, early.body.message]).toEqual([
      409,
      expect.stringMatching(/Connect a marketplace account first/),
    ]);
    await owner.client.put(CONNECTION, connectBody(), owner.token);
    // Amazon holds the first inventory answer for a second: the sync is surely still running.
    standIn.state.faults.push({ prefix: '/fba/inventory', fault: { kind: 'slow', ms: 1000 } });
    const first = await owner.client.post(SYNC, undefined, owner.token);
    const second = await owner.client.post<{ message: string }>(SYNC, undefined, owner.token);
    expect([first.status, second.status]).toEqual([202, 409]);
    expect(second.body.message).toBe('A sync of this account is already running');
    await expect
      .poll(async () => (await owner.client.get<SyncView>(SYNC, owner.token)).body.state, {
        timeout: 20_000,
        interval: 20,
      })
      .toMatch(/done|failed/);
  });
});

describe('a sync against the stand-in', () => {
  it('writes inventory, listings and daily sales, and leaves the seller’s own fields alone', async () => {
    const owner = await connectedOwner();
    await insertProducts(t.pool, owner.accountId, [
      aProduct({ msku: 'KEEP-1', cost: 4.5, supplier: 'Acme', your_price: 10, fba_quantity: 3 }),
    ]);
    const [{ version: versionBefore }] = (await productsOf(owner.accountId)) as [{ version: number }];
    standIn.state.inventory = [
      summary('KEEP-1', 'B00KEEP001', 40, [1, 2, 3]),
      summary('NEW-2', 'B00NEW0002', 7),
      summary('NEW-3', 'B00NEW0003', 0, [0, 12, 0]),
    ];
    standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = [
      LISTINGS_HEADER,
      listingLine('KEEP-1', 'Kept product', '19.99', 'B00KEEP001'),
      listingLine('NEW-2', 'Second product', '7.50', 'B00NEW0002'),
    ].join('\n');
    standIn.state.reports.GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT = [
      RESTOCK_HEADER,
      restockLine('KEEP-1', 'B00KEEP001', 25),
      restockLine('NEW-3', 'B00NEW0003', 0),
    ].join('\n');
    standIn.state.catalog = [
      catalogItem('B00KEEP001', 'Catalog title not used', 'https://m.media-amazon.com/images/I/keep'),
      catalogItem(
        'B00NEW0003',
        'Third product from the catalog',
        'https://m.media-amazon.com/images/I/third',
      ),
    ];
    standIn.state.fees = { 'KEEP-1': { referralRate: 0.15, fba: 4.1 } };
    const day = (back: number) => isoDay(utcDayOf(t.clock.now) - back);
    standIn.state.reports.GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL = [
      ORDERS_HEADER,
      orderLine('111-1', `${day(3)}T18:00:00+00:00`, 'KEEP-1', 2),
      orderLine('111-2', `${day(3)}T19:00:00+00:00`, 'KEEP-1', 1),
      orderLine('111-3', `${day(2)}T19:00:00+00:00`, 'NEW-2', 4),
      orderLine('111-4', `${day(2)}T19:00:00+00:00`, 'NEW-2', 9, 'Cancelled'),
      orderLine('111-5', `${day(2)}T19:00:00+00:00`, 'ONLY-SOLD', 1),
    ].join('\n');

    const sync = await syncNow(owner);
    expect(sync.state).toBe('done');
    expect(stepOf(sync, 'inventory')).toMatchObject({ state: 'done', rows: 3, created: 2, error: null });
    expect(stepOf(sync, 'listings')).toMatchObject({ state: 'done', rows: 2, created: 0 });
    expect(stepOf(sync, 'restock')).toMatchObject({ state: 'done', rows: 2, created: 0 });
    expect(stepOf(sync, 'catalog')).toMatchObject({ state: 'done', rows: 2, created: 0 });
    expect(stepOf(sync, 'fees')).toMatchObject({ state: 'done', rows: 1, created: 0 });
    expect(stepOf(sync, 'sales')).toMatchObject({ state: 'done', rows: 3, created: 1 });

    const products = await productsOf(owner.accountId);
    expect(products.map((p) => p.msku)).toEqual(['KEEP-1', 'NEW-2', 'NEW-3', 'ONLY-SOLD']);
    expect(products[0]).toMatchObject({
      asin: 'B00KEEP001',
      title: 'Kept product',
      main_thumbnail: 'https://m.media-amazon.com/images/I/keep-small.jpg',
      // Fulfillable 40 and 1 reserved (being picked, moved or checked): still in Amazon's warehouses.
      fba_quantity: 41,
      inbound_quantity: 6,
      your_price: 19.99,
      sales_last_30_days: 25,
      referral_fee: 3,
      fba_fee: 4.1,
      cost: 4.5,
      supplier: 'Acme',
    });
    expect(products[0].version).toBeGreaterThan(versionBefore);
    expect(products[2]).toMatchObject({
      sales_last_30_days: 0,
      fba_quantity: 1,
      inbound_quantity: 12,
      marketplace: 'US',
      currency: 'USD',
    });

    const sales = await t.pool.query(
      'SELECT msku, day::text, units FROM daily_sales WHERE account_id = $1 ORDER BY msku',
      [owner.accountId],
    );
    expect(sales.rows).toEqual([
      { msku: 'KEEP-1', day: day(3), units: 3 },
      { msku: 'NEW-2', day: day(2), units: 4 },
      { msku: 'ONLY-SOLD', day: day(2), units: 1 },
    ]);
    const forecasts = await t.pool.query('SELECT count(*)::int AS n FROM forecasts WHERE account_id = $1', [
      owner.accountId,
    ]);
    expect(forecasts.rows[0].n).toBe(3);

    // Settings → Account shows the seller id Amazon named in the fee estimates.
    const account = await owner.client.get<{ marketplaceSellerId: string | null }>(
      '/api/account',
      owner.token,
    );
    expect(account.body.marketplaceSellerId).toBe(STAND_IN_SELLER_ID);
    const connection = await owner.client.get<ConnectionView>(CONNECTION, owner.token);
    expect(connection.body.sellerId).toBe(STAND_IN_SELLER_ID);

    // Paged inventory (2 a page), a GZIP document, and the secrets only ever sent to the token endpoint.
    expect(standIn.requests.filter((r) => r.path === '/fba/inventory/v1/summaries')).toHaveLength(2);
    for (const request of standIn.requests.filter((r) => r.path !== '/auth/o2/token')) {
      expect(secretsIn(JSON.stringify(request))).toEqual([]);
    }

    // A second sync with nothing new changes nothing and bumps no version.
    standIn.state.sellerId = 'A9ANOTHERSELLER';
    const again = await syncNow(owner);
    // The seller id is set once: a later answer does not change it.
    expect(
      (await owner.client.get<{ marketplaceSellerId: string }>('/api/account', owner.token)).body,
    ).toMatchObject({ marketplaceSellerId: STAND_IN_SELLER_ID });
    expect(again.steps.map((step) => [step.name, step.rows])).toEqual([
      ['inventory', 0],
      ['listings', 0],
      ['restock', 0],
      ['catalog', 0],
      ['fees', 0],
      ['sales', 3],
    ]);
  });

  it('rides out 429s (honouring the rate headers), 5xx and an expired token; reads plain documents', async () => {
    const owner = await connectedOwner();
    standIn.state.inventory = [summary('A-1', 'B0000000A1', 5)];
    standIn.state.gzip = false;
    standIn.state.expireNextToken = true;
    standIn.state.faults.push(
      { prefix: '/fba/inventory', fault: { kind: 'throttle', rate: 40 } },
      { prefix: '/fba/inventory', fault: { kind: 'throttle', rate: 2, retryAfter: 0.01 } },
      { prefix: '/reports', fault: { kind: 'status', status: 503 } },
      { prefix: '/reports', fault: { kind: 'status', status: 500 } },
    );
    standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = [
      LISTINGS_HEADER,
      listingLine('A-1', 'Plain', '3.00', 'B0000000A1'),
    ].join('\n');
    const sync = await syncNow(owner);
    expect(sync.steps.map((step) => [step.name, step.state, step.error])).toEqual([
      ['inventory', 'done', null],
      ['listings', 'done', null],
      ['restock', 'done', null],
      ['catalog', 'done', null],
      ['fees', 'done', null],
      ['sales', 'done', null],
    ]);
    expect((await productsOf(owner.accountId))[0]).toMatchObject({ fba_quantity: 6, title: 'Plain' });
    expect(standIn.requests.filter((r) => r.path === '/auth/o2/token').length).toBe(2);
  });

  it('says in plain words when Amazon keeps throttling, fails a report or sends unexpected columns', async () => {
    const owner = await connectedOwner();
    standIn.state.inventory = [summary('A-1', 'B0000000A1', 5)];
    for (let i = 0; i < 5; i++)
      standIn.state.faults.push({ prefix: '/fba/inventory', fault: { kind: 'throttle' } });
    standIn.state.reportOutcome = {
      GET_MERCHANT_LISTINGS_ALL_DATA: 'FATAL',
      GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL: 'CANCELLED',
      GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT: 'FATAL',
    };
    const sync = await syncNow(owner);
    expect(sync.state).toBe('failed');
    expect(stepOf(sync, 'inventory').error).toMatch(/Amazon kept asking us to slow down \(429\)/);
    expect(stepOf(sync, 'listings').error).toMatch(
      /Amazon could not build the All Listings report \(FATAL\)/,
    );
    expect(stepOf(sync, 'sales').error).toMatch(/Amazon cancelled the All Orders report/);
    expect(stepOf(sync, 'restock').error).toMatch(/Amazon could not build the Restock report \(FATAL\)/);
    expect(await productsOf(owner.accountId)).toEqual([]);

    standIn.reset();
    standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = 'sku\tname\nA-1\tNo price column';
    standIn.state.reports.GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT = 'Merchant SKU\tAvailable\nA-1\t3';
    const odd = await syncNow(owner);
    expect(stepOf(odd, 'restock').error).toBe(
      'The Restock report Amazon sent lacks the column Units Sold Last 30 Days; nothing was written',
    );
    expect(stepOf(odd, 'listings').error).toBe(
      'The listings report Amazon sent lacks the columns seller-sku, item-name, price, asin1; nothing was written',
    );
  });

  it('writes no listing at all when one row cannot be stored', async () => {
    const owner = await connectedOwner();
    standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = [
      LISTINGS_HEADER,
      listingLine('OK-1', 'Fine', '1.00', 'B000000OK1'),
      listingLine('OK-2', 'Fine too', '2.00', 'B000000OK2'),
      listingLine('BAD-3', 'Broken \u0000 title', '3.00', 'B00000BAD3'),
    ].join('\n');
    const sync = await syncNow(owner);
    expect(stepOf(sync, 'listings')).toMatchObject({ state: 'failed' });
    expect(stepOf(sync, 'sales').state).toBe('done');
    expect(await productsOf(owner.accountId)).toEqual([]);
  });

  it('stops and pauses the connection when Amazon refuses access (403)', async () => {
    const owner = await connectedOwner();
    standIn.state.forbidden = true;
    const sync = await syncNow(owner);
    expect(sync.steps.every((step) => step.state === 'failed')).toBe(true);
    expect(stepOf(sync, 'sales').error).toMatch(/Amazon refused access/);
    expect(standIn.requests.filter((r) => r.path.startsWith('/reports'))).toEqual([]);
    const connection = await owner.client.get<ConnectionView>(CONNECTION, owner.token);
    expect(connection.body.pausedReason).toMatch(/Scheduled syncs are paused/);
  });

  it('fails a step on a slow or unreachable Amazon within the time limit', async () => {
    const owner = await connectedOwner();
    standIn.state.faults.push(
      { prefix: '/fba/inventory', fault: { kind: 'slow', ms: 5000 } },
      { prefix: '/fba/inventory', fault: { kind: 'slow', ms: 5000 } },
    );
    const sync = await syncNow(owner);
    expect(stepOf(sync, 'inventory').error).toMatch(/^Could not reach Amazon \(127\.0\.0\.1:\d+\)/);
    expect(stepOf(sync, 'inventory').durationMs).toBeLessThan(30_000);
    expect(stepOf(sync, 'listings').state).toBe('done');
  });

  it('never logs a secret', async () => {
    const owner = await connectedOwner();
    await owner.client.post(`${CONNECTION}/test`, undefined, owner.token);
    standIn.state.revoked = true;
    await syncNow(owner);
    expect(log.length).toBeGreaterThan(0);
    expect(secretsIn(log.join('\n'))).toEqual([]);
  });
});

describe('syncs across app copies', () => {
  const depsOf = (): SyncDeps => ({
    db: t.db,
    box: createSecretBox(SECRET_KEY),
    now: () => t.clock.now,
    client: { ...FAST, testingEndpoint: standIn.url },
    poll: { pollMs: 5, maxPolls: 100, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) },
    logError: () => {},
  });

  it('runs one sync once when two copies pick it up', async () => {
    const owner = await connectedOwner();
    standIn.state.inventory = [summary('A-1', 'B0000000A1', 5)];
    const syncId = await queueSync(depsOf(), owner.accountId, 'schedule');
    const ran = await Promise.all([runSync(depsOf(), syncId), runSync(depsOf(), syncId)]);
    expect(ran.sort()).toEqual([false, true]);
    expect(
      standIn.requests.filter((r) => r.path === '/reports/2021-06-30/reports' && r.method === 'POST'),
    ).toHaveLength(3);
    expect(await runSync(depsOf(), syncId)).toBe(false);
  });

  it('resumes a sync a stopped copy left half-way, without running its finished steps again', async () => {
    const owner = await connectedOwner();
    standIn.state.reports.GET_MERCHANT_LISTINGS_ALL_DATA = [
      LISTINGS_HEADER,
      listingLine('R-1', 'Resumed', '5.00', 'B0000000R1'),
    ].join('\n');
    const syncId = await queueSync(depsOf(), owner.accountId, 'manual');
    // What a copy killed inside the listings step leaves: inventory done, listings marked running.
    await t.pool.query(
      `UPDATE marketplace_syncs SET state = 'running', steps = jsonb_set(jsonb_set(steps, '{0,state}', '"done"'), '{1,state}', '"running"') WHERE id = $1`,
      [syncId],
    );
    // A copy that starts hands it to the sync job (as the server does when it is ready).
    expect(await queueUnfinishedSyncs(depsOf(), t.jobs!)).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          (await t.pool.query('SELECT state FROM marketplace_syncs WHERE id = $1', [syncId])).rows[0].state,
        { timeout: 20_000, interval: 20 },
      )
      .toBe('done');
    expect(standIn.requests.filter((r) => r.path.startsWith('/fba/inventory'))).toEqual([]);
    expect((await productsOf(owner.accountId)).map((p) => p.title)).toEqual(['Resumed']);
  });
});
