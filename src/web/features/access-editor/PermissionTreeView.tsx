import { ACCESS_LABELS } from '../../../core/access/levels';
import { isCollapseBlocked, isDimmed, type PermissionTree } from '../../../core/access/permission-tree';
import {
  COMPONENT_LABELS,
  type ComponentPath,
  childPaths,
  parentPath,
  ROOT_PATHS,
} from '../../../core/access/registry';
import styles from './AccessEditor.module.css';

export const COLLAPSE_BLOCKED_TITLE =
  'Its children have different levels: give them the same level to collapse it.';

type TreeHandlers = {
  tree: PermissionTree;
  selected: ComponentPath | null;
  onToggleLevel: (path: ComponentPath) => void;
  onToggleOpen: (path: ComponentPath) => void;
  onSelect: (path: ComponentPath) => void;
};

function ExpandButton({ path, tree, onToggleOpen }: TreeHandlers & { path: ComponentPath }) {
  const isOpen = tree.open[path];
  // SPEC 4: an open parent whose children differ in level refuses to collapse, and says why.
  const isBlocked = isCollapseBlocked(tree, path);
  return (
    <button
      type="button"
      className={styles.expander}
      aria-expanded={isOpen}
      aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${path}`}
      aria-disabled={isBlocked || undefined}
      title={isBlocked ? COLLAPSE_BLOCKED_TITLE : undefined}
      onClick={() => onToggleOpen(path)}
    >
      {isOpen ? '▾' : '▸'}
    </button>
  );
}

function TreeNode(props: TreeHandlers & { path: ComponentPath }) {
  const { path, tree, selected, onToggleLevel, onSelect } = props;
  const children = childPaths(path);
  const level = tree.levels[path];
  // SPEC 4: under a Restricted parent a node is limited to Restricted, shown dimmed.
  const dimmed = isDimmed(tree, path);
  return (
    <li className={dimmed ? styles.dimmed : undefined}>
      <div className={styles.row}>
        {children.length > 0 ? <ExpandButton {...props} /> : <span className={styles.expander} />}
        <button
          type="button"
          className={styles.name}
          aria-current={selected === path || undefined}
          onClick={() => onSelect(path)}
        >
          {COMPONENT_LABELS[path]} <code className={styles.path}>{path}</code>
        </button>
        <button
          type="button"
          className={styles.level}
          data-level={level}
          aria-label={`${path}: ${ACCESS_LABELS[level]}`}
          aria-disabled={dimmed || undefined}
          title={dimmed ? `Restricted while ${parentPath(path)} is Restricted` : 'Click for the next level'}
          onClick={() => onToggleLevel(path)}
        >
          {ACCESS_LABELS[level]}
        </button>
      </div>
      {tree.open[path] && children.length > 0 ? (
        <ul className={styles.children}>
          {children.map((child) => (
            <TreeNode key={child} {...props} path={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** SPEC 2 /settings/testingTree: every registered component, nested, with its level button. */
export function PermissionTreeView(props: TreeHandlers) {
  return (
    <ul className={styles.tree} aria-label="Access schema">
      {ROOT_PATHS.map((path) => (
        <TreeNode key={path} {...props} path={path} />
      ))}
    </ul>
  );
}
