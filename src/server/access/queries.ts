import { eq } from 'drizzle-orm';
import type { Db } from '../db/pool';
import { accessSchemas } from '../db/schema';

/** The account's saved schema for its `user` members; null when it never saved one. */
export async function findAccessSchema(db: Db, accountId: string): Promise<Record<string, number> | null> {
  const rows = await db
    .select({ schema: accessSchemas.schema })
    .from(accessSchemas)
    .where(eq(accessSchemas.accountId, accountId));
  return rows[0]?.schema ?? null;
}

/** Saves `{}` too: "saved with nothing granted" differs from "never saved" (members view all). */
export async function saveAccessSchema(db: Db, accountId: string, schema: Record<string, number>, now: Date) {
  await db
    .insert(accessSchemas)
    .values({ accountId, schema, updatedAt: now })
    .onConflictDoUpdate({ target: accessSchemas.accountId, set: { schema, updatedAt: now } });
}
