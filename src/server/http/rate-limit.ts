import { sql } from 'drizzle-orm';
import type { Db } from '../db/pool';
import { HttpError } from './errors';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Counts one hit on `key` in the current fixed window and answers 429 past `max`.
 * Counters live in the database so every copy of the app shares them (DESIGN 1).
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowMs: number, now: number) {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const result = await db.execute<{ hits: number }>(sql`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
    RETURNING hits`);
  const hits = Number(result.rows[0]?.hits ?? 0);
  if (hits > max) throw new HttpError(429, RATE_LIMITED_MESSAGE);
  // Old windows are useless; dropping them now and then keeps the table small.
  if (hits === 1 && Math.random() < 0.01) {
    await db.execute(sql`DELETE FROM rate_limits WHERE window_start < ${new Date(now - 24 * 3600_000)}`);
  }
}
