import { describe, expect, it } from 'vitest';
import { decodeAccessToken } from './jwt';

const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const tokenWith = (claims: unknown) => `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
const claims = {
  sub: 'u1',
  full_name: 'Zoë Müller',
  email: 'z@example.com',
  role: 'admin',
  token_version: 0,
  iat: 1,
  exp: 2,
};

describe('decodeAccessToken', () => {
  it('reads the claims of a well-formed token, including non-ASCII names', () => {
    expect(decodeAccessToken(tokenWith(claims))).toEqual(claims);
  });

  it.each([
    ['a token without a payload', 'abc'],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['an unknown role', tokenWith({ ...claims, role: 'owner' })],
    ['a missing expiry', tokenWith({ ...claims, exp: undefined })],
  ])('answers null for %s', (_name, token) => {
    expect(decodeAccessToken(token)).toBeNull();
  });
});
