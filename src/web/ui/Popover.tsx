import { type ReactNode, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './Popover.module.css';

export type Anchor = { x: number; y: number };

/** A small dialog placed near a point; Escape or a click outside closes it. */
export function Popover({
  title,
  anchor,
  onClose,
  children,
}: {
  title: string;
  anchor: Anchor;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    const onPointer = (event: MouseEvent) => {
      if (!panel.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    panel.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [onClose]);
  const left = Math.max(8, Math.min(anchor.x, window.innerWidth - 460));
  const top = Math.max(8, Math.min(anchor.y, window.innerHeight - 320));
  return createPortal(
    <div
      ref={panel}
      className={styles.popover}
      style={{ left, top }}
      role="dialog"
      aria-label={title}
      tabIndex={-1}
    >
      <div className={styles.header}>
        <h2>{title}</h2>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      {children}
    </div>,
    document.body,
  );
}
