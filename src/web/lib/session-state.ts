import { type Dispatch, type SetStateAction, useCallback, useState } from 'react';

function read<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const stored = sessionStorage.getItem(key);
    if (stored === null) return fallback;
    const value: unknown = JSON.parse(stored);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/**
 * React state kept in sessionStorage under `key`: it survives leaving the page and coming back,
 * and a reload, within the tab. `isValid` guards against what an older version stored.
 */
export function useSessionState<T>(
  key: string,
  fallback: T,
  isValid: (value: unknown) => value is T,
): [T, Dispatch<SetStateAction<T>>] {
  const [value, setValue] = useState<T>(() => read(key, fallback, isValid));
  const set = useCallback<Dispatch<SetStateAction<T>>>(
    (next) => {
      setValue((current) => {
        const resolved = typeof next === 'function' ? (next as (current: T) => T)(current) : next;
        try {
          sessionStorage.setItem(key, JSON.stringify(resolved));
        } catch {
          // Storage full or refused: the state still works for this visit.
        }
        return resolved;
      });
    },
    [key],
  );
  return [value, set];
}
