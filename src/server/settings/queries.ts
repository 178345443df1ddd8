import { eq } from 'drizzle-orm';
import {
  BUILT_IN_DEFAULTS,
  type CalculationDefaults,
  calculationDefaultsSchema,
} from '../../core/restock/product';
import type { Db } from '../db/pool';
import { accountSettings } from '../db/schema';

/** DESIGN 5: the account's defaults for null lead times, else the built-in ones. */
export async function findCalculationDefaults(db: Db, accountId: string): Promise<CalculationDefaults> {
  const rows = await db
    .select({ defaults: accountSettings.calculationDefaults })
    .from(accountSettings)
    .where(eq(accountSettings.accountId, accountId));
  const saved = calculationDefaultsSchema.safeParse({ ...BUILT_IN_DEFAULTS, ...rows[0]?.defaults });
  return saved.success ? saved.data : { ...BUILT_IN_DEFAULTS };
}

export async function saveCalculationDefaults(
  db: Db,
  accountId: string,
  defaults: CalculationDefaults,
  now: Date,
) {
  await db
    .insert(accountSettings)
    .values({ accountId, calculationDefaults: defaults, updatedAt: now })
    .onConflictDoUpdate({
      target: accountSettings.accountId,
      set: { calculationDefaults: defaults, updatedAt: now },
    });
}
