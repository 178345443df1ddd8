import { and, asc, eq } from 'drizzle-orm';
import type { Member } from '../../core/account/members';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db/pool';
import { accounts, users } from '../db/schema';

export async function findAccount(db: Db, accountId: string) {
  const rows = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return rows[0];
}

const memberColumns = {
  id: users.id,
  fullName: users.fullName,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
};

const toMember = (row: { createdAt: Date } & Omit<Member, 'createdAt'>): Member => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function listMembers(db: Db, accountId: string): Promise<Member[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.createdAt));
  return rows.map(toMember);
}

/** Adds a `user`-role member; null when the email is taken (by anyone, in any account). */
export async function addMember(
  db: Db,
  accountId: string,
  member: { fullName: string; email: string; passwordHash: string },
): Promise<Member | null> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...member, accountId, role: 'user' })
      .returning(memberColumns);
    return toMember(row!);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Removes a member of this account only; answers whether a row went. */
export async function removeMember(db: Db, accountId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .returning({ id: users.id });
  return removed.length > 0;
}
