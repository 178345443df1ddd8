import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPONENT_PATHS } from '../../core/access/registry';
import { addMemberAndLogIn, createClient, signUp } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

type Components = { accessMap: Record<string, number>; dev: boolean };

const setRole = (email: string, role: string) =>
  t.pool.query('UPDATE users SET role = $1 WHERE lower(email) = lower($2)', [role, email]);

describe('GET /api/dynamic/access-components', () => {
  it('answers 401 without a token', async () => {
    expect((await createClient(t.baseUrl).get('/api/dynamic/access-components')).status).toBe(401);
  });

  it('gives an owner level 2 on every component and no dev flag', async () => {
    const { token } = await signUp(t.baseUrl);
    const { body } = await createClient(t.baseUrl).get<Components>('/api/dynamic/access-components', token);
    expect(body.dev).toBe(false);
    expect(Object.keys(body.accessMap).sort()).toEqual([...COMPONENT_PATHS].sort());
    expect(new Set(Object.values(body.accessMap))).toEqual(new Set([2]));
  });

  it('gives a dev level 3 everywhere and the dev flag, read from the database at once', async () => {
    const { token, email } = await signUp(t.baseUrl);
    await setRole(email, 'dev');
    const { body } = await createClient(t.baseUrl).get<Components>('/api/dynamic/access-components', token);
    expect(body.dev).toBe(true);
    expect(new Set(Object.values(body.accessMap))).toEqual(new Set([3]));
  });

  it('gives a member view everywhere until the account saves a schema, then exactly the schema', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const before = await member.client.get<Components>('/api/dynamic/access-components', member.token);
    expect(new Set(Object.values(before.body.accessMap))).toEqual(new Set([1]));

    const saved = await owner.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { restock: 2, 'restock.edit': 1, 'column-picker': 1 } },
      owner.token,
    );
    expect(saved.status).toBe(200);
    const after = await member.client.get<Components>('/api/dynamic/access-components', member.token);
    expect(after.body.accessMap).toMatchObject({
      restock: 2,
      'restock.edit': 1,
      'column-picker': 1,
      'buy-list': 0,
    });
  });
});

describe("a member's permission checks", () => {
  it('follow each save of the schema on the very next request, and a change of role', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const save = (selectedItems: Record<string, number>) =>
      owner.client.post('/api/dynamic/save-access-schema', { selectedItems }, owner.token);
    // The edit's permission is checked before its product is looked up: 403 without it, 404 with it.
    const edit = () => member.client.patch('/api/tables/restock/data/NO-SUCH-SKU', { cost: 1 }, member.token);
    expect((await edit()).status).toBe(403);
    expect((await save({ restock: 2, 'restock.edit': 2 })).status).toBe(200);
    expect((await edit()).status).toBe(404);
    expect((await save({ restock: 1 })).status).toBe(200);
    expect((await edit()).status).toBe(403);
    expect((await save({ restock: 2, 'restock.edit': 2 })).status).toBe(200);
    expect((await edit()).status).toBe(404);
    // Promoted, the member no longer follows the members' schema; demoted again, it does.
    await save({});
    await setRole(member.email, 'admin');
    expect((await edit()).status).toBe(404);
    await setRole(member.email, 'user');
    expect((await edit()).status).toBe(403);
  });
});

describe('the access-schema editor endpoints', () => {
  it('open on what members get today and save only levels above zero', async () => {
    const owner = await signUp(t.baseUrl);
    const tree = await owner.client.get<{ finalItems: Record<string, number> }>(
      '/api/dynamic/access-schema-tree',
      owner.token,
    );
    expect(tree.status).toBe(200);
    expect(new Set(Object.values(tree.body.finalItems))).toEqual(new Set([1]));
    await owner.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { 'buy-list': 2 } },
      owner.token,
    );
    const reread = await owner.client.get<{ finalItems: Record<string, number> }>(
      '/api/dynamic/access-schema-tree',
      owner.token,
    );
    expect(reread.body.finalItems['buy-list']).toBe(2);
    expect(reread.body.finalItems.restock).toBe(0);
  });

  it.each([
    [{ selectedItems: { 'no-such-thing': 1 } }, 'Unknown component "no-such-thing"'],
    [{ selectedItems: { restock: 3 } }, 'Access level for "restock" must be 1 or 2'],
    [{ selectedItems: 'all' }, 'selectedItems must be an object'],
    [{}, 'selectedItems is required'],
  ])('refuse %j with a 400 naming the problem', async (body, message) => {
    const owner = await signUp(t.baseUrl);
    const response = await owner.client.post('/api/dynamic/save-access-schema', body, owner.token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message });
  });

  it('refuse a member with 403 and keep the schema unchanged', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const save = await member.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { restock: 2 } },
      member.token,
    );
    expect(save.status).toBe(403);
    expect((await member.client.get('/api/dynamic/access-schema-tree', member.token)).status).toBe(403);
    const components = await member.client.get<Components>('/api/dynamic/access-components', member.token);
    expect(components.body.accessMap.restock).toBe(1);
  });

  it("keep one account's schema away from another account's members", async () => {
    const first = await signUp(t.baseUrl);
    const second = await signUp(t.baseUrl);
    const secondMember = await addMemberAndLogIn(t.baseUrl, second.token);
    await first.client.post('/api/dynamic/save-access-schema', { selectedItems: {} }, first.token);
    const components = await secondMember.client.get<Components>(
      '/api/dynamic/access-components',
      secondMember.token,
    );
    expect(components.body.accessMap.restock).toBe(1);
  });
});
