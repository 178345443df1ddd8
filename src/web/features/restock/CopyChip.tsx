import { useSyncExternalStore } from 'react';
import styles from './RestockGrid.module.css';

// SPEC 9: the check mark shows for 1.5 s after copying.
export const COPIED_MS = 1500;

/**
 * The chip copied last, as "product, label, value", kept outside the chips: the grid keys rows by
 * their place in the view, so after a sort a chip shows another product, and the mark must follow
 * the product copied, not stay at its place (nor show on other products of the same ASIN).
 */
let copied: string | null = null;
let clearCopied: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const copiedId = (owner: string, label: string, value: string) => `${owner}\n${label}\n${value}`;

function setCopied(id: string | null) {
  copied = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const copiedNow = () => copied;

/** Click-to-copy chip; copying an empty or non-string value fails (SPEC 8). */
export function CopyChip({ owner, label, value }: { owner: string; label: string; value: unknown }) {
  const isCopied = useSyncExternalStore(subscribe, copiedNow) === copiedId(owner, label, String(value ?? ''));

  const copy = async (event: React.MouseEvent) => {
    // The chip sits in a cell: copying must not also select or edit the cell.
    event.stopPropagation();
    if (typeof value !== 'string' || value === '') {
      console.error(`Nothing to copy for ${label}`);
      return;
    }
    try {
      await navigator.clipboard.writeText(value);
      setCopied(copiedId(owner, label, value));
      clearTimeout(clearCopied);
      clearCopied = setTimeout(() => setCopied(null), COPIED_MS);
    } catch (error) {
      console.error('Copy failed', error);
    }
  };

  return (
    <button
      type="button"
      className={styles.chip}
      onClick={copy}
      onMouseDown={(event) => event.stopPropagation()}
      aria-label={`Copy ${label} ${String(value ?? '')}`}
      data-copied={isCopied || undefined}
    >
      {isCopied ? '✓' : null} {String(value ?? '-')}
    </button>
  );
}
