import { hasRole, isRole, type Role } from '../roles';

export type RoleGateMode = 'not_visible' | 'dimmed';
export type RoleGateDecision = 'show' | 'hidden' | 'dimmed' | 'nothing';

export type RoleGateInput = {
  userRole: Role | null | undefined;
  /** A string, not a Role: the gate must cope with a misspelt role in the markup. */
  required: string;
  mode: RoleGateMode;
};

/**
 * SPEC 6: a role-gated element shows when the user's role ranks at or above the required one;
 * otherwise it is hidden (not_visible) or dimmed and non-interactive (dimmed). No user or no role
 * counts as too low. An invalid required role renders nothing (the caller logs it), and the
 * dev-only gate never shows dimmed, so staff-only controls stay out of sight.
 */
export function roleGateDecision({ userRole, required, mode }: RoleGateInput): RoleGateDecision {
  if (!isRole(required)) return 'nothing';
  if (hasRole(userRole, required)) return 'show';
  if (required === 'dev') return 'hidden';
  return mode === 'dimmed' ? 'dimmed' : 'hidden';
}
