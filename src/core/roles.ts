import { z } from 'zod';

/** SPEC 6: roles in ascending order of rank. */
export const ROLES = ['user', 'admin', 'beta', 'dev'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const isRole = (value: unknown): value is Role => roleSchema.safeParse(value).success;

export const roleRank = (role: Role): number => ROLES.indexOf(role);

/** True when `role` ranks at or above `required`. */
export function hasRole(role: Role | null | undefined, required: Role): boolean {
  return role != null && roleRank(role) >= roleRank(required);
}
