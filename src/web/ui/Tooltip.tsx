import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './Tooltip.module.css';

// SPEC 9: open after 500 ms of hover, close 50 ms after the pointer leaves.
export const TOOLTIP_OPEN_MS = 500;
export const TOOLTIP_CLOSE_MS = 50;

/** Shows `text` under its children after a hover delay; the children are described by it. */
export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(open), open ? TOOLTIP_OPEN_MS : TOOLTIP_CLOSE_MS);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only reveal a description; the child stays the control
    <span
      className={styles.anchor}
      onMouseEnter={() => schedule(true)}
      onMouseLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
      aria-describedby={isOpen ? id : undefined}
    >
      {children}
      {isOpen ? (
        <span role="tooltip" id={id} className={styles.tooltip}>
          {text}
        </span>
      ) : null}
    </span>
  );
}
