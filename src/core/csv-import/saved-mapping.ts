import { z } from 'zod';
import { TARGET_KEYS, type TargetKey } from './targets';
import { unknownKeysMessage } from './unknown-keys';

export const COLUMN_NAME_MAX = 200;

const columnName = (target: TargetKey) =>
  z
    .string({ error: `Column for "${target}" must be text or null` })
    .max(COLUMN_NAME_MAX, `Column for "${target}" must be at most ${COLUMN_NAME_MAX} characters`)
    .nullable()
    .optional();

const savedMappingShape = Object.fromEntries(TARGET_KEYS.map((key) => [key, columnName(key)])) as Record<
  TargetKey,
  ReturnType<typeof columnName>
>;

/** PUT /api/dynamic/saved-mapping: `{mapping: {target: csvColumn | null}}` (DESIGN 6). */
export const mappingSchema = z.strictObject(
  {
    mapping: z
      .strictObject(savedMappingShape, {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? unknownKeysMessage('target', issue.keys)
            : issue.input === undefined
              ? 'mapping is required'
              : 'mapping must be an object',
      })
      // One column feeds one target (SPEC 4), so a saved mapping cannot name a column twice.
      .superRefine((mapping, context) => {
        const seen = new Set<string>();
        for (const column of Object.values(mapping)) {
          if (column == null) continue;
          if (seen.has(column)) {
            context.addIssue({
              code: 'custom',
              message: `Column "${column}" is mapped to more than one target`,
            });
            return;
          }
          seen.add(column);
        }
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? unknownKeysMessage('field', issue.keys) : 'body must be an object',
  },
);
export type SavedMapping = z.output<typeof mappingSchema>['mapping'];
