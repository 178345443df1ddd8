import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../core/roles';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db/pool';
import { accounts, refreshTokens, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Sign-up: a new account and its owner (role admin, DESIGN 4) in one transaction; null if the email is taken. */
export async function createAccountWithOwner(
  db: Db,
  owner: { fullName: string; email: string; contactNumber: string; country: string; passwordHash: string },
): Promise<UserRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const [account] = await tx.insert(accounts).values({ name: owner.fullName }).returning();
      const [user] = await tx
        .insert(users)
        .values({ ...owner, accountId: account!.id, role: 'admin' satisfies Role })
        .returning();
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

export async function setPasswordAndRevokeSessions(db: Db, userId: string, passwordHash: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  });
}

export async function revokeEverywhere(db: Db, userId: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  });
}
