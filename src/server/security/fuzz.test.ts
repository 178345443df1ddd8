import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberAndLogIn, createClient } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';
import { collectApiRoutes, routeKey } from './route-table';
import { createPurchaseOrder, createSellerAccount, type SellerAccount } from './seller-accounts';
import { type BodyContext, VALID_BODIES } from './valid-bodies';

/*
 * Every route of the app's route table gets random and hostile JSON,
 * path parameters and query strings. Every answer is 2xx, or 4xx with `{message}`; never 5xx; the
 * server keeps answering; mass-assignment fields change no role, no account and nothing of
 * another account. Seeds are pinned (and printed): a failure replays with the same seed.
 */

const SEED = 80_808;
/** Runs per route; FUZZ_RUNS=1000 for a longer hunt. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 100);
const HUGE = 100_000;

const ROUTES = await collectApiRoutes();

let t: TestApp;
let home: SellerAccount;
let away: SellerAccount;
let awayMemberId: string;
const realIds: string[] = [];
let casesRun = 0;
let awayBefore: string;

/** The same seed for a route whatever other routes exist (FNV-1a of its key). */
function seedFor(key: string): number {
  let hash = 2_166_136_261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return (SEED ^ hash) >>> 0;
}

/** Everything stored for an account, as its rows; compared before and after the fuzzing. */
async function accountSnapshot(accountId: string): Promise<string> {
  const queries = [
    'SELECT * FROM accounts WHERE id = $1',
    'SELECT id, account_id, email, role, token_version, password_hash FROM users WHERE account_id = $1 ORDER BY id',
    'SELECT * FROM products WHERE account_id = $1 ORDER BY msku',
    'SELECT * FROM purchase_orders WHERE account_id = $1 ORDER BY id',
    `SELECT l.* FROM purchase_order_lines l JOIN purchase_orders o ON o.id = l.purchase_order_id
     WHERE o.account_id = $1 ORDER BY l.purchase_order_id, l.msku`,
    'SELECT * FROM account_settings WHERE account_id = $1',
    'SELECT * FROM column_mappings WHERE account_id = $1',
    'SELECT * FROM access_schemas WHERE account_id = $1',
    `SELECT p.* FROM user_table_prefs p JOIN users u ON u.id = p.user_id WHERE u.account_id = $1
     ORDER BY p.user_id, p.table_name`,
  ];
  const results = await Promise.all(queries.map((sql) => t.pool.query(sql, [accountId])));
  return JSON.stringify(results.map((result) => result.rows));
}

beforeAll(async () => {
  t = await startTestApp();
  home = await createSellerAccount(t, 'HOMEACC');
  away = await createSellerAccount(t, 'AWAYACC');
  awayMemberId = (await addMemberAndLogIn(t.baseUrl, away.ownerToken)).id;
  // Real ids of both accounts (never one of the home account's members: removing them is allowed).
  realIds.push(
    home.msku,
    away.msku,
    home.ownerId,
    away.ownerId,
    awayMemberId,
    await createPurchaseOrder(t, home),
    await createPurchaseOrder(t, away),
  );
  awayBefore = await accountSnapshot(away.id);
});

afterAll(async () => {
  console.log(
    `fuzz: ${casesRun} cases over ${ROUTES.length} routes, seed ${SEED}, ${RUNS_PER_ROUTE} runs per route`,
  );
  await t?.close();
});

// ---- arbitraries --------------------------------------------------------------------------

/** Path segments as they go on the wire (already percent-encoded where needed). */
const HOSTILE_SEGMENTS = [
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%ED%A0%80',
  '%',
  '%25',
  '%2F',
  '%5C..%5C',
  '%C0%AE%C0%AE',
  '%EF%BB%BF',
  '%E2%80%AE',
  '%F0%9F%98%80',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '-1',
  '1e999',
  'NaN',
  '%27%20OR%201%3D1--',
  '%3Cscript%3E',
  '*',
  '%20',
  '00000000-0000-0000-0000-000000000000',
];

const encoded = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded; send the raw bytes of one instead.
    return '%ED%A0%80';
  }
};

const segmentArbitrary = (): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...realIds.map(encoded)), weight: 3 },
    { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 3 },
    fc.string({ unit: 'grapheme', maxLength: 40 }).map(encoded),
    fc.string({ unit: 'binary', maxLength: 20 }).map(encoded),
    // Very long ids, either side of the router's 100-character parameter limit.
    fc.integer({ min: 90, max: 3_000 }).map((length) => 'a'.repeat(length)),
  );

const HOSTILE_QUERIES = [
  '?shape=columns',
  '?shape=',
  '?shape[]=rows',
  '?shape=rows&shape=columns',
  '?__proto__[role]=dev',
  '?constructor[prototype][role]=dev',
  '?__proto__=x',
  '?shape=%00',
  '?%00=%00',
  '?%E0%A4%A=1',
  `?q=${'x'.repeat(6_000)}`,
  '?&&&==&',
  '?role=dev&account_id=x&accountId=x',
];

const queryArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 2 },
  fc.constantFrom(...HOSTILE_QUERIES),
  fc
    .dictionary(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 }), { maxKeys: 5 })
    .map((params) => `?${new URLSearchParams(params)}`),
);

type Body = { raw?: string; contentType?: string };
const json = (value: unknown): Body => ({ raw: JSON.stringify(value) });

/** Fields a caller must never be able to set through a body. */
const massAssignment = (): Array<[string, unknown]> => [
  ['role', 'dev'],
  ['role', 'admin'],
  ['account_id', away.id],
  ['accountId', away.id],
  ['account', { id: away.id }],
  ['version', 999],
  ['id', away.ownerId],
  ['user_id', away.ownerId],
  ['userId', away.ownerId],
  ['token_version', 99],
  ['tokenVersion', 99],
  ['isAdmin', true],
  ['dev', true],
  ['accessMap', { restock: 3 }],
  ['order_quantity', 999],
  ['password_hash', 'x'],
  ['created_at', '2000-01-01T00:00:00Z'],
];

const PROTO_BODIES = [
  '{"__proto__":{"role":"dev"}}',
  '{"constructor":{"prototype":{"role":"dev"}}}',
  '{"a":{"__proto__":{"isAdmin":true}}}',
  '{"data":[{"msku":"X","__proto__":{"x":1}}]}',
  '{"selectedItems":{"__proto__":{"restock":2}}}',
  '{"mapping":{"constructor":{"prototype":{}}}}',
];

const MALFORMED_BODIES = [
  '{',
  '{"a":}',
  '',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '{"a":1e999}',
  '{"a":"\\ud800"}',
  '\u0000',
  '{"a":1,"a":2}',
];

const NASTY_TEXT = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  '<script>alert(1)</script>',
  "'; DROP TABLE users;--",
  '\u202e',
  ' ',
  '',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

/** 5,000 (or more) levels of arrays or objects, alone or as the value of a field. */
function deepBody(
  valid: Record<string, unknown>,
  pick: number,
  depth: number,
  kind: 'array' | 'object',
): Body {
  const deep =
    kind === 'array'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const keys = Object.keys(valid);
  if (keys.length === 0 || pick % 3 === 0) return { raw: deep };
  const key = keys[pick % keys.length]!;
  return { raw: JSON.stringify({ ...valid, [key]: '\u0001deep' }).replace('"\\u0001deep"', deep) };
}

function bodyArbitrary(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<Body> {
  const withField = (body: Record<string, unknown>, pick: number, value: unknown) => {
    const keys = Object.keys(body);
    return { ...body, [keys.length > 0 ? keys[pick % keys.length]! : 'value']: value };
  };
  return fc.oneof(
    valid.map(json),
    fc.jsonValue({ maxDepth: 3 }).map(json),
    // Wrong types: one field of a valid body replaced by any JSON value.
    fc
      .tuple(valid, fc.nat(), fc.jsonValue({ maxDepth: 2 }))
      .map(([body, pick, value]) => json(withField(body, pick, value))),
    // Mass assignment: a valid body plus fields the caller must not control.
    fc
      .tuple(valid, fc.subarray(massAssignment(), { minLength: 1 }))
      .map(([body, fields]) => json({ ...body, ...Object.fromEntries(fields) })),
    // Unknown fields.
    fc
      .tuple(
        valid,
        fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), {
          minKeys: 1,
          maxKeys: 4,
        }),
      )
      .map(([body, extra]) => json({ ...body, ...extra })),
    // Nasty text in a field: NUL, a lone surrogate, markup, SQL, right-to-left override.
    fc
      .tuple(valid, fc.nat(), fc.constantFrom(...NASTY_TEXT))
      .map(([body, pick, text]) => json(withField(body, pick, text))),
    // Huge strings (~100 kB), NUL characters and markup included.
    fc
      .tuple(valid, fc.nat(), fc.constantFrom('x', 'é', '\u0000', '<script>alert(1)</script>', '😀'))
      .map(([body, pick, unit]) => json(withField(body, pick, unit.repeat(Math.ceil(HUGE / unit.length))))),
    fc
      .tuple(
        valid,
        fc.nat(),
        fc.integer({ min: 5_000, max: 100_000 }),
        fc.constantFrom<'array' | 'object'>('array', 'object'),
      )
      .map(([body, pick, depth, kind]) => deepBody(body, pick, depth, kind)),
    fc.constantFrom(...PROTO_BODIES).map((raw) => ({ raw })),
    fc.constantFrom(...MALFORMED_BODIES).map((raw) => ({ raw })),
    fc
      .tuple(valid, fc.constantFrom(...CONTENT_TYPES))
      .map(([body, contentType]) => ({ raw: JSON.stringify(body), contentType })),
    fc.constant({}),
  );
}

// ---- the property ----------------------------------------------------------------------------

type Case = { params: string[]; query: string; body: Body };

function validBodyArbitrary(key: string): fc.Arbitrary<Record<string, unknown>> {
  const makeBody = VALID_BODIES[key];
  if (!makeBody) return fc.constant({});
  return fc.uuid().map((unique) => {
    const context: BodyContext = {
      account: home,
      // Never the real one: a fuzzed password change must not end the session under test.
      password: 'not-the-password',
      login: { email: home.ownerEmail, password: home.ownerPassword },
      unique,
    };
    return makeBody(context);
  });
}

async function send(method: string, url: string, testCase: Case) {
  let index = 0;
  const path = url.replace(/:[A-Za-z]+/g, () => testCase.params[index++] ?? '');
  const hasBody = method !== 'GET' && method !== 'HEAD' && testCase.body.raw !== undefined;
  // Log-out with `everywhere` would end the session under test; it is fuzzed without one.
  const token = method === 'POST' && url === '/api/logout' ? null : home.ownerToken;
  const headers: Record<string, string> = {};
  if (hasBody && testCase.body.contentType !== undefined) headers['content-type'] = testCase.body.contentType;
  const response = await createClient(t.baseUrl).request<unknown>(method, `${path}${testCase.query}`, {
    token,
    rawBody: hasBody ? testCase.body.raw : undefined,
    headers,
  });
  casesRun += 1;
  return { path, response };
}

function problemWith(status: number, body: unknown, contentType: string | null): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 200 || (status >= 300 && status < 400)) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `a ${status} of type ${contentType}`;
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message === '')
    return `a ${status} without {message}: ${JSON.stringify(body)}`;
  if (/\n\s+at |node_modules|\/src\//.test(message))
    return `a ${status} whose message shows a stack: ${message}`;
  if (ZOD_DEFAULT.test(message))
    return `a ${status} with zod's default message instead of the field: ${message}`;
  return null;
}

// zod's own wording, which names no field: every message must come from a schema or the error map.
const ZOD_DEFAULT =
  /expected (string|number|boolean|object|array|int)|Too small|Too big|Invalid input|Invalid option|Unrecognized key/;

describe('fuzzing every route with hostile input', () => {
  it('covers every route of the app', () => {
    expect(ROUTES.length).toBeGreaterThan(30);
  });

  it.each(ROUTES.map(routeKey))(
    '%s answers 2xx or 4xx with {message}, never 5xx',
    { timeout: 60_000 },
    async (key) => {
      const [method, url] = key.split(' ') as [string, string];
      const paramCount = url.match(/:[A-Za-z]+/g)?.length ?? 0;
      const caseArbitrary: fc.Arbitrary<Case> = fc.record({
        params: fc.array(segmentArbitrary(), { minLength: paramCount, maxLength: paramCount }),
        query: queryArbitrary,
        body: bodyArbitrary(validBodyArbitrary(key)),
      });
      const seed = seedFor(key);
      console.log(`fuzz ${key}: seed ${seed}, ${RUNS_PER_ROUTE} runs`);
      await fc.assert(
        fc.asyncProperty(caseArbitrary, async (testCase) => {
          const { path, response } = await send(method, url, testCase);
          const problem = problemWith(response.status, response.body, response.headers.get('content-type'));
          if (problem) throw new Error(`${method} ${path}${testCase.query.slice(0, 200)}: ${problem}`);
        }),
        { seed, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      // The server keeps answering, and the session under test is intact.
      expect((await createClient(t.baseUrl).get('/api/me', home.ownerToken)).status).toBe(200);
    },
  );

  it('left every role, every account and the other account’s data as they were', async () => {
    const me = await createClient(t.baseUrl).get('/api/me', home.ownerToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: home.ownerId, role: 'admin', tokenVersion: 0 });
    const owner = await t.pool.query('SELECT account_id, role FROM users WHERE id = $1', [home.ownerId]);
    expect(owner.rows[0]).toEqual({ account_id: home.id, role: 'admin' });
    // Sign-ups make owners of new accounts, added members are `user`s: nobody became beta or dev,
    // and every account still has exactly one admin.
    const roles = await t.pool.query<{ role: string }>(
      "SELECT role FROM users WHERE role IN ('beta', 'dev')",
    );
    expect(roles.rows).toEqual([]);
    const admins = await t.pool.query(
      "SELECT account_id FROM users GROUP BY account_id HAVING count(*) FILTER (WHERE role = 'admin') <> 1",
    );
    expect(admins.rows).toEqual([]);
    expect(await accountSnapshot(away.id)).toBe(awayBefore);
  });
});

// ---- long runs of special characters ---------------------------------------------------------

/** Characters that patterns repeat, escapes, invisible and combined characters, a surrogate pair. */
const RUN_UNITS = ['@', '.', ' ', '\\', '"', '%', '\u0000', '\u200b', '😀', 'e\u0301', '-', '1', '/', '\t'];
/** Just under the 64 KiB body limit once JSON-escaped (a NUL becomes six bytes). */
const RUN_BYTES = 60_000;
/** A fast answer on this shared machine: validation refuses such a value in milliseconds. */
const FAST_MS = 2000;

function stringFieldsOf(body: Record<string, unknown>): string[] {
  return Object.entries(body)
    .filter(([, value]) => typeof value === 'string')
    .map(([key]) => key);
}

describe('long runs of special characters in every string field', () => {
  const cases = ROUTES.flatMap((route) => {
    const key = routeKey(route);
    const makeBody = VALID_BODIES[key];
    if (!makeBody) return [];
    const sample = makeBody({
      account: { marker: 'X', supplier: 'X' } as SellerAccount,
      password: 'x',
      login: { email: 'x', password: 'x' },
      unique: 'x',
    });
    return stringFieldsOf(sample).map((field) => ({ key, field }));
  });

  it('covers the string fields of the routes that take a body', () => {
    expect(cases.length).toBeGreaterThan(15);
  });

  it.each(cases)(
    '$key: $field as a long run of each character answers fast, never 5xx',
    { timeout: 120_000 },
    async ({ key, field }) => {
      const [method, url] = key.split(' ') as [string, string];
      for (const unit of RUN_UNITS) {
        const unitBytes = Buffer.byteLength(JSON.stringify(unit)) - 2;
        const value = unit.repeat(Math.floor(RUN_BYTES / unitBytes));
        const body = VALID_BODIES[key]!({
          account: home,
          password: 'not-the-password',
          login: { email: home.ownerEmail, password: home.ownerPassword },
          unique: `${unit.codePointAt(0)}-${field}`,
        });
        const started = performance.now();
        const { path, response } = await send(method, url, {
          params: [encodeURIComponent(home.msku)],
          query: '',
          body: { raw: JSON.stringify({ ...body, [field]: value }) },
        });
        const ms = performance.now() - started;
        const problem = problemWith(response.status, response.body, response.headers.get('content-type'));
        if (problem)
          throw new Error(
            `${method} ${path} with ${field} = ${JSON.stringify(unit)} × ${value.length}: ${problem}`,
          );
        expect(
          ms,
          `${method} ${path} with ${field} = ${JSON.stringify(unit)} × ${value.length}`,
        ).toBeLessThan(FAST_MS);
      }
    },
  );

  it.each(ROUTES.filter((route) => /:[A-Za-z]+/.test(route.url)).map(routeKey))(
    '%s: a path parameter of a long run of each character answers fast, never 5xx',
    async (key) => {
      const [method, url] = key.split(' ') as [string, string];
      for (const unit of RUN_UNITS) {
        for (const length of [90, 3000]) {
          const segment = encodeURIComponent(unit.repeat(length)).slice(0, 20_000);
          const started = performance.now();
          const { path, response } = await send(method, url, {
            params: [segment, segment],
            query: '',
            body: {},
          });
          const problem = problemWith(response.status, response.body, response.headers.get('content-type'));
          if (problem) throw new Error(`${method} ${path.slice(0, 120)}: ${problem}`);
          expect(performance.now() - started).toBeLessThan(FAST_MS);
        }
      }
    },
  );
});
