import { sql } from 'drizzle-orm';
import type { Db } from '../db/pool';
import { HttpError } from './errors';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/** One counted attempt; `undo` takes it back (a log-in that succeeded was no guess). */
export type RateLimitHit = { undo: () => Promise<void> };

/** A 429 that tells the client when the window ends (Retry-After, in seconds). */
export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * Counts one hit on `key` in the current fixed window and answers 429 past `max`.
 * Counters live in the database so every copy of the app shares them (DESIGN 1).
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  max: number,
  windowMs: number,
  now: number,
  message = RATE_LIMITED_MESSAGE,
): Promise<RateLimitHit> {
  const windowStartMs = Math.floor(now / windowMs) * windowMs;
  const windowStart = new Date(windowStartMs);
  const result = await db.execute<{ hits: number }>(sql`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
    RETURNING hits`);
  const hits = Number(result.rows[0]?.hits ?? 0);
  if (hits > max) {
    throw new RateLimitedError(message, Math.max(1, Math.ceil((windowStartMs + windowMs - now) / 1000)));
  }
  // Old windows are useless; dropping them now and then keeps the table small.
  if (hits === 1 && Math.random() < 0.01) {
    await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${new Date(now - 24 * 3600_000)}`);
  }
  return {
    undo: async () => {
      await db.execute(sql`
        UPDATE rate_limits SET hits = hits - 1
        WHERE key = ${key} AND window_start = ${windowStart} AND hits > 0`);
    },
  };
}
