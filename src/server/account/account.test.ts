import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberAndLogIn, createClient, signUp } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = { id: string; email: string; role: string; fullName: string; status: string };

describe('account members', () => {
  it('an owner adds a member who signs in with role user and appears in the list', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token, { fullName: 'Sam Picker' });
    const me = await member.client.get('/api/me', member.token);
    expect(me.body).toMatchObject({ role: 'user', fullName: 'Sam Picker' });
    const list = await owner.client.get<Member[]>('/api/account/members', owner.token);
    expect(list.body.map((m) => [m.email, m.role, m.status])).toEqual([
      [owner.email, 'admin', 'active'],
      [member.email, 'user', 'active'],
    ]);
    expect(list.body[1]!.id).toBe(member.id);
  });

  it('lists an added member as invited until their first log-in', async () => {
    const owner = await signUp(t.baseUrl);
    const body = {
      fullName: 'Ivy Invited',
      email: `ivy-${Date.now()}@example.com`,
      password: 'Pebble-Orchard-Sunrise-31',
    };
    const added = await owner.client.post<Member>('/api/account/members', body, owner.token);
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: body.email, role: 'user', status: 'invited' });
    const before = await owner.client.get<Member[]>('/api/account/members', owner.token);
    expect(before.body.map((m) => m.status)).toEqual(['active', 'invited']);
    const wrong = await createClient(t.baseUrl).post('/api/login', {
      email: body.email,
      password: 'Wrong-Guess-000x',
    });
    expect(wrong.status).toBe(401);
    const login = await createClient(t.baseUrl).post('/api/login', {
      email: body.email,
      password: body.password,
    });
    expect(login.status).toBe(200);
    const after = await owner.client.get<Member[]>('/api/account/members', owner.token);
    expect(after.body.map((m) => [m.id, m.status])).toEqual([
      [before.body[0]!.id, 'active'],
      [added.body.id, 'active'],
    ]);
  });

  it('lets two first log-ins of an invited member at the same moment both in, as one user', async () => {
    const owner = await signUp(t.baseUrl);
    const body = {
      fullName: 'Twin Login',
      email: `twin-${Date.now()}@example.com`,
      password: 'Pebble-Orchard-Sunrise-31',
    };
    expect((await owner.client.post('/api/account/members', body, owner.token)).status).toBe(201);
    const logins = await Promise.all(
      [0, 1, 2].map(() =>
        createClient(t.baseUrl).post('/api/login', { email: body.email, password: body.password }),
      ),
    );
    expect(logins.map((login) => login.status)).toEqual([200, 200, 200]);
    const members = await owner.client.get<Member[]>('/api/account/members', owner.token);
    expect(members.body.filter((m) => m.email === body.email).map((m) => m.status)).toEqual(['active']);
  });

  it('answers an email used in another account exactly as a new one, and never lets it in', async () => {
    const owner = await signUp(t.baseUrl);
    const elsewhere = await signUp(t.baseUrl);
    const fresh = `fresh-${Date.now()}@example.com`;
    const add = (email: string) =>
      owner.client.post<Member>(
        '/api/account/members',
        { fullName: 'Same Answer', email, password: 'Pebble-Orchard-Sunrise-31' },
        owner.token,
      );
    const [taken, free] = [await add(elsewhere.email), await add(fresh)];
    const shape = (response: typeof taken) => ({
      status: response.status,
      keys: Object.keys(response.body).sort(),
      role: response.body.role,
      memberStatus: response.body.status,
    });
    expect(shape(taken)).toEqual(shape(free));
    // The other account's user keeps their own password and account; the invitation stays pending.
    const intruder = await createClient(t.baseUrl).post('/api/login', {
      email: elsewhere.email,
      password: 'Pebble-Orchard-Sunrise-31',
    });
    expect(intruder.status).toBe(401);
    const theirs = await createClient(t.baseUrl).post<{ accessToken: string }>('/api/login', {
      email: elsewhere.email,
      password: elsewhere.password,
    });
    expect(theirs.status).toBe(200);
    const me = await createClient(t.baseUrl).get('/api/me', theirs.body.accessToken);
    expect(me.body.role).toBe('admin');
    const list = await owner.client.get<Member[]>('/api/account/members', owner.token);
    expect(list.body.find((m) => m.email === elsewhere.email)?.status).toBe('invited');
    // The owner can withdraw it.
    expect((await owner.client.del(`/api/account/members/${taken.body.id}`, owner.token)).status).toBe(204);
  });

  it('limits how many members an account adds per hour', async () => {
    const limited = await startTestApp({ limits: { addMemberPerHour: 2 } });
    try {
      const owner = await signUp(limited.baseUrl);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const body = {
          fullName: 'Many Adds',
          email: `many-${i}-${Date.now()}@example.com`,
          password: 'Pebble-Orchard-Sunrise-31',
        };
        statuses.push((await owner.client.post('/api/account/members', body, owner.token)).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      // Per account: another owner adds freely.
      const other = await signUp(limited.baseUrl);
      const body = {
        fullName: 'Other Add',
        email: `other-${Date.now()}@example.com`,
        password: 'Pebble-Orchard-Sunrise-31',
      };
      expect((await other.client.post('/api/account/members', body, other.token)).status).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it.each([
    [
      { fullName: 'A', email: 'a@b.c', password: 'Pebble-Orchard-Sunrise-31' },
      'Name must be at least 2 characters',
    ],
    [{ fullName: 'Al Bee', email: 'nope', password: 'Pebble-Orchard-Sunrise-31' }, 'Invalid email address'],
    [{ fullName: 'Al Bee', email: 'a@b.c', password: 'short' }, 'Password must be at least 12 characters'],
  ])('refuses %j with a 400', async (body, message) => {
    const owner = await signUp(t.baseUrl);
    const response = await owner.client.post('/api/account/members', body, owner.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('refuses an email that is already in this account, with 409', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    for (const email of [owner.email, member.email.toUpperCase()]) {
      const response = await owner.client.post(
        '/api/account/members',
        { fullName: 'Dup Licate', email, password: 'Pebble-Orchard-Sunrise-31' },
        owner.token,
      );
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ message: `${email} is already in this account` });
    }
  });

  it('a member can neither list, add nor remove members', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    expect((await member.client.get('/api/account/members', member.token)).status).toBe(403);
    const add = await member.client.post(
      '/api/account/members',
      { fullName: 'Sneaky Add', email: 'sneaky@example.com', password: 'Pebble-Orchard-Sunrise-31' },
      member.token,
    );
    expect(add.status).toBe(403);
    expect((await member.client.del(`/api/account/members/${member.id}`, member.token)).status).toBe(403);
  });

  it("an owner cannot see or remove another account's members: 404, and the member stays", async () => {
    const first = await signUp(t.baseUrl);
    const second = await signUp(t.baseUrl);
    const secondMember = await addMemberAndLogIn(t.baseUrl, second.token);
    const firstList = await first.client.get<Member[]>('/api/account/members', first.token);
    expect(firstList.body.map((m) => m.email)).toEqual([first.email]);
    const removal = await first.client.del(`/api/account/members/${secondMember.id}`, first.token);
    expect(removal.status).toBe(404);
    expect((await secondMember.client.get('/api/me', secondMember.token)).status).toBe(200);
  });

  it('an owner removes a member, whose token stops working, and cannot remove themself', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    expect((await owner.client.del(`/api/account/members/${member.id}`, owner.token)).status).toBe(204);
    expect((await member.client.get('/api/me', member.token)).status).toBe(401);
    const me = await owner.client.get<{ id: string }>('/api/me', owner.token);
    const self = await owner.client.del(`/api/account/members/${me.body.id}`, owner.token);
    expect(self).toMatchObject({ status: 400, body: { message: 'You cannot remove yourself' } });
    expect((await owner.client.del('/api/account/members/not-a-uuid', owner.token)).status).toBe(400);
  });

  it('GET /api/account answers the account with its read-only seller id', async () => {
    const owner = await signUp(t.baseUrl);
    const account = await createClient(t.baseUrl).get('/api/account', owner.token);
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ name: 'Pat Seller', marketplaceSellerId: null });
  });
});
