import { z } from 'zod';

/** SPEC 6: roles in ascending order of rank. */
export const ROLES = ['user', 'admin', 'beta', 'dev'] as const;
export const roleSchema = /* @__PURE__ */ z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

// A plain check, and the schema marked pure: a page that needs neither loads no zod.
export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

export const roleRank = (role: Role): number => ROLES.indexOf(role);

/** True when `role` ranks at or above `required`. */
export function hasRole(role: Role | null | undefined, required: Role): boolean {
  return role != null && roleRank(role) >= roleRank(required);
}
