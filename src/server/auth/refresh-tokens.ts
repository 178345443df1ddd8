import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/pool';
import { refreshTokens } from '../db/schema';

const DAY_MS = 24 * 3600_000;
// DESIGN 7: 30-day absolute and 7-day idle lifetime.
export const REFRESH_ABSOLUTE_MS = 30 * DAY_MS;
export const REFRESH_IDLE_MS = 7 * DAY_MS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Starts a new family at log-in; answers the raw token for the cookie (only its hash is kept). */
export async function issueRefreshToken(db: Db, userId: string, now: number): Promise<string> {
  const token = newToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId: randomUUID(),
    tokenHash: hashToken(token),
    expiresAt: new Date(now + REFRESH_ABSOLUTE_MS),
    createdAt: new Date(now),
  });
  return token;
}

export type Rotation = { ok: true; userId: string; token: string } | { ok: false };

async function revokeFamily(db: Db, familyId: string, now: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Swaps a refresh token for a new one of the same family. A token that was already rotated or
 * revoked is a replay: the whole family is revoked (theft detection, DESIGN 6).
 */
export async function rotateRefreshToken(db: Db, token: string, now: number): Promise<Rotation> {
  const [current] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!current) return { ok: false };
  if (current.revokedAt || current.replacedBy) {
    await revokeFamily(db, current.familyId, now);
    return { ok: false };
  }
  const isExpired =
    current.expiresAt.getTime() <= now || current.createdAt.getTime() + REFRESH_IDLE_MS <= now;
  if (isExpired) {
    await revokeFamily(db, current.familyId, now);
    return { ok: false };
  }
  const next = newToken();
  const nextId = randomUUID();
  const rotated = await db.transaction(async (tx) => {
    // Only one of two concurrent rotations can claim the token; the other counts as a replay.
    const claimed = await tx
      .update(refreshTokens)
      .set({ replacedBy: nextId })
      .where(
        and(
          eq(refreshTokens.id, current.id),
          isNull(refreshTokens.replacedBy),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return false;
    await tx.insert(refreshTokens).values({
      id: nextId,
      userId: current.userId,
      familyId: current.familyId,
      tokenHash: hashToken(next),
      expiresAt: current.expiresAt,
      createdAt: new Date(now),
    });
    return true;
  });
  if (!rotated) {
    await revokeFamily(db, current.familyId, now);
    return { ok: false };
  }
  return { ok: true, userId: current.userId, token: next };
}

/** Log-out: revokes the family of the presented token, if it is one of ours. */
export async function revokeFamilyOf(db: Db, token: string, now: number): Promise<string | null> {
  const [current] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!current) return null;
  await revokeFamily(db, current.familyId, now);
  return current.userId;
}
