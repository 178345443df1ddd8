import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './Popover.module.css';
import { useDismiss } from './use-dismiss';

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
  useDismiss(panel, onClose);
  // Measured before paint and moved so that the whole panel is inside the viewport.
  const [position, setPosition] = useState({ left: anchor.x, top: anchor.y });
  useLayoutEffect(() => {
    const box = panel.current?.getBoundingClientRect();
    const width = box?.width ?? 460;
    const height = box?.height ?? 320;
    setPosition({
      left: Math.max(8, Math.min(anchor.x, window.innerWidth - width - 8)),
      top: Math.max(8, Math.min(anchor.y, window.innerHeight - height - 8)),
    });
  }, [anchor]);
  const { left, top } = position;
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
