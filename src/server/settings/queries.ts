import type { CalculationDefaults } from '../../core/restock/calculation-defaults';
import type { Db } from '../db/pool';
import { accountSettings } from '../db/schema';

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
