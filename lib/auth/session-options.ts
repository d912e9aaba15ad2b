import type { RateLimitRule } from './rate-limit';

/** How staff sessions behave; part of the resolved `auth` options. */
export interface SessionPolicy {
  sessionLifetimeMs: number;
  /** Normalised origins (`scheme://host[:port]`) browsers may call the Admin API from; the admin URL's is always first. */
  trustedOrigins: string[];
  loginRateLimit: { perEmail: RateLimitRule; perAddress: RateLimitRule };
}

const SIX_MONTHS_MS = 183 * 24 * 60 * 60 * 1000;

interface SessionOptionsInput {
  sessionLifetimeMs?: number;
  trustedOrigins?: string[];
  loginRateLimit?: { perEmail?: number; perAddress?: number; windowMs?: number };
}

/** `scheme://host[:port]` of an http(s) URL or origin, or null when it is not one (including `null`). */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // no real origin is this long; refusing it keeps what sessions store bounded
  return url.origin.length <= 1000 ? url.origin : null;
}

function positive(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new TypeError(`pressroom: option ${option} must be a positive number`);
  return value;
}

export function resolveSessionPolicy(options: SessionOptionsInput, adminUrl: string): SessionPolicy {
  const trusted = [normaliseOrigin(adminUrl)!];
  for (const origin of options.trustedOrigins ?? []) {
    const normalised = typeof origin === 'string' ? normaliseOrigin(origin) : null;
    if (!normalised) throw new TypeError(`pressroom: auth.trustedOrigins entries must be http(s) origins, got ${JSON.stringify(origin)}`);
    if (!trusted.includes(normalised)) trusted.push(normalised);
  }
  const limits = options.loginRateLimit ?? {};
  const windowMs = positive(limits.windowMs, 60_000, 'auth.loginRateLimit.windowMs');
  return {
    sessionLifetimeMs: positive(options.sessionLifetimeMs, SIX_MONTHS_MS, 'auth.sessionLifetimeMs'),
    trustedOrigins: trusted,
    loginRateLimit: {
      perEmail: { limit: Math.floor(positive(limits.perEmail, 5, 'auth.loginRateLimit.perEmail')), windowMs },
      perAddress: { limit: Math.floor(positive(limits.perAddress, 5, 'auth.loginRateLimit.perAddress')), windowMs },
    },
  };
}
