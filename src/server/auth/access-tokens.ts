import { errors, jwtVerify, SignJWT } from 'jose';
import { type AccessClaims, accessClaimsSchema } from '../../core/auth/token-claims';
import type { Role } from '../../core/roles';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

export type TokenSubject = { id: string; fullName: string; email: string; role: Role; tokenVersion: number };

export async function signAccessToken(
  user: TokenSubject,
  secret: Uint8Array,
  nowMs: number,
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({
    full_name: user.fullName,
    email: user.email,
    role: user.role,
    token_version: user.tokenVersion,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

// Every private request verifies a token: the secret is imported as a key once, not per request.
const verifyKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function verifyKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = verifyKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    verifyKeys.set(secret, key);
  }
  return key;
}

/** Verifies an HS256 token (no other algorithm accepted); null when invalid or expired. */
export async function verifyAccessToken(token: string, secret: Uint8Array, nowMs: number) {
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const claims = accessClaimsSchema.safeParse(payload);
    return claims.success ? (claims.data satisfies AccessClaims) : null;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
