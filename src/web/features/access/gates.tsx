import { type ReactNode, useEffect } from 'react';
import { Outlet } from 'react-router';
import { type EditRestriction, NO_EDIT_PERMISSION_TOOLTIP } from '../../../core/access/levels';
import { can, type Permission } from '../../../core/access/permissions';
import { type RoleGateMode, roleGateDecision } from '../../../core/access/role-gate';
import { useSession } from '../../lib/session';
import { useAccessComponentsLoading } from './api';
import styles from './gates.module.css';
import { useAccess } from './use-can';

export const NO_VIEW_PERMISSION_MESSAGE = 'You do not have permission to view this page.';

/** SPEC 6: shows children at or above `role`; otherwise hides them or shows them dimmed. */
export function RoleGate({
  minRole: role,
  mode = 'not_visible',
  children,
}: {
  minRole: string;
  mode?: RoleGateMode;
  children: ReactNode;
}) {
  const { user } = useSession();
  const decision = roleGateDecision({ userRole: user?.role, required: role, mode });
  useEffect(() => {
    if (decision === 'nothing') console.error(`Invalid required role: ${role}`);
    else if (decision !== 'show')
      console.info(user ? `Access denied: needs role ${role}` : 'Missing token or role');
  }, [decision, role, user]);
  if (decision === 'show') return <>{children}</>;
  if (decision === 'dimmed') {
    return (
      <div className={styles.dimmed} aria-disabled="true" inert>
        {children}
      </div>
    );
  }
  return null;
}

/** Renders children only for a user holding `permission` (nothing while the access map loads). */
export function PermissionGate({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const access = useAccess();
  if (permission !== undefined && !can(access, permission)) return null;
  return <>{children}</>;
}

/**
 * A route element for an area: its page for a user who may view it, else a notice (DESIGN 9: the
 * navigation hides such areas; this answers a typed or bookmarked address).
 */
export function RequirePermission({ permission }: { permission: Permission }) {
  const access = useAccess();
  const isLoading = useAccessComponentsLoading();
  if (can(access, permission)) return <Outlet />;
  if (isLoading) return <p>Loading...</p>;
  return (
    <section>
      <p role="alert">{NO_VIEW_PERMISSION_MESSAGE}</p>
    </section>
  );
}

/**
 * An edit-only control: shown for editors; for viewers hidden, or disabled with the SPEC 6
 * tooltip when the restriction is 'disabled'.
 */
export function EditControl({
  canEdit,
  restriction = 'hidden',
  children,
}: {
  canEdit: boolean;
  restriction?: EditRestriction;
  children: ReactNode;
}) {
  if (canEdit) return <>{children}</>;
  if (restriction === 'hidden') return null;
  return (
    <span className={styles.disabled} title={NO_EDIT_PERMISSION_TOOLTIP} aria-disabled="true">
      <span inert>{children}</span>
    </span>
  );
}
