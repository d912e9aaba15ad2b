import type { Mailer } from './mailer';

export interface PeopleOptions {
  /** Sends invitation and password-reset mail; without it those endpoints work but say no mail went out. */
  mail?: Mailer;
  invites?: {
    /** How long an invitation's link works, in ms; default 7 days. */
    expiryMs?: number;
  };
  passwordReset?: {
    /** How long a reset link works, in ms; default 24 hours. */
    expiryMs?: number;
    /** Reset requests allowed per email and per client address in one window; default 5 and 20 per hour. */
    rateLimit?: { perEmail?: number; perAddress?: number; windowMs?: number };
  };
  actions?: {
    /** How long the activity log keeps an entry, in days; default 90. */
    retentionDays?: number;
  };
}

export interface ResolvedPeopleOptions {
  mail?: Mailer;
  inviteExpiryMs: number;
  resetExpiryMs: number;
  resetRateLimit: { perEmail: { limit: number; windowMs: number }; perAddress: { limit: number; windowMs: number } };
  actionRetentionMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function positive(value: number | undefined, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new TypeError(`pressroom: option ${option} must be a positive number`);
  return value;
}

export function resolvePeopleOptions(options: PeopleOptions): ResolvedPeopleOptions {
  if (options.mail !== undefined && typeof options.mail?.send !== 'function') {
    throw new TypeError('pressroom: option mail must be an object with send(message) => Promise<void>');
  }
  const limit = options.passwordReset?.rateLimit ?? {};
  const windowMs = positive(limit.windowMs, 60 * 60 * 1000, 'passwordReset.rateLimit.windowMs');
  return {
    mail: options.mail,
    inviteExpiryMs: positive(options.invites?.expiryMs, 7 * DAY_MS, 'invites.expiryMs'),
    resetExpiryMs: positive(options.passwordReset?.expiryMs, DAY_MS, 'passwordReset.expiryMs'),
    resetRateLimit: {
      perEmail: { limit: positive(limit.perEmail, 5, 'passwordReset.rateLimit.perEmail'), windowMs },
      perAddress: { limit: positive(limit.perAddress, 20, 'passwordReset.rateLimit.perAddress'), windowMs },
    },
    actionRetentionMs: positive(options.actions?.retentionDays, 90, 'actions.retentionDays') * DAY_MS,
  };
}
