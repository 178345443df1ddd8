// SPEC 4 and 9: refresh 60 seconds before expiry, or at once when less than that is left.
export const REFRESH_LEAD_SECONDS = 60;

/** Milliseconds to wait before refreshing a token that expires at `expSeconds`. */
export function refreshDelayMs(expSeconds: number, nowMs: number): number {
  return Math.max(0, expSeconds * 1000 - REFRESH_LEAD_SECONDS * 1000 - nowMs);
}
