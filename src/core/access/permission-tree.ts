import { resolveSchemaLevels, type SchemaLevels, type SelectedAccessItems } from './access-map';
import { canView, grantedLabel, isSchemaLevel, levelCap, RESTRICTED, type SchemaLevel } from './levels';
import {
  COMPONENT_PATHS,
  type ComponentPath,
  childPaths,
  descendantPaths,
  isComponentPath,
  parentPath,
} from './registry';

/**
 * The access-schema editor's state (SPEC 2, /settings/testingTree). Every operation answers a new
 * tree, or the same object when nothing changes, and keeps the invariant of SPEC 4: no node above
 * its parent's level + 1, and nothing above Restricted under a Restricted parent.
 */
export type PermissionTree = {
  readonly levels: Readonly<SchemaLevels>;
  readonly open: Readonly<Record<ComponentPath, boolean>>;
};

export type GrantedEntry = { path: ComponentPath; label: 'Can View' | 'Can Edit' };

// SPEC 4: Restricted → Can View → Can Edit → Restricted.
const CYCLE: Record<SchemaLevel, SchemaLevel> = { 0: 1, 1: 2, 2: 0 };

/** The tree for a saved schema; unknown paths and invalid levels are ignored, every node starts closed. */
export function buildTree(savedItems: Readonly<Record<string, unknown>>): PermissionTree {
  const open = Object.fromEntries(COMPONENT_PATHS.map((path) => [path, false]));
  return { levels: resolveSchemaLevels(savedItems), open: open as Record<ComponentPath, boolean> };
}

function parentLevel(tree: PermissionTree, path: ComponentPath): SchemaLevel | null {
  const parent = parentPath(path);
  return isComponentPath(parent) ? tree.levels[parent] : null;
}

/** SPEC 4: a node under a Restricted parent is limited to Restricted and shown dimmed. */
export function isDimmed(tree: PermissionTree, path: ComponentPath): boolean {
  const parent = parentLevel(tree, path);
  return parent !== null && !canView(parent);
}

/** SPEC 4: the next level of the toggle cycle, which wraps to Restricted past the parent's level + 1. */
export function nextLevel(tree: PermissionTree, path: ComponentPath): SchemaLevel {
  const current = tree.levels[path];
  if (current === undefined) return RESTRICTED;
  const next = CYCLE[current];
  return next > levelCap(parentLevel(tree, path)) ? RESTRICTED : next;
}

/**
 * SPEC 4: setting a node's level applies to all its descendants. The requested level is first
 * clamped to what the parent allows (Restricted under a Restricted parent), and the descendants take
 * that same clamped level, so each stays within its parent + 1 and the invariant holds.
 */
export function setLevel(tree: PermissionTree, path: ComponentPath, level: SchemaLevel): PermissionTree {
  if (!isComponentPath(path) || !isSchemaLevel(level)) return tree;
  const cap = levelCap(parentLevel(tree, path));
  const applied = level > cap ? cap : level;
  const targets = [path, ...descendantPaths(path)];
  if (targets.every((target) => tree.levels[target] === applied)) return tree;
  const levels = { ...tree.levels };
  for (const target of targets) levels[target] = applied;
  return { ...tree, levels };
}

export const toggleLevel = (tree: PermissionTree, path: ComponentPath): PermissionTree =>
  setLevel(tree, path, nextLevel(tree, path));

/**
 * SPEC 4: an open parent whose children differ in level cannot be collapsed, since the collapsed
 * row would hide that they differ. "Children" are the direct children.
 */
export function isCollapseBlocked(tree: PermissionTree, path: ComponentPath): boolean {
  if (!tree.open[path]) return false;
  const childLevels = new Set(childPaths(path).map((child) => tree.levels[child]));
  return childLevels.size > 1;
}

/** SPEC 4: opens or closes a parent; closing closes its descendants. Leaves have nothing to open. */
export function toggleOpen(tree: PermissionTree, path: ComponentPath): PermissionTree {
  if (!isComponentPath(path) || childPaths(path).length === 0 || isCollapseBlocked(tree, path)) return tree;
  const open = { ...tree.open };
  if (tree.open[path]) {
    for (const target of [path, ...descendantPaths(path)]) open[target] = false;
  } else {
    open[path] = true;
  }
  return { ...tree, open };
}

/** SPEC 6: what Save sends, the entries above Restricted only. */
export function selectedItems(tree: PermissionTree): SelectedAccessItems {
  const items: SelectedAccessItems = {};
  for (const path of COMPONENT_PATHS) {
    const level = tree.levels[path];
    if (level === 1 || level === 2) items[path] = level;
  }
  return items;
}

/** SPEC 2: every path above Restricted, sorted by name, labelled 'Can View' (1) or 'Can Edit'. */
export function grantedList(tree: PermissionTree): GrantedEntry[] {
  return COMPONENT_PATHS.filter((path) => canView(tree.levels[path]))
    .sort()
    .map((path) => ({ path, label: grantedLabel(tree.levels[path]) }));
}
