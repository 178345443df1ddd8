import { and, asc, eq, sql } from 'drizzle-orm';
import type { Member } from '../../core/account/members';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db/pool';
import { accounts, memberInvitations, users } from '../db/schema';

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

const invitationColumns = {
  id: memberInvitations.id,
  fullName: memberInvitations.fullName,
  email: memberInvitations.email,
  createdAt: memberInvitations.createdAt,
};

type InvitationRow = { id: string; fullName: string; email: string; createdAt: Date };

const toInvited = (row: InvitationRow): Member => ({
  ...row,
  role: 'user',
  status: 'invited',
  createdAt: row.createdAt.toISOString(),
});

/** The account's users (active) and the members added but not logged in yet (invited), oldest first. */
export async function listMembers(db: Db, accountId: string): Promise<Member[]> {
  const [active, invited] = await Promise.all([
    db.select(memberColumns).from(users).where(eq(users.accountId, accountId)).orderBy(asc(users.createdAt)),
    db
      .select(invitationColumns)
      .from(memberInvitations)
      .where(eq(memberInvitations.accountId, accountId))
      .orderBy(asc(memberInvitations.createdAt)),
  ]);
  return [
    ...active.map((row): Member => ({ ...row, status: 'active', createdAt: row.createdAt.toISOString() })),
    ...invited.map(toInvited),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Invites a `user`-role member; null when the email is already a user or an invitation of this
 * account. Whether it is a user of another account is never looked at (docs/decisions/007).
 */
export async function inviteMember(
  db: Db,
  accountId: string,
  member: { fullName: string; email: string; passwordHash: string },
): Promise<Member | null> {
  const here = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), sql`lower(${users.email}) = lower(${member.email})`))
    .limit(1);
  if (here.length > 0) return null;
  try {
    const [row] = await db
      .insert(memberInvitations)
      .values({ ...member, accountId })
      .returning(invitationColumns);
    return toInvited(row!);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Removes a member or an invitation of this account only; answers whether a row went. */
export async function removeMember(db: Db, accountId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(users)
    .where(and(eq(users.id, id), eq(users.accountId, accountId)))
    .returning({ id: users.id });
  if (removed.length > 0) return true;
  const withdrawn = await db
    .delete(memberInvitations)
    .where(and(eq(memberInvitations.id, id), eq(memberInvitations.accountId, accountId)))
    .returning({ id: memberInvitations.id });
  return withdrawn.length > 0;
}
