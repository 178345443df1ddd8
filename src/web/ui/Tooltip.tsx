import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './Tooltip.module.css';

// SPEC 9: open after 500 ms of hover, close 50 ms after the pointer leaves.
export const TOOLTIP_OPEN_MS = 500;
export const TOOLTIP_CLOSE_MS = 50;

const MARGIN = 8;
const GAP = 6;

type Position = { left: number; top: number };

/**
 * Below the anchor, or above it when there is no room below; kept inside the viewport. The
 * tooltip lives in a layer on document.body, so a grid cell's overflow never clips it.
 */
function place(anchor: DOMRect, tip: DOMRect): Position {
  const maxLeft = window.innerWidth - tip.width - MARGIN;
  const left = Math.max(MARGIN, Math.min(anchor.left, maxLeft));
  const below = anchor.bottom + GAP;
  const top =
    below + tip.height <= window.innerHeight - MARGIN
      ? below
      : Math.max(MARGIN, anchor.top - GAP - tip.height);
  return { left, top };
}

/** Shows `text` near its children after a hover delay (or on focus); the children are described by it. */
export function Tooltip({ text, children }: { text: string; children: ReactNode }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [position, setPosition] = useState<Position | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);
  const tip = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Measured before paint, so the tooltip never shows where it does not fit.
  useLayoutEffect(() => {
    if (!isOpen || !anchor.current || !tip.current) {
      setPosition(null);
      return;
    }
    setPosition(place(anchor.current.getBoundingClientRect(), tip.current.getBoundingClientRect()));
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    // The anchor moves with any scroll (the grid's own included): close rather than float away.
    const close = () => setOpen(false);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [isOpen]);

  const schedule = (open: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(open), open ? TOOLTIP_OPEN_MS : TOOLTIP_CLOSE_MS);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only reveal a description; the child stays the control
    <span
      ref={anchor}
      className={styles.anchor}
      onMouseEnter={() => schedule(true)}
      onMouseLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
      aria-describedby={isOpen ? id : undefined}
    >
      {children}
      {isOpen
        ? createPortal(
            <span
              ref={tip}
              role="tooltip"
              id={id}
              className={styles.tooltip}
              style={position ?? { left: 0, top: 0, visibility: 'hidden' }}
            >
              {text}
            </span>,
            document.body,
          )
        : null}
    </span>
  );
}
