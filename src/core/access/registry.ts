import { z } from 'zod';

/**
 * Every gated component of the product, as dotted paths (a child's path extends its parent's).
 * This is the one list the access map, the access-schema editor and the server's write checks
 * share; listed parents first. SPEC 6 names `column-picker` and its `visible-columns` panel.
 * Every entry guards at least one API route (permissions.ts names them; the authorization matrix
 * proves each one changes what a member may do). Pages with nothing to protect (dashboard, help,
 * placeholders, the user's own account settings) are not entries: an entry that gates nothing
 * would offer the owner a choice that does nothing.
 */
export const COMPONENT_PATHS = [
  'restock',
  'restock.edit',
  'restock.import',
  'buy-list',
  'buy-list.edit',
  'buy-list.purchase-orders',
  'column-picker',
  'column-picker.visible-columns',
  'settings',
  'settings.calculations',
  'settings.marketplace',
] as const;

export const componentPathSchema = /* @__PURE__ */ z.enum(COMPONENT_PATHS);
export type ComponentPath = z.infer<typeof componentPathSchema>;

/** What the access-schema editor shows for each component. */
export const COMPONENT_LABELS: Readonly<Record<ComponentPath, string>> = {
  restock: 'Restock',
  'restock.edit': 'Edit restock cells',
  'restock.import': 'Import CSV',
  'buy-list': 'Buy List',
  'buy-list.edit': 'Edit buy list',
  'buy-list.purchase-orders': 'Purchase orders',
  'column-picker': 'Column picker',
  'column-picker.visible-columns': 'Visible columns',
  settings: 'Settings',
  'settings.calculations': 'Calculations',
  'settings.marketplace': 'Marketplace',
};

const KNOWN_PATHS: ReadonlySet<string> = new Set(COMPONENT_PATHS);

export const isComponentPath = (value: unknown): value is ComponentPath =>
  typeof value === 'string' && KNOWN_PATHS.has(value);

/** 'a.b.c' → 'a.b'; a root has no parent (null). */
export function parentPath(path: string): string | null {
  const cut = path.lastIndexOf('.');
  return cut === -1 ? null : path.slice(0, cut);
}

/** 'a.b.c' → ['a', 'a.b']: every ancestor, outermost first (the path itself excluded). */
export function ancestorPaths(path: string): string[] {
  const parts = path.split('.');
  return parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('.'));
}

/** The registered components directly under `path`, or the roots when `path` is null. */
export function childPaths(path: string | null): ComponentPath[] {
  return COMPONENT_PATHS.filter((candidate) => parentPath(candidate) === path);
}

/** The registered components anywhere under `path`, in registry order. */
export function descendantPaths(path: string): ComponentPath[] {
  return COMPONENT_PATHS.filter((candidate) => candidate.startsWith(`${path}.`));
}

export const ROOT_PATHS: readonly ComponentPath[] = childPaths(null);
