import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EarlyAccessSignup } from '../../core/early-access/schema';
import { users } from '../db/schema';
import { createClient, signUp } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    fullName: 'Pat Seller',
    email: `early${Date.now().toString(36)}${counter}@example.com`,
    monthlyRevenue: 2500000,
    asinCnt: 1200,
    landingVariant: '3',
    ...overrides,
  };
}

type SignupRow = {
  full_name: string;
  email: string;
  monthly_revenue: number;
  asin_count: number;
  landing_variant: string | null;
};

async function storedSignups(email: string) {
  const result = await t.pool.query<SignupRow>(
    'SELECT full_name, email, monthly_revenue, asin_count, landing_variant FROM early_access_signups WHERE lower(email) = lower($1)',
    [email],
  );
  return result.rows;
}

/** A signed-in user whose role is set straight in the database, then logged in again for a fresh token. */
async function userWithRole(role: 'user' | 'admin' | 'beta' | 'dev') {
  const { email, password } = await signUp(t.baseUrl);
  await t.db.update(users).set({ role }).where(sql`lower(${users.email}) = lower(${email})`);
  const client = createClient(t.baseUrl);
  const login = await client.post<{ accessToken: string }>('/api/login', { email, password });
  expect(login.status).toBe(200);
  return { client, token: login.body.accessToken };
}

describe('POST /api/early-access', () => {
  it('stores a new signup with its landing variant and answers 201', async () => {
    const body = signupBody({ fullName: '  Pat   Seller ' });
    const response = await createClient(t.baseUrl).post('/api/early-access', body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Thank you for signing up!' });
    expect(await storedSignups(body.email)).toEqual([
      {
        full_name: 'Pat Seller',
        email: body.email,
        monthly_revenue: 2500000,
        asin_count: 1200,
        landing_variant: '3',
      },
    ]);
  });

  it('stores a signup without a landing variant', async () => {
    const { landingVariant: _omitted, ...body } = signupBody();
    const response = await createClient(t.baseUrl).post('/api/early-access', body);
    expect(response.status).toBe(201);
    expect((await storedSignups(body.email))[0]?.landing_variant).toBeNull();
  });

  it('answers 200 to a repeated email in any case and changes nothing', async () => {
    const body = signupBody();
    const client = createClient(t.baseUrl);
    expect((await client.post('/api/early-access', body)).status).toBe(201);
    const repeat = await client.post('/api/early-access', {
      ...body,
      email: body.email.toUpperCase(),
      fullName: 'Someone Else',
      monthlyRevenue: 1,
      asinCnt: 1,
      landingVariant: '7',
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual({ message: 'Thank you for signing up!' });
    const rows = await storedSignups(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      full_name: 'Pat Seller',
      monthly_revenue: 2500000,
      landing_variant: '3',
    });
  });

  it.each([
    [{ fullName: undefined }, 'Full Name is required'],
    [{ fullName: '   ' }, 'Full Name is required'],
    [{ fullName: 7 }, 'Full Name must be text'],
    [{ fullName: 'x'.repeat(101) }, 'Full Name must be at most 100 characters'],
    [{ email: undefined }, 'Email is required'],
    [{ email: 'pat-at-example.com' }, 'Invalid email address'],
    [{ email: `${'a'.repeat(250)}@b.co` }, 'Email must be at most 254 characters'],
    [{ monthlyRevenue: undefined }, 'Monthly revenue is required'],
    [{ monthlyRevenue: '$25,000' }, 'Monthly revenue must be a number'],
    [{ monthlyRevenue: -5 }, 'Monthly revenue cannot be negative'],
    [{ monthlyRevenue: 1e12 }, 'Monthly revenue is too large'],
    [{ asinCnt: undefined }, 'Active ASIN Count is required'],
    [{ asinCnt: 2.5 }, 'Active ASIN Count must be a whole number'],
    [{ asinCnt: -1 }, 'Active ASIN Count cannot be negative'],
    [{ asinCnt: 10_000_001 }, 'Active ASIN Count must be at most 10,000,000'],
    [{ landingVariant: '9' }, 'Unknown landing variant'],
  ])('answers 400 for %j with "%s" and stores nothing', async (change, message) => {
    const body = signupBody(change);
    const response = await createClient(t.baseUrl).post('/api/early-access', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
    if (typeof body.email === 'string') expect(await storedSignups(body.email)).toEqual([]);
  });

  it.each([
    ['malformed JSON', '{"email":', 'The request body is not valid JSON'],
    ['a JSON array', '[]', 'The request body must be a JSON object'],
  ])('answers 400 for %s', async (_name, rawBody, message) => {
    const response = await createClient(t.baseUrl).request('POST', '/api/early-access', { rawBody });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe('the early-access rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ limits: { earlyAccessPerHour: 2 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 past the hourly limit per IP and lets the next hour through', async () => {
    const client = createClient(limited.baseUrl);
    expect((await client.post('/api/early-access', signupBody())).status).toBe(201);
    expect((await client.post('/api/early-access', signupBody())).status).toBe(201);
    const third = signupBody();
    const refused = await client.post('/api/early-access', third);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many attempts. Please wait a few minutes and try again.' });
    const stored = await limited.pool.query('SELECT 1 FROM early_access_signups WHERE email = $1', [
      third.email,
    ]);
    expect(stored.rowCount).toBe(0);
    limited.clock.advance(3600_000);
    expect((await client.post('/api/early-access', third)).status).toBe(201);
  });
});

describe('GET /api/early-access', () => {
  it('answers 401 without a token', async () => {
    const response = await createClient(t.baseUrl).get('/api/early-access');
    expect(response.status).toBe(401);
  });

  it.each(['user', 'admin', 'beta'] as const)('answers 403 to the %s role', async (role) => {
    const { client, token } = await userWithRole(role);
    const response = await client.get('/api/early-access', token);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: 'Only the Replen team can see early-access signups' });
  });

  it('lists every signup newest first to a dev', async () => {
    const first = signupBody({ landingVariant: '1' });
    const second = signupBody({ landingVariant: '4', monthlyRevenue: 1234.5 });
    await createClient(t.baseUrl).post('/api/early-access', first);
    await createClient(t.baseUrl).post('/api/early-access', second);
    const { client, token } = await userWithRole('dev');
    const response = await client.get<{ signups: EarlyAccessSignup[] }>('/api/early-access', token);
    expect(response.status).toBe(200);
    const emails = response.body.signups.map((signup) => signup.email);
    expect(emails.indexOf(second.email)).toBeLessThan(emails.indexOf(first.email));
    expect(emails.indexOf(second.email)).toBeGreaterThanOrEqual(0);
    const dates = response.body.signups.map((signup) => signup.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(response.body.signups.find((signup) => signup.email === second.email)).toEqual({
      id: expect.any(String),
      fullName: 'Pat Seller',
      email: second.email,
      monthlyRevenue: 1234.5,
      asinCount: 1200,
      landingVariant: '4',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

describe('GET /api/early-access.csv', () => {
  it('answers 401 without a token and 403 to an account owner', async () => {
    expect((await createClient(t.baseUrl).get('/api/early-access.csv')).status).toBe(401);
    const { client, token } = await userWithRole('admin');
    expect((await client.get('/api/early-access.csv', token)).status).toBe(403);
  });

  it('downloads an escaped UTF-8 CSV with a BOM and a header row to a dev', async () => {
    const accented = signupBody({ fullName: 'Zoë Ångström' });
    const formula = signupBody({ fullName: '-2+3, "quoted"' });
    formula.email = `=cmd${formula.email}`;
    expect((await createClient(t.baseUrl).post('/api/early-access', accented)).status).toBe(201);
    expect((await createClient(t.baseUrl).post('/api/early-access', formula)).status).toBe(201);
    const { token } = await userWithRole('dev');
    const response = await fetch(`${t.baseUrl}/api/early-access.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="early-access-signups-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('Signed Up At,Full Name,Email,Monthly Revenue,Active ASIN Count,Landing Variant');
    // Newest first; formula-leading cells get a quote prefix, and the quoted one RFC 4180 quoting.
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+Z,/);
    expect(lines[1]?.replace(/^[^,]+,/, '')).toBe(`"'-2+3, ""quoted""",'${formula.email},2500000,1200,3`);
    expect(lines[2]?.replace(/^[^,]+,/, '')).toBe(`Zoë Ångström,${accented.email},2500000,1200,3`);
    expect(text.endsWith('\r\n')).toBe(true);
  });
});
