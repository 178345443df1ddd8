import { apiFetch, writesSent } from './api-client';
import { readStoredToken } from './token-storage';

/**
 * GET requests a page is known to make, started as the app starts (before the page's code, the
 * session and the access map are loaded), and handed to that page's queries when they ask.
 */

// An early answer older than this is not handed out: the page asks again.
const MAX_AGE_MS = 30_000;

type Started = Map<string, { answer: Promise<unknown>; at: number; token: string | null; writes: number }>;

/**
 * Each early answer with the session it was asked with and the tab's writes sent by then. Kept on
 * the page, not in this module: the early-start file (vite.config.ts) holds its own copy of this
 * module, and starts the requests before the app's bundle, which sends every write, has run.
 */
const page = globalThis as { replenEarlyRequests?: Started };
page.replenEarlyRequests ??= new Map();
const started: Started = page.replenEarlyRequests;

/** Starts each path's GET now. */
export function startEarly(paths: readonly string[]): void {
  for (const path of paths) {
    const answer = apiFetch(path);
    // A failure is dealt with by whoever takes the answer (it asks again).
    answer.catch(() => {});
    started.set(path, { answer, at: Date.now(), token: readStoredToken(), writes: writesSent() });
  }
}

/**
 * The answer of the early request for `path`, handed out once, or else a new request. A failed
 * or too old early request is made again, with the session the page has by then; so is one asked
 * with another session (signed out, or another user signed in) or before a write of this tab (an
 * import, an edit, new calculation defaults), whose answer may no longer hold.
 */
export function earlyOrFetch<T>(path: string): Promise<T> {
  const early = started.get(path);
  started.delete(path);
  const stillHolds =
    early !== undefined &&
    Date.now() - early.at <= MAX_AGE_MS &&
    early.token === readStoredToken() &&
    early.writes === writesSent();
  if (!stillHolds) return apiFetch<T>(path);
  return (early.answer as Promise<T>).catch(() => apiFetch<T>(path));
}
