import { hasRole, type Role } from '../roles';
import type { AccessMap } from './access-map';
import { effectiveLevel } from './access-map';
import { CAN_EDIT, CAN_VIEW, DEV_LEVEL } from './levels';
import type { ComponentPath } from './registry';

/**
 * What a permission asks for: a level on a registered component (the account's access map
 * decides), or a role (staff and owner tools that no access schema hands out).
 */
export type PermissionRule =
  | { readonly component: ComponentPath; readonly level: typeof CAN_VIEW | typeof CAN_EDIT }
  | { readonly role: Role };

/**
 * Every named permission the server's guards and the web's `useCan` ask about. A screen, link or
 * control and the routes behind it name the same permission, so they cannot disagree.
 */
export const PERMISSIONS = {
  'restock.view': { component: 'restock', level: CAN_VIEW },
  'restock.edit': { component: 'restock.edit', level: CAN_EDIT },
  'restock.import.view': { component: 'restock.import', level: CAN_VIEW },
  'restock.import': { component: 'restock.import', level: CAN_EDIT },
  'buy-list.view': { component: 'buy-list', level: CAN_VIEW },
  'buy-list.edit': { component: 'buy-list.edit', level: CAN_EDIT },
  'purchase-orders.view': { component: 'buy-list.purchase-orders', level: CAN_VIEW },
  'purchase-orders.edit': { component: 'buy-list.purchase-orders', level: CAN_EDIT },
  'column-picker.view': { component: 'column-picker', level: CAN_VIEW },
  'column-picker.edit': { component: 'column-picker.visible-columns', level: CAN_EDIT },
  'calculations.view': { component: 'settings.calculations', level: CAN_VIEW },
  'calculations.edit': { component: 'settings.calculations', level: CAN_EDIT },
  'marketplace.view': { component: 'settings.marketplace', level: CAN_VIEW },
  'marketplace.edit': { component: 'settings.marketplace', level: CAN_EDIT },
  'members.manage': { role: 'admin' },
  'access-schema.edit': { role: 'admin' },
  'early-access.view': { role: 'dev' },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Who is asking: the user's role and the access map the server computed for them. */
export type Access = {
  readonly role: Role;
  readonly accessMap: Readonly<Partial<AccessMap>>;
  readonly dev: boolean;
};

/** True when `access` may use `permission`; no access (signed out, map not loaded) may use nothing. */
export function can(access: Access | null | undefined, permission: Permission): boolean {
  if (!access) return false;
  const rule: PermissionRule = PERMISSIONS[permission];
  if ('role' in rule) return hasRole(access.role, rule.role);
  const level = access.dev ? DEV_LEVEL : effectiveLevel(access.accessMap, rule.component);
  return level >= rule.level;
}
