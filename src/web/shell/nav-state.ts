import { useCallback, useState } from 'react';

/** Below this width the side navigation starts collapsed: 130 of 390 px is a third of a phone. */
export const NARROW_MAX_WIDTH = 700;

const storageKey = (narrow: boolean) => `replen-nav-open:${narrow ? 'narrow' : 'wide'}`;

const isNarrow = () => typeof window !== 'undefined' && window.innerWidth < NARROW_MAX_WIDTH;

function storedChoice(narrow: boolean): boolean | null {
  try {
    const value = localStorage.getItem(storageKey(narrow));
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

/**
 * Whether the side navigation is open: the user's last choice for this kind of window (narrow or
 * wide, remembered apart so that closing it on a phone does not close it on the desktop), else
 * open on wide windows and collapsed on narrow ones.
 */
export function useNavOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(() => storedChoice(isNarrow()) ?? !isNarrow());
  const toggle = useCallback(() => {
    setOpen((current) => {
      const next = !current;
      try {
        localStorage.setItem(storageKey(isNarrow()), String(next));
      } catch {
        // Storage refused: the choice lasts for this visit.
      }
      return next;
    });
  }, []);
  return [open, toggle];
}
