import { type ReactNode, useEffect } from 'react';
import { effectiveLevel } from '../../../core/access/access-map';
import {
  componentDecision,
  DEV_LEVEL,
  type EditRestriction,
  NO_EDIT_PERMISSION_TOOLTIP,
} from '../../../core/access/levels';
import type { ComponentPath } from '../../../core/access/registry';
import { type RoleGateMode, roleGateDecision } from '../../../core/access/role-gate';
import { useSession } from '../../lib/session';
import { useAccessComponents } from './api';
import styles from './gates.module.css';

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

/** The level of one component for the signed-in user (0 until the access map arrives). */
export function useComponentLevel(path: ComponentPath): number {
  const access = useAccessComponents();
  if (!access) return 0;
  return access.dev ? DEV_LEVEL : effectiveLevel(access.accessMap, path);
}

/** SPEC 6: level 0 renders nothing; children get whether editing is allowed. */
export function ComponentGate({
  path,
  children,
}: {
  path: ComponentPath;
  children: (canEdit: boolean) => ReactNode;
}) {
  const level = useComponentLevel(path);
  const decision = componentDecision(level, 'hidden');
  if (decision === 'nothing') return null;
  return <>{children(decision === 'editable')}</>;
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
