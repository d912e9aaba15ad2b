export interface RevisionOptions {
  /** Revisions kept per post or page; the oldest beyond it are dropped. Default 50. */
  perPost?: number;
  /** A `PUT` without `?save_revision=1` records at most one revision per post and author in this window, in ms. Default 10 minutes. */
  autosaveIntervalMs?: number;
}

export type ResolvedRevisionOptions = Required<RevisionOptions>;

function whole(value: number | undefined, fallback: number, min: number, option: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < min) throw new TypeError(`pressroom: option ${option} must be a whole number of at least ${min}, got ${value}`);
  return value;
}

export function resolveRevisionOptions(options: RevisionOptions = {}): ResolvedRevisionOptions {
  return {
    perPost: whole(options.perPost, 50, 1, 'revisions.perPost'),
    autosaveIntervalMs: whole(options.autosaveIntervalMs, 10 * 60 * 1000, 0, 'revisions.autosaveIntervalMs'),
  };
}
