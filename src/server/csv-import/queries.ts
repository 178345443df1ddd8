import { eq } from 'drizzle-orm';
import type { Blanks, SavedImportSettings } from '../../core/csv-import/import-request';
import type { Db } from '../db/pool';
import { columnMappings } from '../db/schema';

export type SavedMappingObject = Record<string, string | null>;

/** The account's saved mapping and choices, or an empty mapping that keeps blanks. */
export async function findSavedSettings(db: Db, accountId: string): Promise<SavedImportSettings> {
  const rows = await db
    .select({ mapping: columnMappings.mapping, options: columnMappings.options })
    .from(columnMappings)
    .where(eq(columnMappings.accountId, accountId));
  const row = rows[0];
  return { mapping: row?.mapping ?? {}, blanks: row?.options.blanks === 'clear' ? 'clear' : 'keep' };
}

/** SPEC 7: the saved mapping alone, {} when the account never saved one. */
export async function findSavedMapping(db: Db, accountId: string): Promise<SavedMappingObject> {
  return (await findSavedSettings(db, accountId)).mapping;
}

export async function saveMapping(
  db: Db,
  accountId: string,
  input: Readonly<Record<string, string | null | undefined>>,
  blanks: Blanks,
  now: Date,
): Promise<SavedImportSettings> {
  const mapping: SavedMappingObject = {};
  for (const [target, column] of Object.entries(input)) if (column !== undefined) mapping[target] = column;
  const options = { blanks };
  await db
    .insert(columnMappings)
    .values({ accountId, mapping, options, updatedAt: now })
    .onConflictDoUpdate({ target: columnMappings.accountId, set: { mapping, options, updatedAt: now } });
  return { mapping, blanks };
}
