import type { Role } from '../roles';
import {
  type AccessLevel,
  CAN_EDIT,
  CAN_VIEW,
  canView,
  DEV_LEVEL,
  isSchemaLevel,
  levelCap,
  RESTRICTED,
  type SchemaLevel,
} from './levels';
import {
  ancestorPaths,
  COMPONENT_PATHS,
  type ComponentPath,
  childPaths,
  parentPath,
  ROOT_PATHS,
} from './registry';

/** The level of every registered component, as GET /api/dynamic/access-components answers it. */
export type AccessMap = Record<ComponentPath, AccessLevel>;
export type AccessComponents = { accessMap: AccessMap; dev: boolean };
/** A complete access schema: every registered component at 0, 1 or 2. */
export type SchemaLevels = Record<ComponentPath, SchemaLevel>;
/** What the editor saves (SPEC 6: only entries above 0). */
export type SelectedAccessItems = Partial<Record<ComponentPath, typeof CAN_VIEW | typeof CAN_EDIT>>;

const higher = (a: SchemaLevel, b: SchemaLevel): SchemaLevel => (a > b ? a : b);
const lower = (a: SchemaLevel, b: SchemaLevel): SchemaLevel => (a < b ? a : b);

function everyComponentAt<Level extends AccessLevel>(level: Level): Record<ComponentPath, Level> {
  return Object.fromEntries(COMPONENT_PATHS.map((path) => [path, level])) as Record<ComponentPath, Level>;
}

// SPEC 4: a missing ancestor takes the maximum of its children's levels, or 0 if none. Unknown
// paths and values other than 0, 1 or 2 are ignored, as if never saved.
function filledLevel(path: ComponentPath, saved: Readonly<Record<string, unknown>>): SchemaLevel {
  const own = saved[path];
  // `-0` passes the level check (-0 === 0); `|| 0` makes every level canonical.
  if (isSchemaLevel(own)) return (own || RESTRICTED) as SchemaLevel;
  return childPaths(path).reduce(
    (max, child) => higher(max, filledLevel(child, saved)),
    RESTRICTED as SchemaLevel,
  );
}

/**
 * The level of every registered component for a saved access schema, exactly as the permission
 * tree shows it: missing parents are filled from their children, missing leaves are Restricted,
 * then each node is clamped to its parent's cap (SPEC 4) so the result is always consistent.
 */
export function resolveSchemaLevels(saved: Readonly<Record<string, unknown>>): SchemaLevels {
  const levels: Partial<SchemaLevels> = {};
  const visit = (path: ComponentPath, parentLevel: SchemaLevel | null) => {
    const level = lower(filledLevel(path, saved), levelCap(parentLevel));
    levels[path] = level;
    for (const child of childPaths(path)) visit(child, level);
  };
  for (const root of ROOT_PATHS) visit(root, null);
  return levels as SchemaLevels;
}

/**
 * The levels `user` members of an account get, and what the editor should start from
 * (GET access-schema-tree): DESIGN 6 gives view on every component while none is saved.
 */
export function memberSchemaLevels(accountSchema: Readonly<Record<string, unknown>> | null): SchemaLevels {
  return accountSchema === null ? everyComponentAt(CAN_VIEW) : resolveSchemaLevels(accountSchema);
}

/**
 * DESIGN 6: owners (admin) and beta edit everything; dev gets level 3 and the dev flag; `user`
 * members get the account's access schema.
 */
export function computeAccessMap(
  role: Role,
  accountSchema: Readonly<Record<string, unknown>> | null,
): AccessComponents {
  switch (role) {
    case 'dev':
      return { accessMap: everyComponentAt(DEV_LEVEL), dev: true };
    case 'admin':
    case 'beta':
      return { accessMap: everyComponentAt(CAN_EDIT), dev: false };
    case 'user':
      return { accessMap: memberSchemaLevels(accountSchema), dev: false };
  }
}

/**
 * The level the server checks a write against: the path's own level, else its nearest
 * ancestor's (so a finer path than the registry lists follows its component), else 0.
 */
export function effectiveLevel(
  accessMap: Readonly<Partial<Record<string, AccessLevel>>>,
  path: string,
): AccessLevel {
  for (const candidate of [path, ...ancestorPaths(path).reverse()]) {
    const level = accessMap[candidate];
    if (level !== undefined) return level;
  }
  return RESTRICTED;
}

/**
 * Why an access schema breaks the tree's rules, or null when it keeps them (SPEC 4): no child
 * above its parent's level + 1, and nothing above 0 under a missing or Restricted parent.
 */
export function accessSchemaInconsistency(schema: Readonly<Partial<Record<string, number>>>): string | null {
  for (const [path, level] of Object.entries(schema)) {
    const parent = parentPath(path);
    if (parent === null || level === undefined || !canView(level)) continue;
    const parentLevel = schema[parent] ?? RESTRICTED;
    if (!canView(parentLevel)) return `"${path}" cannot be granted while "${parent}" is Restricted`;
    if (level > parentLevel + 1) return `Access level for "${path}" cannot exceed "${parent}" by more than 1`;
  }
  return null;
}

export const accessSchemaIsConsistent = (schema: Readonly<Partial<Record<string, number>>>): boolean =>
  accessSchemaInconsistency(schema) === null;
