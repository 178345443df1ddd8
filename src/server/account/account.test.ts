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

type Member = { id: string; email: string; role: string; fullName: string };

describe('account members', () => {
  it('an owner adds a member who signs in with role user and appears in the list', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token, { fullName: 'Sam Picker' });
    const me = await member.client.get('/api/me', member.token);
    expect(me.body).toMatchObject({ role: 'user', fullName: 'Sam Picker' });
    const list = await owner.client.get<Member[]>('/api/account/members', owner.token);
    expect(list.body.map((m) => [m.email, m.role])).toEqual([
      [owner.email, 'admin'],
      [member.email, 'user'],
    ]);
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

  it('refuses an email that is already used, with 409', async () => {
    const owner = await signUp(t.baseUrl);
    const other = await signUp(t.baseUrl);
    const response = await owner.client.post(
      '/api/account/members',
      { fullName: 'Dup Licate', email: other.email, password: 'Pebble-Orchard-Sunrise-31' },
      owner.token,
    );
    expect(response.status).toBe(409);
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
