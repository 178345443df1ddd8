import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeAccessMap, type SelectedAccessItems } from '../../core/access/access-map';
import type { SchemaLevel } from '../../core/access/levels';
import { can, PERMISSIONS, type Permission } from '../../core/access/permissions';
import { COMPONENT_PATHS, type ComponentPath } from '../../core/access/registry';
import type { BuyList } from '../../core/buy-list/schemas';
import type { Role } from '../../core/roles';
import { syncJob } from '../marketplace/sync-job';
import { type ApiResponse, addMemberAndLogIn, type Client, createClient } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { collectApiRoutes, fillPath, routeKey, takesRowId } from './route-table';
import {
  createPurchaseOrder,
  createSellerAccount,
  insertBuyListProduct,
  insertMember,
  type SellerAccount,
  setRole,
} from './seller-accounts';
import { VALID_BODIES } from './valid-bodies';

/*
 * Every API route × every kind of caller × (own row, another account's
 * row), against the table below. Members are view-only while their account has saved no access
 * schema (DESIGN 6); owners are `admin`; `beta` and `dev` rank above them; the stranger owns
 * another account. Another account's row answers 404 and is left as it was (DESIGN 6, 7).
 * Then members of an account with a custom schema: each registry entry in turn Restricted, Can
 * View and Can Edit (everything else Can Edit) against every route of its area, so an entry that
 * guards nothing, or a route that checks the wrong entry, fails.
 */

const ACTORS = ['anonymous', 'member', 'admin', 'beta', 'dev', 'stranger'] as const;
type ActorName = (typeof ACTORS)[number];
/** A member of a third account whose owner saves a custom access schema before each check. */
type Caller = ActorName | 'custom';
type Outcome = '2xx' | 401 | 403 | 404;
type Expectation = Readonly<Record<ActorName, Outcome>>;

const OK = '2xx';
const EVERYONE: Expectation = { anonymous: OK, member: OK, admin: OK, beta: OK, dev: OK, stranger: OK };
const SIGNED_IN: Expectation = { ...EVERYONE, anonymous: 401 };
/** Writes need level 2 (members have 1 by default) or the admin role (members are `user`). */
const EDITORS: Expectation = { ...SIGNED_IN, member: 403 };
const STAFF: Expectation = { anonymous: 401, member: 403, admin: 403, beta: 403, dev: OK, stranger: 403 };
/** Another account's row: wherever the caller would succeed, the row does not exist for them. */
const hidden = (expectation: Expectation): Expectation =>
  Object.fromEntries(
    ACTORS.map((actor) => [actor, expectation[actor] === OK ? 404 : expectation[actor]]),
  ) as unknown as Expectation;

type RowKind = 'product' | 'buy-line' | 'purchase-order' | 'member' | 'import' | 'history-upload';

type Entry = {
  expect: Expectation | { own: Expectation; foreign: Expectation };
  /** The kind of row the route's id names; `consumes` when a success uses the row up. */
  row?: { kind: RowKind; consumes?: true };
  /** The route ends or rotates the caller's session: each cell gets a user and session of its own. */
  freshSession?: true;
  /** The named permission the route's guard asks for (members with custom schemas are held to it). */
  permission?: Permission;
  /** Puts the caller's account in the state a success needs, before each cell. */
  prepare?: (account: SellerAccount) => Promise<void>;
};

/** The account connected to a marketplace, with no sync waiting or running (one at a time). */
async function connectedAndIdle(account: SellerAccount) {
  const saved = await createClient(t.baseUrl).put(
    '/api/marketplace/connection',
    VALID_BODIES['PUT /api/marketplace/connection']!({} as never),
    account.ownerToken,
  );
  expect(saved.status).toBe(200);
  await expect
    .poll(
      async () =>
        (
          await t.pool.query(
            "SELECT count(*)::int AS n FROM marketplace_syncs WHERE account_id = $1 AND state IN ('queued', 'running')",
            [account.id],
          )
        ).rows[0].n,
      { timeout: 30_000, interval: 20 },
    )
    .toBe(0);
}

const rowRoute = (
  kind: RowKind,
  expectation: Expectation,
  options: { consumes?: true; permission?: Permission } = {},
) => {
  const { permission, ...row } = options;
  return { expect: { own: expectation, foreign: hidden(expectation) }, row: { kind, ...row }, permission };
};

/**
 * The expected table. A route the app registers without an entry here fails the first test.
 * Each request carries a valid body (valid-bodies.ts), so a 2xx is possible wherever it is allowed.
 */
const MATRIX: Readonly<Record<string, Entry>> = {
  'DELETE /api/account/members/:id': rowRoute('member', EDITORS, {
    consumes: true,
    permission: 'members.manage',
  }),
  'DELETE /api/buy-list/:msku': rowRoute('buy-line', EDITORS, {
    consumes: true,
    permission: 'buy-list.edit',
  }),
  'DELETE /api/dynamic/history-uploads/:id': rowRoute('history-upload', EDITORS, {
    consumes: true,
    permission: 'restock.import',
  }),
  'GET /api/account': { expect: SIGNED_IN },
  'GET /api/account/members': { expect: EDITORS, permission: 'members.manage' },
  'GET /api/buy-list': { expect: SIGNED_IN, permission: 'buy-list.view' },
  'GET /api/buy-list/export.csv': { expect: SIGNED_IN, permission: 'buy-list.view' },
  'GET /api/buy-list/export.xlsx': { expect: SIGNED_IN, permission: 'buy-list.view' },
  'GET /api/dashboard': { expect: SIGNED_IN, permission: 'restock.view' },
  'GET /api/dynamic/access-components': { expect: SIGNED_IN },
  'GET /api/dynamic/access-schema-tree': { expect: EDITORS, permission: 'access-schema.edit' },
  'GET /api/dynamic/column-headers': { expect: SIGNED_IN, permission: 'column-picker.view' },
  'GET /api/dynamic/column-picker': { expect: SIGNED_IN, permission: 'column-picker.view' },
  'GET /api/dynamic/get-saved-mapping': { expect: SIGNED_IN, permission: 'restock.import.view' },
  'GET /api/dynamic/saved-mapping': { expect: SIGNED_IN, permission: 'restock.import.view' },
  'GET /api/imports': { expect: SIGNED_IN, permission: 'restock.import.view' },
  'GET /api/early-access': { expect: STAFF, permission: 'early-access.view' },
  'GET /api/early-access.csv': { expect: STAFF, permission: 'early-access.view' },
  // Probes and metrics: open to load balancers; metrics to this machine (the tests run on it).
  'GET /healthz': { expect: EVERYONE },
  'GET /readyz': { expect: EVERYONE },
  'GET /metrics': { expect: EVERYONE },
  'GET /api/me': { expect: SIGNED_IN },
  // Members view Settings → Marketplace by default (level 1) and change it with level 2.
  'DELETE /api/marketplace/connection': { expect: EDITORS, permission: 'marketplace.edit' },
  'GET /api/marketplace/connection': { expect: SIGNED_IN, permission: 'marketplace.view' },
  'GET /api/marketplace/sync': { expect: SIGNED_IN, permission: 'marketplace.view' },
  'POST /api/marketplace/connection/test': {
    expect: EDITORS,
    prepare: connectedAndIdle,
    permission: 'marketplace.edit',
  },
  'POST /api/marketplace/sync': {
    expect: EDITORS,
    prepare: connectedAndIdle,
    permission: 'marketplace.edit',
  },
  'PUT /api/marketplace/connection': { expect: EDITORS, permission: 'marketplace.edit' },
  'GET /api/products/:msku/history': rowRoute('product', SIGNED_IN, { permission: 'restock.view' }),
  'GET /api/purchase-orders': { expect: SIGNED_IN, permission: 'purchase-orders.view' },
  'GET /api/purchase-orders/:id': rowRoute('purchase-order', SIGNED_IN, {
    permission: 'purchase-orders.view',
  }),
  'GET /api/purchase-orders/:id/export.csv': rowRoute('purchase-order', SIGNED_IN, {
    permission: 'purchase-orders.view',
  }),
  'GET /api/purchase-orders/:id/export.xlsx': rowRoute('purchase-order', SIGNED_IN, {
    permission: 'purchase-orders.view',
  }),
  'GET /api/settings/calculations': { expect: SIGNED_IN },
  'GET /api/tables/:table/columns': { expect: SIGNED_IN, permission: 'restock.view' },
  'GET /api/tables/:table/data': { expect: SIGNED_IN, permission: 'restock.view' },
  'GET /api/tables/:table/data/:id': rowRoute('product', SIGNED_IN, { permission: 'restock.view' }),
  'PATCH /api/buy-list/:msku': rowRoute('buy-line', EDITORS, { permission: 'buy-list.edit' }),
  'PATCH /api/purchase-orders/:id': rowRoute('purchase-order', EDITORS, {
    consumes: true,
    permission: 'purchase-orders.edit',
  }),
  // Any viewer arranges their own view of the table (stored per user).
  'PATCH /api/tables/:table/columns': { expect: SIGNED_IN, permission: 'restock.view' },
  'PATCH /api/tables/:table/data/:id': rowRoute('product', EDITORS, { permission: 'restock.edit' }),
  'POST /api/account/members': { expect: EDITORS, permission: 'members.manage' },
  'POST /api/dynamic/import-inventory': { expect: EDITORS, permission: 'restock.import' },
  'POST /api/dynamic/import-sales': { expect: EDITORS, permission: 'restock.import' },
  'POST /api/dynamic/import-stock': { expect: EDITORS, permission: 'restock.import' },
  'POST /api/dynamic/save-access-schema': { expect: EDITORS, permission: 'access-schema.edit' },
  'POST /api/early-access': { expect: EVERYONE },
  'POST /api/imports/:id/revert': rowRoute('import', EDITORS, {
    consumes: true,
    permission: 'restock.import',
  }),
  'POST /api/login': { expect: EVERYONE },
  'POST /api/logout': { expect: EVERYONE, freshSession: true },
  'POST /api/purchase-orders': { expect: EDITORS, permission: 'purchase-orders.edit' },
  'POST /api/refresh-token': { expect: SIGNED_IN, freshSession: true },
  'POST /api/register': { expect: EVERYONE },
  'POST /api/save-column-picker': { expect: EDITORS, permission: 'column-picker.edit' },
  'POST /change-password': { expect: SIGNED_IN, freshSession: true },
  'PUT /api/dynamic/saved-mapping': { expect: EDITORS, permission: 'restock.import' },
  'PUT /api/settings/calculations': { expect: EDITORS, permission: 'calculations.edit' },
};

const ROUTES = await collectApiRoutes();

let loginTarget: { email: string; password: string };
let uniqueCounter = 0;
let t: TestApp;
let home: SellerAccount;
let away: SellerAccount;
let custom: SellerAccount;
const tokens = new Map<Caller, string | null>();
let casesChecked = 0;

const accountOf = (actor: Caller) => (actor === 'stranger' ? away : actor === 'custom' ? custom : home);
const otherThan = (account: SellerAccount) => (account === home ? away : home);
const roleOf = (actor: Exclude<Caller, 'anonymous'>): Role =>
  actor === 'member' || actor === 'custom' ? 'user' : actor === 'stranger' ? 'admin' : actor;

beforeAll(async () => {
  // "Sync now" hands its sync to the job queue: the sync job runs here (against no Amazon).
  t = await startTestApp({ jobs: (deps) => [syncJob(deps.sync)] });
  home = await createSellerAccount(t, 'HOMEACC');
  away = await createSellerAccount(t, 'AWAYACC');
  custom = await createSellerAccount(t, 'CUSTOMACC');
  tokens.set('custom', (await addMemberAndLogIn(t.baseUrl, custom.ownerToken)).token);
  const target = await addMemberAndLogIn(t.baseUrl, away.ownerToken, { password: 'Login-Target-Pass-77' });
  loginTarget = { email: target.email, password: 'Login-Target-Pass-77' };
  tokens.set('anonymous', null);
  tokens.set('admin', home.ownerToken);
  tokens.set('stranger', away.ownerToken);
  for (const actor of ['member', 'beta', 'dev'] as const) {
    const user = await addMemberAndLogIn(t.baseUrl, home.ownerToken);
    // The server reads the role from the database on every request; the token stays valid.
    await setRole(t.pool, user.email, roleOf(actor));
    tokens.set(actor, user.token);
  }
});

afterAll(async () => {
  console.log(
    `authorization matrix: ${casesChecked} route × role × row cases checked over ${ROUTES.length} routes`,
  );
  await t?.close();
});

/** A session of its own for a cell that ends or rotates it: a new user of the same kind. */
async function freshSession(
  actor: Caller,
): Promise<{ client: Client; token: string | null; password: string }> {
  if (actor === 'anonymous') return { client: createClient(t.baseUrl), token: null, password: '' };
  const password = 'Fresh-Session-Pass-64';
  const user = await addMemberAndLogIn(t.baseUrl, accountOf(actor).ownerToken, { password });
  await setRole(t.pool, user.email, roleOf(actor));
  return { client: user.client, token: user.token, password };
}

const ownerClient = () => createClient(t.baseUrl);
const sharedRows = new Map<string, string>();

/** Makes a row of `kind` in the account and answers its id. */
async function createRow(kind: RowKind, account: SellerAccount): Promise<string> {
  switch (kind) {
    case 'product':
      return account.msku;
    case 'buy-line':
      return insertBuyListProduct(t.pool, account);
    case 'purchase-order':
      return createPurchaseOrder(t, account);
    case 'member':
      return insertMember(t.pool, account);
    case 'import':
      return importAsOwner(account);
    case 'history-upload':
      return stageUploadAsOwner(account);
  }
}

/** The first part of a sales upload, kept until its last part; answers the upload's id. */
async function stageUploadAsOwner(account: SellerAccount): Promise<string> {
  const id = randomUUID();
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const response = await ownerClient().post(
    '/api/dynamic/import-sales',
    { rows: [{ msku: account.msku, day, units: 1 }], upload: { id, part: 0, last: false } },
    account.ownerToken,
  );
  expect(response.status).toBe(200);
  return id;
}

/** An import of one new product by the account's owner; answers the import's id. */
async function importAsOwner(account: SellerAccount): Promise<string> {
  uniqueCounter += 1;
  const data = [{ msku: `${account.marker}-ROW-IMPORT-${uniqueCounter}`, title: 'Imported' }];
  const response = await ownerClient().post<{ importId: string }>(
    '/api/dynamic/import-inventory',
    { data },
    account.ownerToken,
  );
  return response.body.importId;
}

async function rowFor(kind: RowKind, account: SellerAccount, consumes: boolean): Promise<string> {
  if (consumes) return createRow(kind, account);
  const key = `${kind} ${account.marker}`;
  if (!sharedRows.has(key)) sharedRows.set(key, await createRow(kind, account));
  return sharedRows.get(key)!;
}

/** The row as its own account's owner sees it (null when it is gone). */
async function readAsOwner(kind: RowKind, account: SellerAccount, id: string): Promise<unknown> {
  const client = ownerClient();
  const token = account.ownerToken;
  const orNull = (response: ApiResponse<unknown>) => (response.status === 200 ? response.body : null);
  switch (kind) {
    case 'product':
      return orNull(await client.get(`/api/tables/restock/data/${encodeURIComponent(id)}`, token));
    case 'purchase-order':
      return orNull(await client.get(`/api/purchase-orders/${id}`, token));
    case 'buy-line': {
      const { body } = await client.get<BuyList>('/api/buy-list', token);
      return body.groups.flatMap((group) => group.lines).find((line) => line.msku === id) ?? null;
    }
    case 'member': {
      const { body } = await client.get<Array<{ id: string }>>('/api/account/members', token);
      return body.find((member) => member.id === id) ?? null;
    }
    case 'import': {
      const { body } = await client.get<Array<{ id: string }>>('/api/imports', token);
      return body.find((record) => record.id === id) ?? null;
    }
    case 'history-upload': {
      // Staged parts have no reading route: the table itself.
      const { rows } = await t.pool.query<{ parts: number }>(
        'SELECT count(*)::int AS parts FROM history_upload_parts WHERE account_id = $1 AND upload_id = $2',
        [account.id, id],
      );
      return rows[0]!.parts > 0 ? rows[0] : null;
    }
  }
}

const outcomeOf = (status: number): Outcome | number => (status >= 200 && status < 300 ? OK : status);

/** Strings only one account's data contains. */
const markersOf = (account: SellerAccount) =>
  [account.id, account.ownerEmail, account.marker].map((m) => m.toLowerCase());

function leakedMarkers(actor: Caller, response: ApiResponse<unknown>): string[] {
  const text = (
    typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '')
  ).toLowerCase();
  const foreign =
    actor === 'anonymous' ? [...markersOf(home), ...markersOf(away)] : markersOf(otherThan(accountOf(actor)));
  return foreign.filter((marker) => text.includes(marker));
}

type Cell = { key: string; actor: Caller; row: 'own' | 'foreign' | null };

async function checkCell(cell: Cell, entry: Entry, expected: Outcome): Promise<string[]> {
  const [method, url] = cell.key.split(' ') as [string, string];
  const actorAccount = accountOf(cell.actor);
  const rowAccount = cell.row === 'foreign' ? otherThan(actorAccount) : actorAccount;
  const rowId = entry.row ? await rowFor(entry.row.kind, rowAccount, entry.row.consumes === true) : undefined;
  const session = entry.freshSession
    ? await freshSession(cell.actor)
    : { client: createClient(t.baseUrl), token: tokens.get(cell.actor) ?? null, password: '' };
  if (entry.prepare && cell.actor !== 'anonymous') await entry.prepare(actorAccount);
  const shouldStay = entry.row && expected !== OK;
  const before = shouldStay ? await readAsOwner(entry.row!.kind, rowAccount, rowId!) : undefined;

  uniqueCounter += 1;
  const body = VALID_BODIES[cell.key]?.({
    account: actorAccount,
    password: session.password || 'not-signed-in',
    login: loginTarget,
    unique: `matrix${uniqueCounter}`,
  });
  const response = await session.client.request<unknown>(method, fillPath(url, rowId), {
    token: session.token,
    body,
  });
  casesChecked += 1;

  const name = `${cell.key} as ${cell.actor}${cell.row ? ` on ${cell.row === 'own' ? 'its own' : "another account's"} row` : ''}`;
  const problems: string[] = [];
  const actual = outcomeOf(response.status);
  if (actual !== expected)
    problems.push(
      `${name}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body)?.slice(0, 200)}`,
    );
  if (response.status >= 400 && typeof (response.body as { message?: unknown })?.message !== 'string') {
    problems.push(`${name}: a ${response.status} without {message}`);
  }
  if (actual === OK) {
    const leaks = leakedMarkers(cell.actor, response);
    if (leaks.length > 0)
      problems.push(`${name}: the answer carries another account's data (${leaks.join(', ')})`);
  }
  if (shouldStay) {
    const after = await readAsOwner(entry.row!.kind, rowAccount, rowId!);
    if (before === null) problems.push(`${name}: the test row was missing before the request`);
    if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${name}: the row changed`);
  }
  return problems;
}

describe('the authorization matrix', () => {
  it('has an entry for every route of the app, and a route for every entry', () => {
    const inApp = ROUTES.map(routeKey);
    expect(inApp.filter((key) => !(key in MATRIX)).map((key) => `${key}: add it to the matrix`)).toEqual([]);
    expect(
      Object.keys(MATRIX)
        .filter((key) => !inApp.includes(key))
        .map((key) => `${key}: no such route`),
    ).toEqual([]);
    const rowMismatch = ROUTES.filter(
      (route) => takesRowId(route.url) !== Boolean(MATRIX[routeKey(route)]?.row),
    );
    expect(
      rowMismatch.map((route) => `${routeKey(route)}: takes a row id, the entry must say which`),
    ).toEqual([]);
  });

  it.each(Object.keys(MATRIX))('%s answers every caller as the matrix says', async (key) => {
    const entry = MATRIX[key]!;
    const problems: string[] = [];
    for (const actor of ACTORS) {
      if ('own' in entry.expect) {
        for (const row of ['own', 'foreign'] as const) {
          problems.push(...(await checkCell({ key, actor, row }, entry, entry.expect[row][actor])));
        }
      } else {
        problems.push(...(await checkCell({ key, actor, row: null }, entry, entry.expect[actor])));
      }
    }
    expect(problems).toEqual([]);
  });
});

/** The editor's saved form of "everything Can Edit except `path` and what lies under it, at `level`". */
function schemaWith(path: ComponentPath, level: SchemaLevel): SelectedAccessItems {
  const items: SelectedAccessItems = {};
  for (const candidate of COMPONENT_PATHS) {
    const own = candidate === path || candidate.startsWith(`${path}.`) ? level : 2;
    if (own > 0) items[candidate] = own as 1 | 2;
  }
  return items;
}

const areaOf = (path: string) => path.split('.')[0]!;

/** The routes a member's schema decides: those whose permission names a component. */
const COMPONENT_ROUTES = Object.entries(MATRIX).flatMap(([key, entry]) => {
  const rule = entry.permission === undefined ? undefined : PERMISSIONS[entry.permission];
  return rule && 'component' in rule
    ? [{ key, entry, permission: entry.permission!, component: rule.component }]
    : [];
});

const customExpectation = (schema: SelectedAccessItems, permission: Permission): Outcome =>
  can({ role: 'user', ...computeAccessMap('user', schema) }, permission) ? OK : 403;

describe('members with a custom access schema', () => {
  it('has every registry entry decide at least one route', () => {
    const inert = COMPONENT_PATHS.filter((path) =>
      COMPONENT_ROUTES.every(
        ({ permission }) =>
          customExpectation(schemaWith(path, 0), permission) ===
          customExpectation(schemaWith(path, 2), permission),
      ),
    );
    expect(inert.map((path) => `${path}: no route changes with its level; enforce it or remove it`)).toEqual(
      [],
    );
  });

  it.each(COMPONENT_PATHS.flatMap((path) => ([0, 1, 2] as const).map((level) => [path, level] as const)))(
    'with %s at level %s answers every route of its area as the schema says',
    async (path, level) => {
      const schema = schemaWith(path, level);
      const saved = await createClient(t.baseUrl).post(
        '/api/dynamic/save-access-schema',
        { selectedItems: schema },
        custom.ownerToken,
      );
      expect(saved.status).toBe(200);
      const problems: string[] = [];
      for (const route of COMPONENT_ROUTES.filter(({ component }) => areaOf(component) === areaOf(path))) {
        const cell: Cell = { key: route.key, actor: 'custom', row: route.entry.row ? 'own' : null };
        problems.push(...(await checkCell(cell, route.entry, customExpectation(schema, route.permission))));
      }
      expect(problems).toEqual([]);
    },
  );
});
