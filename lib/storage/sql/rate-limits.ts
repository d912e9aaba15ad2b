import type { RateLimitStore, RateWindow } from '../storage';
import type { SqlDriver } from './driver';

export function sqlRateLimits(db: SqlDriver): RateLimitStore {
  return {
    async hit(key, windowMs, now) {
      // one statement, so concurrent hits on several instances count exactly
      const { rows } = await db.query<{ count: number; reset_at: Date }>(
        `INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, 1, $3)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_limits.reset_at <= $2 THEN 1 ELSE rate_limits.count + 1 END,
           reset_at = CASE WHEN rate_limits.reset_at <= $2 THEN $3 ELSE rate_limits.reset_at END
         RETURNING count, reset_at`,
        [key, now, new Date(now.getTime() + windowMs)],
      );
      return { count: rows[0].count, resetAt: rows[0].reset_at };
    },
    async peek(key, now): Promise<RateWindow | null> {
      const { rows } = await db.query<{ count: number; reset_at: Date }>('SELECT count, reset_at FROM rate_limits WHERE key = $1 AND reset_at > $2', [
        key,
        now,
      ]);
      return rows[0] ? { count: rows[0].count, resetAt: rows[0].reset_at } : null;
    },
    async clear(key) {
      await db.query('DELETE FROM rate_limits WHERE key = $1', [key]);
    },
    async purgeExpired(now) {
      await db.query('DELETE FROM rate_limits WHERE reset_at <= $1', [now]);
    },
  };
}
