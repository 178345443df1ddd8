import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRowsRestWhileWheeling, WHEEL_REST_MS } from './wheel-rest';

function Scroller() {
  const ref = useRef<HTMLDivElement>(null);
  useRowsRestWhileWheeling(ref);
  return <div ref={ref} data-testid="scroller" />;
}

describe('rows rest while the wheel scrolls', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks the element from the first wheel event until the wheel has rested', () => {
    const { getByTestId } = render(<Scroller />);
    const scroller = getByTestId('scroller');
    expect(scroller.dataset.wheeling).toBeUndefined();
    fireEvent.wheel(scroller, { deltaY: 300 });
    expect(scroller.dataset.wheeling).toBe('');
    // Each wheel event pushes the end back: the mark stays through a long scroll.
    for (let event = 0; event < 5; event++) {
      vi.advanceTimersByTime(WHEEL_REST_MS - 50);
      fireEvent.wheel(scroller, { deltaY: 300 });
    }
    vi.advanceTimersByTime(WHEEL_REST_MS - 1);
    expect(scroller.dataset.wheeling).toBe('');
    vi.advanceTimersByTime(1);
    expect(scroller.dataset.wheeling).toBeUndefined();
  });

  it('leaves the element alone when it scrolls without the wheel', () => {
    const { getByTestId } = render(<Scroller />);
    const scroller = getByTestId('scroller');
    fireEvent.scroll(scroller, { target: { scrollTop: 700 } });
    expect(scroller.dataset.wheeling).toBeUndefined();
  });

  it('drops the mark and its timer when the element goes', () => {
    const { getByTestId, unmount } = render(<Scroller />);
    const scroller = getByTestId('scroller');
    fireEvent.wheel(scroller, { deltaY: 300 });
    unmount();
    expect(scroller.dataset.wheeling).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });
});
