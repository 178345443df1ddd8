import { z } from 'zod';

/** SPEC 3: 0 Restricted, 1 Can View, 2 Can Edit; SPEC 6: the dev flag grants level 3. */
// Marked pure, with plain checks below: a page that needs no schema loads no zod.
export const accessLevelSchema = /* @__PURE__ */ z.literal([0, 1, 2, 3]);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** The levels an access schema (and the permission tree) can hold: level 3 is never saved. */
export const schemaLevelSchema = /* @__PURE__ */ z.literal([0, 1, 2]);
export type SchemaLevel = z.infer<typeof schemaLevelSchema>;

export const RESTRICTED = 0;
export const CAN_VIEW = 1;
export const CAN_EDIT = 2;
export const DEV_LEVEL = 3;

export const ACCESS_LABELS = { 0: 'Restricted', 1: 'Can View', 2: 'Can Edit' } as const satisfies Record<
  SchemaLevel,
  string
>;

export const NO_EDIT_PERMISSION_TOOLTIP = 'You do not have permission to edit this component.';

export const isSchemaLevel = (value: unknown): value is SchemaLevel =>
  value === RESTRICTED || value === CAN_VIEW || value === CAN_EDIT;

// A missing level counts as 0: a component nobody granted renders nothing (SPEC 6).
export const canView = (level: number | undefined): boolean => (level ?? RESTRICTED) >= CAN_VIEW;
export const canEdit = (level: number | undefined): boolean => (level ?? RESTRICTED) >= CAN_EDIT;

/** SPEC 2 (/settings/testingTree): level 1 reads 'Can View', any other positive level 'Can Edit'. */
export const grantedLabel = (level: number): 'Can View' | 'Can Edit' =>
  level === CAN_VIEW ? ACCESS_LABELS[1] : ACCESS_LABELS[2];

/**
 * SPEC 4: the highest level a node may hold under a parent of `parentLevel` (null for a root).
 * The cycle is capped by the parent's level + 1, but a node under a Restricted parent is limited
 * to Restricted, and no schema level exceeds Can Edit.
 */
export function levelCap(parentLevel: number | null): SchemaLevel {
  if (parentLevel === null) return CAN_EDIT;
  if (!canView(parentLevel)) return RESTRICTED;
  // With a parent at Can View or above, parent + 1 always reaches the Can Edit ceiling.
  return Math.min(CAN_EDIT, parentLevel + 1) as SchemaLevel;
}

export type EditRestriction = 'hidden' | 'disabled';
export type ComponentDecision = 'nothing' | 'read-only-hidden' | 'read-only-disabled' | 'editable';

/**
 * SPEC 6: 0 renders nothing; 1 hides edit-only controls, or disables them (with
 * NO_EDIT_PERMISSION_TOOLTIP) when the restriction is 'disabled'; 2 or above allows editing.
 */
export function componentDecision(
  level: number | undefined,
  restriction: EditRestriction = 'hidden',
): ComponentDecision {
  if (!canView(level)) return 'nothing';
  if (canEdit(level)) return 'editable';
  return restriction === 'disabled' ? 'read-only-disabled' : 'read-only-hidden';
}
