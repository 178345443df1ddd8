import { desc } from 'drizzle-orm';
import type { EarlyAccessRequest, EarlyAccessSignup } from '../../core/early-access/schema';
import type { Db } from '../db/pool';
import { earlyAccessSignups } from '../db/schema';

/**
 * Stores a signup unless its email (compared lower-case by the unique index) is already on the
 * list; answers whether a row was added. A repeat changes nothing (DESIGN 6).
 */
export async function addSignupIfNew(db: Db, input: EarlyAccessRequest): Promise<boolean> {
  const added = await db
    .insert(earlyAccessSignups)
    .values({
      fullName: input.fullName,
      email: input.email,
      monthlyRevenue: input.monthlyRevenue,
      asinCount: input.asinCnt,
      landingVariant: input.landingVariant ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: earlyAccessSignups.id });
  return added.length > 0;
}

/** Every signup, newest first. */
export async function listSignups(db: Db): Promise<EarlyAccessSignup[]> {
  const rows = await db
    .select()
    .from(earlyAccessSignups)
    .orderBy(desc(earlyAccessSignups.createdAt), desc(earlyAccessSignups.id));
  return rows.map((row) => ({
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    monthlyRevenue: row.monthlyRevenue,
    asinCount: row.asinCount,
    landingVariant: row.landingVariant,
    createdAt: row.createdAt.toISOString(),
  }));
}
