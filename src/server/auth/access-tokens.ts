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

/**
 * Tokens whose signature and claims were verified, by secret and token text: every request of a
 * session carries the same token, and verifying it (an HMAC on the thread pool, the claims' schema)
 * was a tenth of a one-field edit's CPU. Only the verdict of the signature is kept; expiry is
 * checked again on every use, and the token version is still checked against the database by the
 * guard on every request, so log-out everywhere and password changes stay immediate.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, AccessClaims>>();

/** Enough for every token alive in 15 minutes on one busy process; the oldest go first beyond it. */
export const VERIFIED_TOKENS_KEPT = 10_000;

const epochSeconds = (nowMs: number) => Math.floor(nowMs / 1000);

function rememberVerified(secret: Uint8Array, token: string, claims: AccessClaims): void {
  let tokens = verifiedTokens.get(secret);
  if (!tokens) {
    tokens = new Map();
    verifiedTokens.set(secret, tokens);
  }
  if (tokens.size >= VERIFIED_TOKENS_KEPT) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, claims);
}

/** Verifies an HS256 token (no other algorithm accepted); null when invalid or expired. */
export async function verifyAccessToken(token: string, secret: Uint8Array, nowMs: number) {
  const known = verifiedTokens.get(secret)?.get(token);
  // As jose decides: expired once `exp` is at or before the current second.
  if (known) return known.exp > epochSeconds(nowMs) ? known : null;
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
    });
    const claims = accessClaimsSchema.safeParse(payload);
    if (!claims.success) return null;
    // A token with a not-before time is verified afresh each time (ours never carry one).
    const verified = Object.freeze(claims.data) satisfies AccessClaims;
    if (payload.nbf === undefined) rememberVerified(secret, token, verified);
    return verified;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
