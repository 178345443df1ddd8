import type { AccessClaims } from '../../core/auth/token-claims';

const ROLE_NAMES = new Set(['user', 'admin', 'beta', 'dev']);

// A hand check rather than the zod schema: this runs on every public page and zod is large.
function isAccessClaims(value: unknown): value is AccessClaims {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sub === 'string' &&
    typeof claims.full_name === 'string' &&
    typeof claims.email === 'string' &&
    typeof claims.role === 'string' &&
    ROLE_NAMES.has(claims.role) &&
    Number.isInteger(claims.token_version) &&
    typeof claims.iat === 'number' &&
    typeof claims.exp === 'number'
  );
}

/** Reads the claims of an access token without verifying it (the server verifies). */
export function decodeAccessToken(token: string): AccessClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return isAccessClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}
