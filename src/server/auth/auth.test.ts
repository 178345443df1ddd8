import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signUp, signUpBody } from '../test-support/http-client';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from '../test-support/test-app';
import { REFRESH_GRACE_MS } from './refresh-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 3600_000;
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /api/register', () => {
  it('creates an account owner, answers 201 with an access token and sets the refresh cookie', async () => {
    const client = createClient(t.baseUrl);
    const body = signUpBody();
    const response = await client.post<{ accessToken: string }>('/api/register', body);
    expect(response.status).toBe(201);
    const claims = JSON.parse(Buffer.from(response.body.accessToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      email: body.email,
      full_name: 'Pat Seller',
      role: 'admin',
      token_version: 0,
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/replen_refresh=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('ignores mass-assignment fields such as role and account_id', async () => {
    const client = createClient(t.baseUrl);
    const response = await client.post<{ accessToken: string }>(
      '/api/register',
      signUpBody({ role: 'dev', account_id: 'x' }),
    );
    expect(response.status).toBe(201);
    const me = await client.get('/api/me', response.body.accessToken);
    expect(me.body.role).toBe('admin');
  });

  it('answers 409 for an email that is taken, whatever its case', async () => {
    const { email } = await signUp(t.baseUrl);
    const response = await createClient(t.baseUrl).post(
      '/api/register',
      signUpBody({ email: email.toUpperCase() }),
    );
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ message: 'An account with this email already exists' });
  });

  it.each([
    [{ fullName: undefined }, 'Name is required'],
    [{ email: 'nope' }, 'Invalid email address'],
    [{ contactNumber: '123' }, 'Invalid phone number format'],
    [{ country: '' }, 'Country is required'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 12 characters'],
    [
      { password: 'qwertyuiop123', confirmPassword: 'qwertyuiop123' },
      'This password is too common. Choose another one.',
    ],
    [
      { password: '1qaz2wsx3edc', confirmPassword: '1qaz2wsx3edc' },
      'This password is too common. Choose another one.',
    ],
    [
      { password: 'Summer2024!!', confirmPassword: 'Summer2024!!' },
      'This password is too common. Choose another one.',
    ],
    [
      { password: 'ReplenReplen', confirmPassword: 'ReplenReplen' },
      'This password is too common. Choose another one.',
    ],
    // On the breached list only (a dictionary word, not a pattern the shared rules know).
    [
      { password: 'sonyericsson', confirmPassword: 'sonyericsson' },
      'This password is too common. Choose another one.',
    ],
    [
      { password: 'finalfantasy7', confirmPassword: 'finalfantasy7' },
      'This password is too common. Choose another one.',
    ],
    [{ confirmPassword: 'Different-Password-99' }, 'Passwords do not match'],
    [{ fullName: 42 }, 'Name must be text'],
  ])('answers 400 for %j with "%s"', async (change, message) => {
    const response = await createClient(t.baseUrl).post('/api/register', signUpBody(change));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });
});

describe('POST /api/login', () => {
  it('answers an access token and a refresh cookie for the right password, with the email in any case', async () => {
    const { email, password } = await signUp(t.baseUrl);
    const client = createClient(t.baseUrl);
    const response = await client.post<{ accessToken: string }>('/api/login', {
      email: email.toUpperCase(),
      password,
    });
    expect(response.status).toBe(200);
    expect(typeof response.body.accessToken).toBe('string');
    expect(client.jar.has('replen_refresh')).toBe(true);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await signUp(t.baseUrl);
    const wrong = await createClient(t.baseUrl).post('/api/login', { email, password: 'not-the-password' });
    const unknown = await createClient(t.baseUrl).post('/api/login', {
      email: 'nobody@example.com',
      password: 'x',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    ['malformed JSON', { rawBody: '{"email":' }, 400, 'The request body is not valid JSON'],
    ['a JSON array', { rawBody: '[]' }, 400, 'The request body must be a JSON object'],
    ['a missing password', { body: { email: 'a@b' } }, 400, 'Password is required'],
    ['a number for the email', { body: { email: 5, password: 'x' } }, 400, 'Email must be text'],
    [
      'a __proto__ key',
      { rawBody: '{"__proto__":{"role":"dev"},"email":"a@b","password":"x"}' },
      400,
      undefined,
    ],
    [
      'plain text',
      { rawBody: 'email=a', headers: { 'content-type': 'text/plain' } },
      400,
      'The request body must be a JSON object',
    ],
    [
      'an XML body',
      { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } },
      415,
      'Send the request body as JSON',
    ],
  ])('answers %s with a 4xx and a message', async (_name, options, status, message) => {
    const response = await createClient(t.baseUrl).request('POST', '/api/login', options);
    expect(response.status).toBe(status);
    expect(typeof response.body.message).toBe('string');
    if (message) expect(response.body.message).toBe(message);
  });

  it('answers 413 to a 2 MB body and keeps serving', async () => {
    const huge = JSON.stringify({ email: 'a@b', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await createClient(t.baseUrl).request('POST', '/api/login', { rawBody: huge });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'The request body is too large' });
    const after = await createClient(t.baseUrl).post('/api/login', { email: 'a@b', password: 'x' });
    expect(after.status).toBe(401);
  });
});

describe('rate limits', () => {
  it('answers 429 with a message after too many log-in attempts for one email', async () => {
    const limited = await startTestApp({ limits: { loginPer15Min: 3 } });
    try {
      const { email } = await signUp(limited.baseUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await createClient(limited.baseUrl).post('/api/login', { email, password: 'wrong' })).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const last = await createClient(limited.baseUrl).post('/api/login', { email, password: 'wrong' });
      expect(last.body.message).toMatch(/Too many failed log-ins for this email/);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      limited.clock.advance(16 * 60_000);
      expect(
        (await createClient(limited.baseUrl).post('/api/login', { email, password: 'wrong' })).status,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 after too many registrations from one address', async () => {
    const limited = await startTestApp({ limits: { registerPerHour: 2 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await createClient(limited.baseUrl).post('/api/register', signUpBody())).status);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('private endpoints', () => {
  it('answer the user for a valid token', async () => {
    const { token, email } = await signUp(t.baseUrl);
    const me = await createClient(t.baseUrl).get('/api/me', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, role: 'admin', fullName: 'Pat Seller' });
  });

  it('answer 401 without a token, with garbage, with an expired token, alg none or another key', async () => {
    const { token } = await signUp(t.baseUrl);
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const noneToken = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-123456'));
    const tampered = `${header}.${b64({ ...claims, role: 'dev' })}.${token.split('.')[2]}`;
    const forged = `${header}.${b64({ ...claims, role: 'dev' })}.${createHmac('sha256', 'guess').update('x').digest('base64url')}`;
    const client = createClient(t.baseUrl);
    for (const bad of [null, 'garbage', noneToken, otherKey, tampered, forged]) {
      const response = await client.get('/api/me', bad);
      expect(response.status).toBe(401);
      expect(typeof response.body.message).toBe('string');
    }
    t.clock.advance(16 * 60_000);
    expect((await client.get('/api/me', token)).status).toBe(401);
  });

  it('answer each of many users at the same moment as themselves, and no token revoked before', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => signUp(t.baseUrl)));
    const revoked = users[3]!;
    const logOut = await createClient(t.baseUrl).post('/api/logout', { everywhere: true }, revoked.token);
    expect(logOut.status).toBe(200);
    // Read together, in batches of the users of the moment.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => users[index % users.length]!).map(async (user) => ({
        user,
        me: await createClient(t.baseUrl).get('/api/me', user.token),
      })),
    );
    for (const { user, me } of answers) {
      if (user === revoked) expect(me.status).toBe(401);
      else expect(me).toMatchObject({ status: 200, body: { email: user.email } });
    }
  });

  it('answer 401, not 500, to a token signed with the key whose subject is not a user id', async () => {
    const { token } = await signUp(t.baseUrl);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    for (const sub of [
      'not-a-uuid',
      '',
      "' OR 1=1 --",
      '00000000-0000-0000-0000-00000000000g',
      'x'.repeat(5000),
    ]) {
      const odd = await new SignJWT({ ...claims, sub })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(TEST_JWT_SECRET);
      const response = await createClient(t.baseUrl).get('/api/me', odd);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Please log in again' });
    }
  });
});

describe('POST /api/refresh-token', () => {
  it('rotates the refresh cookie and answers a fresh access token', async () => {
    const { client } = await signUp(t.baseUrl);
    const first = client.jar.get('replen_refresh');
    const response = await client.post<{ accessToken: string }>('/api/refresh-token');
    expect(response.status).toBe(200);
    expect((await client.get('/api/me', response.body.accessToken)).status).toBe(200);
    expect(client.jar.get('replen_refresh')).not.toBe(first);
  });

  it('treats a reused rotated token as theft and revokes the whole family', async () => {
    const { client } = await signUp(t.baseUrl);
    const stolen = client.jar.get('replen_refresh')!;
    expect((await client.post('/api/refresh-token')).status).toBe(200);
    // Past the grace window in which two tabs refreshing together may both present it.
    t.clock.advance(REFRESH_GRACE_MS + 1000);
    const thief = createClient(t.baseUrl);
    thief.jar.set('replen_refresh', stolen);
    const replay = await thief.post('/api/refresh-token');
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ message: 'Your session has ended. Please log in again.' });
    expect((await client.post('/api/refresh-token')).status).toBe(401);
  });

  it('answers 401 without a cookie and 403 for a foreign Origin', async () => {
    expect((await createClient(t.baseUrl).post('/api/refresh-token')).status).toBe(401);
    const { client } = await signUp(t.baseUrl);
    const foreign = await client.request('POST', '/api/refresh-token', {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    const same = await client.request('POST', '/api/refresh-token', { headers: { origin: t.baseUrl } });
    expect(same.status).toBe(200);
  });

  it('ends a session idle for more than 7 days', async () => {
    const { client } = await signUp(t.baseUrl);
    t.clock.advance(7 * DAY + 60_000);
    expect((await client.post('/api/refresh-token')).status).toBe(401);
  });

  it('ends a session 30 days after log-in even when it is used every 6 days', async () => {
    const { client } = await signUp(t.baseUrl);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(6 * DAY);
      expect((await client.post('/api/refresh-token')).status).toBe(200);
    }
    t.clock.advance(6 * DAY + 60_000);
    expect((await client.post('/api/refresh-token')).status).toBe(401);
  });

  it('answers two refreshes with the same cookie at the same moment with the same new cookie', async () => {
    const { client } = await signUp(t.baseUrl);
    const cookie = client.jar.get('replen_refresh')!;
    const twins = [createClient(t.baseUrl), createClient(t.baseUrl)];
    for (const twin of twins) twin.jar.set('replen_refresh', cookie);
    const answers = await Promise.all(
      twins.map((twin) => twin.post<{ accessToken: string }>('/api/refresh-token')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const [first, second] = twins.map((twin) => twin.jar.get('replen_refresh'));
    expect(first).not.toBe(cookie);
    expect(second).toBe(first);
    for (const answer of answers)
      expect((await client.get('/api/me', answer.body.accessToken)).status).toBe(200);
    // The shared successor keeps the session going.
    expect((await twins[0]!.post('/api/refresh-token')).status).toBe(200);
  });

  it('answers a just-rotated cookie within the grace window with the same successor, and ends the family after it', async () => {
    const { client } = await signUp(t.baseUrl);
    const old = client.jar.get('replen_refresh')!;
    expect((await client.post('/api/refresh-token')).status).toBe(200);
    const successor = client.jar.get('replen_refresh');
    t.clock.advance(REFRESH_GRACE_MS - 1000);
    const late = createClient(t.baseUrl);
    late.jar.set('replen_refresh', old);
    expect((await late.post('/api/refresh-token')).status).toBe(200);
    expect(late.jar.get('replen_refresh')).toBe(successor);

    t.clock.advance(2000);
    const replay = createClient(t.baseUrl);
    replay.jar.set('replen_refresh', old);
    expect((await replay.post('/api/refresh-token')).status).toBe(401);
    // Reuse after the window is theft: the successor is revoked with its family.
    expect((await client.post('/api/refresh-token')).status).toBe(401);
  });

  it('does not answer a rotated cookie whose successor was already used, even within the window', async () => {
    const { client } = await signUp(t.baseUrl);
    const old = client.jar.get('replen_refresh')!;
    expect((await client.post('/api/refresh-token')).status).toBe(200);
    expect((await client.post('/api/refresh-token')).status).toBe(200);
    const replay = createClient(t.baseUrl);
    replay.jar.set('replen_refresh', old);
    expect((await replay.post('/api/refresh-token')).status).toBe(401);
    expect((await client.post('/api/refresh-token')).status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session family and clears the cookie', async () => {
    const { client, token } = await signUp(t.baseUrl);
    const cookie = client.jar.get('replen_refresh')!;
    const response = await client.post('/api/logout', undefined, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out' });
    expect(client.jar.has('replen_refresh')).toBe(false);
    const replay = createClient(t.baseUrl);
    replay.jar.set('replen_refresh', cookie);
    expect((await replay.post('/api/refresh-token')).status).toBe(401);
  });

  it('with everywhere, ends every session and every access token of the user', async () => {
    const { email, password, token } = await signUp(t.baseUrl);
    const laptop = createClient(t.baseUrl);
    const laptopToken = (await laptop.post<{ accessToken: string }>('/api/login', { email, password })).body
      .accessToken;
    const phone = createClient(t.baseUrl);
    await phone.post('/api/login', { email, password });
    expect((await laptop.post('/api/logout', { everywhere: true }, laptopToken)).status).toBe(200);
    expect((await phone.post('/api/refresh-token')).status).toBe(401);
    expect((await createClient(t.baseUrl).get('/api/me', token)).status).toBe(401);
  });

  it('answers 200 even without any session, and 400 for a bad body', async () => {
    expect((await createClient(t.baseUrl).post('/api/logout')).status).toBe(200);
    expect((await createClient(t.baseUrl).post('/api/logout', { everywhere: 'yes' })).status).toBe(400);
  });
});

describe('POST /change-password', () => {
  it('answers 401 without a token', async () => {
    const response = await createClient(t.baseUrl).post('/change-password', {
      oldPassword: 'a',
      newPassword: 'b',
    });
    expect(response.status).toBe(401);
  });

  it.each([
    [{ newPassword: 'Another-Strong-Pass-7' }, 'Old password is required'],
    [
      { oldPassword: 'wrong-old-password', newPassword: 'Another-Strong-Pass-7' },
      'Old password is incorrect',
    ],
    [{ oldPassword: 'x', newPassword: 'short' }, 'Password must be at least 12 characters'],
  ])('answers 400 for %j with "%s"', async (body, message) => {
    const { token } = await signUp(t.baseUrl);
    const response = await createClient(t.baseUrl).post('/change-password', body, token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('refuses the old password as the new one, and the session goes on', async () => {
    const { token, password, client } = await signUp(t.baseUrl);
    const response = await client.post(
      '/change-password',
      { oldPassword: password, newPassword: password },
      token,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'New password must differ from the old password' });
    expect((await client.get('/api/me', token)).status).toBe(200);
  });

  it('refuses a new password that contains the email', async () => {
    const { token, email, password } = await signUp(t.baseUrl);
    const response = await createClient(t.baseUrl).post(
      '/change-password',
      { oldPassword: password, newPassword: `${email}-Zz9!` },
      token,
    );
    expect(response.body).toEqual({ message: 'Password must not contain your name or email' });
  });

  it('changes the password, ends all sessions, and the new password logs in', async () => {
    const { token, email, password, client } = await signUp(t.baseUrl);
    const response = await client.post(
      '/change-password',
      { oldPassword: password, newPassword: 'Another-Strong-Pass-7' },
      token,
    );
    expect(response.status).toBe(200);
    expect((await client.get('/api/me', token)).status).toBe(401);
    expect((await client.post('/api/refresh-token')).status).toBe(401);
    expect((await createClient(t.baseUrl).post('/api/login', { email, password })).status).toBe(401);
    expect(
      (await createClient(t.baseUrl).post('/api/login', { email, password: 'Another-Strong-Pass-7' })).status,
    ).toBe(200);
  });
});

describe('unknown API paths and headers', () => {
  it('answer 404 with a message and security headers', async () => {
    const response = await createClient(t.baseUrl).get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found' });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});
