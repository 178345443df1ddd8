import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
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

/**
 * How long a just-rotated token still answers: two tabs (or a retried request) refreshing with
 * the same cookie at the same moment must not look like theft and log the user out.
 */
export const REFRESH_GRACE_MS = 20_000;

/**
 * A token's successor is derived from it with a key (HMAC), not drawn at random, so a second
 * presentation within the grace window can be answered with the very token the first one got,
 * although only hashes are stored. Without the key and the token it is as unguessable as random.
 */
const successorOf = (token: string, secret: Uint8Array) =>
  createHmac('sha256', secret).update(`replen-refresh|${token}`).digest('base64url');

async function revokeFamily(db: Db, familyId: string, now: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

type TokenRow = typeof refreshTokens.$inferSelect;

/**
 * A rotated token presented again: within the grace window, while its successor is still live
 * and unused, it answers that same successor; otherwise it is a replay and ends the family.
 */
async function replayOrGrace(db: Db, current: TokenRow, token: string, secret: Uint8Array, now: number) {
  const [successor] = current.replacedBy
    ? await db.select().from(refreshTokens).where(eq(refreshTokens.id, current.replacedBy))
    : [];
  const next = successorOf(token, secret);
  const isGrace =
    !current.revokedAt &&
    successor !== undefined &&
    !successor.revokedAt &&
    !successor.replacedBy &&
    now - successor.createdAt.getTime() < REFRESH_GRACE_MS &&
    successor.tokenHash === hashToken(next);
  if (isGrace) return { ok: true, userId: current.userId, token: next } as const;
  await revokeFamily(db, current.familyId, now);
  return { ok: false } as const;
}

/**
 * Swaps a refresh token for the next one of its family. A token that was already rotated or
 * revoked is a replay: the whole family is revoked (theft detection, DESIGN 6), except within
 * the grace window after its rotation (docs/decisions/003).
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  secret: Uint8Array,
  now: number,
): Promise<Rotation> {
  const [current] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!current) return { ok: false };
  if (current.revokedAt || current.replacedBy) return replayOrGrace(db, current, token, secret, now);
  const isExpired =
    current.expiresAt.getTime() <= now || current.createdAt.getTime() + REFRESH_IDLE_MS <= now;
  if (isExpired) {
    await revokeFamily(db, current.familyId, now);
    return { ok: false };
  }
  const next = successorOf(token, secret);
  const nextId = randomUUID();
  const rotated = await db.transaction(async (tx) => {
    // Only one of two concurrent rotations can claim the token; the other waits for it to commit.
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
  if (rotated) return { ok: true, userId: current.userId, token: next };
  // The concurrent rotation won: answer as a presentation within its grace window.
  const [after] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, current.id));
  if (!after) return { ok: false };
  return replayOrGrace(db, after, token, secret, now);
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
