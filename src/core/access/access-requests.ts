import { z } from 'zod';
import { accessSchemaInconsistency, type SelectedAccessItems } from './access-map';
import { accessLevelSchema, CAN_EDIT, CAN_VIEW } from './levels';
import { isComponentPath } from './registry';

// The access routes' bodies and answers as zod schemas. Apart from access-map.ts, which every
// page's first code reads, so that the page loads no zod before it needs a form.

/** POST /api/dynamic/save-access-schema: known components only, each at 1 or 2, consistent. */
export const saveAccessSchemaRequest = z.object({
  selectedItems: z
    .record(z.string(), z.unknown(), {
      error: (issue) =>
        issue.input === undefined ? 'selectedItems is required' : 'selectedItems must be an object',
    })
    .superRefine((items, ctx) => {
      let entriesAreValid = true;
      for (const [path, level] of Object.entries(items)) {
        if (!isComponentPath(path)) {
          ctx.addIssue({ code: 'custom', message: `Unknown component "${path}"`, path: [path] });
          entriesAreValid = false;
        } else if (level !== CAN_VIEW && level !== CAN_EDIT) {
          ctx.addIssue({
            code: 'custom',
            message: `Access level for "${path}" must be 1 or 2`,
            path: [path],
          });
          entriesAreValid = false;
        }
      }
      // Only a well-formed schema is judged for consistency, so the first message stays the useful one.
      const inconsistency = entriesAreValid ? accessSchemaInconsistency(items as SelectedAccessItems) : null;
      if (inconsistency !== null) ctx.addIssue({ code: 'custom', message: inconsistency });
    })
    // Every key and value was checked just above.
    .transform((items) => items as SelectedAccessItems),
});
export type SaveAccessSchemaRequest = z.infer<typeof saveAccessSchemaRequest>;

/** GET /api/dynamic/access-components, as the web client parses it. */
export const accessComponentsResponse = z.object({
  accessMap: z.record(z.string(), accessLevelSchema),
  dev: z.boolean(),
});
export type AccessComponentsResponse = z.infer<typeof accessComponentsResponse>;

/** GET /api/dynamic/access-schema-tree; the editor feeds finalItems to buildTree, which sanitises them. */
export const accessSchemaTreeResponse = z.object({
  finalItems: z.record(z.string(), z.number()),
});
export type AccessSchemaTreeResponse = z.infer<typeof accessSchemaTreeResponse>;
