import { ApiError } from '../core/errors';
import type { Logger } from '../logger';
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

const warned = new WeakSet<Logger>();

/**
 * The rate-limit key for `scope` and the request's address; null when the host gave no address, in
 * which case per-address limits do not apply (one shared "unknown" address would let anyone lock
 * everyone out). The first time, the service says so through its logger.
 */
export function addressLimitKey(logger: Logger, scope: string, address: string | undefined): string | null {
  if (address !== undefined) return `${scope}:${address}`;
  if (!warned.has(logger)) {
    warned.add(logger);
    logger.warn(
      'service.fetch was called without a client address, so per-address rate limits (sign-in, ' +
        'Content API keys) are off; per-email limits still apply. Pass service.fetch(request, { clientAddress }) ' +
        '(the pressroom/node and pressroom/express adapters do).',
    );
  }
  return null;
}
