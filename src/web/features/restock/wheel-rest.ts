import { type RefObject, useEffect } from 'react';

/** How long after the last wheel event the rows take the pointer again. */
export const WHEEL_REST_MS = 150;

/**
 * Marks `ref`'s element with `data-wheeling` while the wheel scrolls it, and for WHEEL_REST_MS
 * after the last wheel event; the grid's style sheet takes the pointer off the rows meanwhile.
 * Without it, each frame of a wheel scroll moves another row under the still pointer, and the
 * browser hit-tests it, sends mouseover and mouseout, and restyles the row it leaves and the row
 * it enters, cells included. Wheel events, not scroll events: a scroll made by code (a cell
 * brought into view before a click) must never leave the rows unclickable.
 */
export function useRowsRestWhileWheeling(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let lastWheel = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // One timer per scroll gesture, not one per wheel event: it looks again when it fires.
    const release = () => {
      const since = performance.now() - lastWheel;
      if (since < WHEEL_REST_MS) {
        timer = setTimeout(release, WHEEL_REST_MS - since);
        return;
      }
      timer = undefined;
      delete element.dataset.wheeling;
    };
    const onWheel = () => {
      lastWheel = performance.now();
      if (timer !== undefined) return;
      element.dataset.wheeling = '';
      timer = setTimeout(release, WHEEL_REST_MS);
    };
    element.addEventListener('wheel', onWheel, { passive: true });
    return () => {
      element.removeEventListener('wheel', onWheel);
      clearTimeout(timer);
      delete element.dataset.wheeling;
    };
  }, [ref]);
}
