import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../auth/access-tokens';
import { REFRESH_COOKIE } from '../auth/cookie';
import { REFRESH_ABSOLUTE_MS } from '../auth/refresh-tokens';
import { type ApiResponse, createClient, signUp, signUpBody } from '../test-support/http-client';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../test-support/test-app';
import { setRole, userIdOf } from './seller-accounts';

// Beyond what auth.test.ts already proves (alg none, other key, expiry,
// tampering, reuse detection, idle and absolute lifetimes, a foreign Origin on refresh).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

async function userRow(email: string) {
  const result = await t.pool.query<{ id: string; full_name: string; role: 'admin'; token_version: number }>(
    'SELECT id, full_name, role, token_version FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return result.rows[0]!;
}

describe('an access token older than the user’s token_version', () => {
  it('answers 401 everywhere once the role is changed the way `npm run user:role` does it', async () => {
    const { token, email, password } = await signUp(t.baseUrl);
    const client = createClient(t.baseUrl);
    expect((await client.get('/api/me', token)).status).toBe(200);
    // src/server/cli/set-role.ts: the new role, and token_version + 1 so old tokens die.
    await t.pool.query(
      'UPDATE users SET role = $1, token_version = token_version + 1 WHERE lower(email) = lower($2)',
      ['beta', email],
    );
    for (const path of ['/api/me', '/api/account', '/api/tables/restock/data', '/api/account/members']) {
      const response = await client.get(path, token);
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ message: 'Please log in again' });
    }
    const write = await client.put('/api/settings/calculations', { order_lead_time: 1 }, token);
    expect(write.status).toBe(401);

    const login = await client.post<{ accessToken: string }>('/api/login', { email, password });
    const me = await client.get('/api/me', login.body.accessToken);
    expect(me.body).toMatchObject({ role: 'beta', tokenVersion: 1 });
  });

  it('answers 401 for a version other than the current one, even signed with the server’s own key', async () => {
    const { email } = await signUp(t.baseUrl);
    await t.pool.query('UPDATE users SET token_version = 3 WHERE lower(email) = lower($1)', [email]);
    const row = await userRow(email);
    const tokenAt = (tokenVersion: number) =>
      signAccessToken(
        { id: row.id, fullName: row.full_name, email, role: row.role, tokenVersion },
        TEST_JWT_SECRET,
        t.clock.now,
      );
    const client = createClient(t.baseUrl);
    expect((await client.get('/api/me', await tokenAt(2))).status).toBe(401);
    expect((await client.get('/api/me', await tokenAt(4))).status).toBe(401);
    expect((await client.get('/api/me', await tokenAt(3))).status).toBe(200);
  });

  it('is not needed for a role change: the role is read from the database on every request', async () => {
    const { token, email } = await signUp(t.baseUrl);
    const client = createClient(t.baseUrl);
    expect((await client.get('/api/account/members', token)).status).toBe(200);
    // The token still says admin; the database now says user.
    await setRole(t.pool, email, 'user');
    expect((await client.get('/api/account/members', token)).status).toBe(403);
    expect((await client.get('/api/me', token)).body).toMatchObject({ role: 'user' });
    await setRole(t.pool, email, 'admin');
    expect((await client.get('/api/account/members', token)).status).toBe(200);
  });
});

describe('refresh rotation under concurrent refreshes', () => {
  type TokenRow = {
    family_id: string;
    token_hash: string;
    revoked_at: Date | null;
    replaced_by: string | null;
  };

  async function tokensOf(userId: string) {
    const result = await t.pool.query<TokenRow>(
      'SELECT family_id, token_hash, revoked_at, replaced_by FROM refresh_tokens WHERE user_id = $1',
      [userId],
    );
    return result.rows;
  }

  const isLive = (row: TokenRow) => row.revoked_at === null && row.replaced_by === null;

  it('answers every racer with one successor, never forks a family, and leaves exactly one live token', async () => {
    const { email, password } = await signUp(t.baseUrl);
    const userId = await userIdOf(t.pool, email);
    let logins = 1;
    for (const racers of [2, 2, 2, 2, 2, 3, 3, 4]) {
      const session = createClient(t.baseUrl);
      expect((await session.post('/api/login', { email, password })).status).toBe(200);
      logins += 1;
      let cookie = session.jar.get(REFRESH_COOKIE)!;
      const clients = Array.from({ length: racers }, () => createClient(t.baseUrl));
      for (const client of clients) client.jar.set(REFRESH_COOKIE, cookie);

      for (let round = 0; round < 2; round++) {
        // Two tabs refreshing together within the grace window: all succeed, all get one cookie.
        const race = await Promise.all(clients.map((client) => client.post('/api/refresh-token')));
        expect(race.map((response) => response.status)).toEqual(clients.map(() => 200));
        const cookies = new Set(clients.map((client) => client.jar.get(REFRESH_COOKIE)));
        expect(cookies.size).toBe(1);
        const [next] = [...cookies] as string[];
        expect(next).not.toBe(cookie);

        const rows = await tokensOf(userId);
        // Rotation keeps the family: one family per log-in, never a fork.
        expect(new Set(rows.map((row) => row.family_id)).size).toBe(logins);
        const [family] = rows.filter((row) => row.token_hash === sha256(cookie)).map((row) => row.family_id);
        const live = rows.filter((row) => row.family_id === family && isLive(row));
        expect(live.map((row) => row.token_hash)).toEqual([sha256(next!)]);
        cookie = next!;
      }
    }
    // Every family of the user has exactly one live token.
    const byFamily = new Map<string, number>();
    for (const row of await tokensOf(userId)) {
      if (isLive(row)) byFamily.set(row.family_id, (byFamily.get(row.family_id) ?? 0) + 1);
    }
    expect([...byFamily.values()].every((count) => count === 1)).toBe(true);
  });
});

describe('POST /api/logout', () => {
  it('refuses a foreign Origin with 403 and leaves the session alive', async () => {
    const { client, token } = await signUp(t.baseUrl);
    const lookAlike = `http://localhost:${new URL(t.baseUrl).port}`;
    for (const origin of ['https://evil.example', 'null', lookAlike]) {
      for (const body of [{}, { everywhere: true }]) {
        const response = await client.request('POST', '/api/logout', { body, token, headers: { origin } });
        expect(response.status, `${origin} ${JSON.stringify(body)}`).toBe(403);
        expect(response.body).toEqual({ message: 'Cross-site request refused' });
      }
    }
    expect(client.jar.has(REFRESH_COOKIE)).toBe(true);
    expect((await client.get('/api/me', token)).status).toBe(200);
    const sameOrigin = await client.request('POST', '/api/logout', {
      body: {},
      token,
      headers: { origin: t.baseUrl },
    });
    expect(sameOrigin.status).toBe(200);
    expect((await client.post('/api/refresh-token')).status).toBe(401);
  });

  it('refuses an opaque (null) Origin on refresh too', async () => {
    const { client } = await signUp(t.baseUrl);
    const response = await client.request('POST', '/api/refresh-token', { headers: { origin: 'null' } });
    expect(response.status).toBe(403);
    expect((await client.post('/api/refresh-token')).status).toBe(200);
  });
});

describe('the refresh cookie', () => {
  const HTTPS = { 'x-forwarded-proto': 'https' };

  function refreshCookieOf(response: ApiResponse<unknown>) {
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
    expect(cookie, 'a refresh cookie is set').toBeDefined();
    return cookie!.split(';').map((part) => part.trim());
  }

  function expectStrictCookie(attributes: string[]) {
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Strict');
    expect(attributes).toContain('Path=/api');
  }

  it('is HttpOnly, SameSite=Strict, Path=/api and Secure over HTTPS behind a trusted proxy', async () => {
    const proxied = await startTestApp({ trustProxy: true });
    try {
      const client = createClient(proxied.baseUrl);
      const body = signUpBody();
      const responses = [
        await client.request('POST', '/api/register', { body, headers: HTTPS }),
        await client.request('POST', '/api/login', {
          body: { email: body.email, password: body.password },
          headers: HTTPS,
        }),
        await client.request('POST', '/api/refresh-token', { headers: HTTPS }),
        await client.request('POST', '/api/logout', { body: {}, headers: HTTPS }),
      ];
      for (const response of responses) {
        expect(response.status).toBeLessThan(300);
        const attributes = refreshCookieOf(response);
        expectStrictCookie(attributes);
        expect(attributes).toContain('Secure');
      }
      expect(refreshCookieOf(responses[0]!)).toContain(`Max-Age=${REFRESH_ABSOLUTE_MS / 1000}`);
    } finally {
      await proxied.close();
    }
  });

  it('is not Secure over plain HTTP behind the proxy', async () => {
    const proxied = await startTestApp({ trustProxy: true });
    try {
      const response = await createClient(proxied.baseUrl).post('/api/register', signUpBody());
      const attributes = refreshCookieOf(response);
      expectStrictCookie(attributes);
      expect(attributes).not.toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  it('is not Secure when a client without a trusted proxy only claims HTTPS', async () => {
    const client = createClient(t.baseUrl);
    const response = await client.request('POST', '/api/register', { body: signUpBody(), headers: HTTPS });
    const attributes = refreshCookieOf(response);
    expectStrictCookie(attributes);
    expect(attributes).not.toContain('Secure');
  });
});
