import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberAndLogIn, signUp } from '../test-support/http-client';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const custom = { order_lead_time: 14, prep_lead_time: 2, amz_lead_time: 12, desired_days_of_inventory: 45 };

describe('Settings → Calculations API', () => {
  it('answers the built-in defaults until the account saves its own', async () => {
    const owner = await signUp(t.baseUrl);
    const response = await owner.client.get('/api/settings/calculations', owner.token);
    expect(response.body).toEqual({
      order_lead_time: 7,
      prep_lead_time: 3,
      amz_lead_time: 10,
      desired_days_of_inventory: 30,
    });
  });

  it('saves per account: another account keeps the built-in defaults', async () => {
    const owner = await signUp(t.baseUrl);
    const other = await signUp(t.baseUrl);
    expect((await owner.client.put('/api/settings/calculations', custom, owner.token)).status).toBe(200);
    expect((await owner.client.get('/api/settings/calculations', owner.token)).body).toEqual(custom);
    expect((await other.client.get('/api/settings/calculations', other.token)).body).toMatchObject({
      order_lead_time: 7,
    });
  });

  it.each([
    [{ ...custom, order_lead_time: -1 }, /Order lead time|order/i],
    [{ ...custom, desired_days_of_inventory: 1.5 }, /whole number/],
    [{ ...custom, amz_lead_time: '10' }, /whole number/],
    [
      { ...custom, desired_days_of_inventory: 3651 },
      /^Desired Days must be a whole number of days from 0 to 3,650$/,
    ],
  ])('refuses %j with a 400', async (body, message) => {
    const owner = await signUp(t.baseUrl);
    const response = await owner.client.put('/api/settings/calculations', body, owner.token);
    expect(response.status).toBe(400);
    expect(String(response.body.message)).toMatch(message);
  });

  it('accepts the same day counts as a product’s own fields, up to ten years', async () => {
    const owner = await signUp(t.baseUrl);
    const longest = { ...custom, desired_days_of_inventory: 3650 };
    const response = await owner.client.put('/api/settings/calculations', longest, owner.token);
    expect(response).toMatchObject({ status: 200, body: longest });
  });

  it('refuses a view-only member with 403 and keeps the values', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    const response = await member.client.put('/api/settings/calculations', custom, member.token);
    expect(response.status).toBe(403);
    expect((await owner.client.get('/api/settings/calculations', owner.token)).body).toMatchObject({
      order_lead_time: 7,
    });
  });

  it('lets a member with Can Edit on settings.calculations save', async () => {
    const owner = await signUp(t.baseUrl);
    const member = await addMemberAndLogIn(t.baseUrl, owner.token);
    await owner.client.post(
      '/api/dynamic/save-access-schema',
      { selectedItems: { settings: 2, 'settings.calculations': 2 } },
      owner.token,
    );
    expect((await member.client.put('/api/settings/calculations', custom, member.token)).status).toBe(200);
  });
});
