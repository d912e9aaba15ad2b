import { ApiError } from '../core/errors';
import type { RateLimitStore, RateWindow } from '../storage/storage';

export interface RateLimitRule {
  /** Failures allowed in one window; the next attempt is refused until the window ends. */
  limit: number;
  windowMs: number;
}

export function tooMany(resetAt: Date, now: Date, message: string): ApiError {
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new ApiError('TooManyRequestsError', message, {
    context: `Try again in ${retryAfter} seconds.`,
    headers: { 'retry-after': String(retryAfter) },
    code: 'TOO_MANY_REQUESTS',
  });
}

/** The running window of `key` when it has used up its failures; null while attempts are allowed. */
export async function exhausted(store: RateLimitStore, key: string, rule: RateLimitRule, now: Date): Promise<RateWindow | null> {
  const window = await store.peek(key, now);
  return window && window.count >= rule.limit ? window : null;
}

/** Refuses with 429 (and Retry-After) when `key` has used up its failures in the running window. */
export async function assertNotLimited(store: RateLimitStore, key: string, rule: RateLimitRule, now: Date, message: string): Promise<void> {
  const window = await exhausted(store, key, rule, now);
  if (window) throw tooMany(window.resetAt, now, message);
}

/** Counts a failure against `key`. */
export async function recordFailure(store: RateLimitStore, key: string, rule: RateLimitRule, now: Date): Promise<void> {
  await store.hit(key, rule.windowMs, now);
}
