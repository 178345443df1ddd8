import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_SECONDS,
  signAccessToken,
  VERIFIED_TOKENS_KEPT,
  verifyAccessToken,
} from './access-tokens';

const user = {
  id: '8b0e5d1c-3f0a-4a53-9a3e-6a7f3c1e2d4b',
  fullName: 'Token Owner',
  email: 'token@example.com',
  role: 'admin' as const,
  tokenVersion: 3,
};
const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const secretOf = (text: string) => new TextEncoder().encode(text.padEnd(48, '!'));

describe('verifyAccessToken with verified tokens kept', () => {
  it('answers the same claims for a token verified before, and null once it expires', async () => {
    const secret = secretOf('kept-expiry');
    const token = await signAccessToken(user, secret, T0);
    const first = await verifyAccessToken(token, secret, T0);
    expect(first).toMatchObject({ sub: user.id, token_version: 3 });
    expect(await verifyAccessToken(token, secret, T0 + 60_000)).toEqual(first);
    // The kept verdict never outlives the token: at its expiry second it is dead, as jose decides.
    const expiry = T0 + ACCESS_TOKEN_SECONDS * 1000;
    expect(await verifyAccessToken(token, secret, expiry - 1000)).toEqual(first);
    expect(await verifyAccessToken(token, secret, expiry)).toBeNull();
    expect(await verifyAccessToken(token, secret, expiry + 60_000)).toBeNull();
  });

  it('never answers a token verified under one secret for another secret', async () => {
    const secret = secretOf('kept-first-key');
    const token = await signAccessToken(user, secret, T0);
    expect(await verifyAccessToken(token, secret, T0)).not.toBeNull();
    expect(await verifyAccessToken(token, secretOf('kept-other-key'), T0)).toBeNull();
  });

  it('does not take a token with an altered payload or signature for the verified one', async () => {
    const secret = secretOf('kept-tamper');
    const token = await signAccessToken(user, secret, T0);
    expect(await verifyAccessToken(token, secret, T0)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const raised = Buffer.from(JSON.stringify({ ...claims, token_version: 4 })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${raised}.${signature}`, secret, T0)).toBeNull();
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(`${header}.${payload}.${flipped}`, secret, T0)).toBeNull();
  });

  it('keeps a bounded number of tokens and still verifies the ones it let go', async () => {
    const secret = secretOf('kept-bound');
    const tokens = await Promise.all(
      Array.from({ length: VERIFIED_TOKENS_KEPT + 5 }, (_, index) =>
        signAccessToken({ ...user, tokenVersion: index }, secret, T0),
      ),
    );
    for (const token of tokens) expect(await verifyAccessToken(token, secret, T0)).not.toBeNull();
    // The first ones were let go; verified afresh they are still good, and still expire.
    expect((await verifyAccessToken(tokens[0]!, secret, T0))?.token_version).toBe(0);
    expect(await verifyAccessToken(tokens[1]!, secret, T0 + ACCESS_TOKEN_SECONDS * 1000)).toBeNull();
  });
});
