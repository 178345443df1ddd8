import { useEffect, useRef, useState } from 'react';
import styles from './RestockGrid.module.css';

// SPEC 9: the check mark shows for 1.5 s after copying.
export const COPIED_MS = 1500;

/** Click-to-copy chip; copying an empty or non-string value fails (SPEC 8). */
export function CopyChip({ label, value }: { label: string; value: unknown }) {
  const [isCopied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (event: React.MouseEvent) => {
    // The chip sits in a cell: copying must not also select or edit the cell.
    event.stopPropagation();
    if (typeof value !== 'string' || value === '') {
      console.error(`Nothing to copy for ${label}`);
      return;
    }
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
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
