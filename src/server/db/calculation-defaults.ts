import { eq } from 'drizzle-orm';
import { BUILT_IN_DEFAULTS, type CalculationDefaults } from '../../core/restock/calculation-defaults';
import { calculationDefaultsSchema } from '../../core/restock/calculation-defaults-schema';
import type { Db } from './pool';
import { accountSettings } from './schema';

// Shared: the restock table, the buy list and Settings → Calculations all read the same defaults.

/** DESIGN 5: the account's defaults for null lead times, else the built-in ones. */
export async function findCalculationDefaults(db: Db, accountId: string): Promise<CalculationDefaults> {
  const rows = await db
    .select({ defaults: accountSettings.calculationDefaults })
    .from(accountSettings)
    .where(eq(accountSettings.accountId, accountId));
  return calculationDefaultsFrom(rows[0]?.defaults);
}

/** The defaults from the stored settings (null when none are saved), else the built-in ones. */
export function calculationDefaultsFrom(
  stored: Record<string, unknown> | null | undefined,
): CalculationDefaults {
  const saved = calculationDefaultsSchema.safeParse({ ...BUILT_IN_DEFAULTS, ...stored });
  return saved.success ? saved.data : { ...BUILT_IN_DEFAULTS };
}
