import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../core/roles';
import { createBatcher, perDatabase } from '../db/batches';
import { isUniqueViolation } from '../db/errors';
import type { Db } from '../db/pool';
import { accounts, memberInvitations, refreshTokens, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0];
}

// At most this many invitations are tried at one log-in (each is one password hash to verify).
const INVITATIONS_TRIED = 3;

/** The newest invitations for an email (any account), for the first log-in of an added member. */
export async function findInvitations(db: Db, email: string) {
  return db
    .select()
    .from(memberInvitations)
    .where(sql`lower(${memberInvitations.email}) = lower(${email})`)
    .orderBy(desc(memberInvitations.createdAt))
    .limit(INVITATIONS_TRIED);
}

/**
 * The first log-in of an added member: the invitation becomes a `user` of its account, with the
 * invitation's id, in one transaction. Undefined when the email got a user meanwhile.
 */
export async function acceptInvitation(
  db: Db,
  invitation: typeof memberInvitations.$inferSelect,
): Promise<UserRow | undefined> {
  try {
    return await db.transaction(async (tx) => {
      const removed = await tx
        .delete(memberInvitations)
        .where(eq(memberInvitations.id, invitation.id))
        .returning({ id: memberInvitations.id });
      if (removed.length === 0) return undefined;
      const [user] = await tx
        .insert(users)
        .values({
          id: invitation.id,
          accountId: invitation.accountId,
          fullName: invitation.fullName,
          email: invitation.email,
          passwordHash: invitation.passwordHash,
          role: 'user' satisfies Role,
        })
        .returning();
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/**
 * What a request's guard needs of its user; for a member (role `user`), the account's saved access
 * schema too (null when never saved), which every permission check of a member reads.
 */
export type SessionUser = Pick<
  UserRow,
  'id' | 'accountId' | 'role' | 'fullName' | 'email' | 'tokenVersion'
> & {
  accessSchema: Record<string, number> | null;
};

type NamedQueryable = {
  $client: {
    query: <R>(config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: R[] }>;
  };
};

/**
 * The users behind bearer tokens, read on every private request: only the columns the guard uses,
 * as a named statement (parsed and planned once per connection, not once per request). A member's
 * access schema comes in the same statement, so a member's permission check costs no round trip
 * of its own and is as fresh as the token version beside it.
 */
async function findSessionUsers(db: Db, ids: string[]): Promise<Array<SessionUser | undefined>> {
  const result = await (db as unknown as NamedQueryable).$client.query<SessionUser>({
    name: 'session-users-and-access',
    text: `SELECT u.id, u.account_id AS "accountId", u.role, u.full_name AS "fullName", u.email,
             u.token_version AS "tokenVersion", s.schema AS "accessSchema"
           FROM users AS u LEFT JOIN access_schemas AS s ON s.account_id = u.account_id AND u.role = 'user'
           WHERE u.id = ANY($1::uuid[])`,
    values: [[...new Set(ids)]],
  });
  // PostgreSQL writes a uuid in lower case; a token may name it in either.
  const byId = new Map(result.rows.map((user) => [user.id, user]));
  return ids.map((id) => byId.get(id.toLowerCase()));
}

// Every request's user is read in a batch formed after the request arrived (db/batches.ts), so a
// token revoked before it is refused by it; under load one statement reads the users of many.
// Two batches at a time: one read that hangs (a lost connection) does not hold up every request.
const sessionUserReader = perDatabase((db: Db) =>
  createBatcher((ids: string[]) => findSessionUsers(db, ids), {
    maxBatch: 256,
    maxInFlight: 2,
  }),
);

/** The user behind a bearer token (`findSessionUsers`), read with the other requests' users. */
export const findSessionUser = (db: Db, id: string): Promise<SessionUser | undefined> =>
  sessionUserReader(db)(id);

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
