import { badRequest, unauthorized } from '../core/errors';
import type { Actor, AppContext, RouteContext } from '../core/context';
import { addressLimitKey, assertNotLimited, recordFailure, type RateLimitRule } from './rate-limit';

const CONTENT_KEY = /^[a-f0-9]{26}$/;

export interface ContentKeyOptions {
  /** Failed attempts allowed per client address and window. */
  failures: RateLimitRule;
  /** How long a key found valid is trusted without asking storage again, in ms. */
  cacheMs: number;
}

/**
 * Content API key authentication (reference-behaviour §4): the `key` query parameter only. Failures are
 * rate limited per client address, when the host gives one; successes never are, and are remembered
 * briefly so the cache path of a hot Content API does not touch the database.
 */
export class ContentKeys {
  private readonly known = new Map<string, { actor: Actor; until: number }>();

  constructor(
    private readonly app: AppContext,
    private readonly options: ContentKeyOptions,
    /** The time in ms, read on every cache hit (`isKnown`): the service's clock. */
    private readonly clock: () => number,
  ) {}

  async authenticate(ctx: Pick<RouteContext, 'query' | 'clientAddress'>): Promise<Actor> {
    const keys = ctx.query.getAll('key');
    const now = this.app.now();
    if (keys.length === 1) {
      const hit = this.known.get(keys[0]);
      if (hit && hit.until > now.getTime()) return hit.actor;
    }
    const row = keys.length === 1 && CONTENT_KEY.test(keys[0]) ? await this.app.storage.integrations.findContentKey(keys[0]) : null;
    if (!row) throw await this.failure(ctx.clientAddress, keys.length, now);
    const actor: Actor = { kind: 'integration', integrationId: row.integration_id, apiKeyId: row.id };
    if (this.known.size > 10_000) this.known.clear();
    this.known.set(keys[0], { actor, until: now.getTime() + this.options.cacheMs });
    return actor;
  }

  /**
   * Whether `key`, exactly as given, is a key found valid within `cacheMs` (what `authenticate` would
   * accept without asking storage), or within `graceMs` more (answers kept while the database is out of
   * reach). Only valid keys are remembered, so a true here never skips a failure that ought to be counted.
   */
  isKnown(key: string, graceMs = 0): boolean {
    const hit = this.known.get(key);
    return hit !== undefined && hit.until + graceMs > this.clock();
  }

  /** A failed attempt: refused with 429 once the address has used up its failures, else counted. */
  private async failure(address: string | undefined, given: number, now: Date): Promise<Error> {
    const limiter = addressLimitKey(this.app.options.logger, 'content-key', address);
    if (limiter) {
      const { rateLimits } = this.app.storage;
      await assertNotLimited(rateLimits, limiter, this.options.failures, now, 'Too many failed Content API key attempts from this address.');
      await recordFailure(rateLimits, limiter, this.options.failures, now);
    }
    if (given === 0) return unauthorized('Authorization failed: a Content API key is required in the key parameter.', { code: 'NO_CREDENTIALS' });
    if (given > 1) return badRequest("Query parameter 'key' may be given only once.", { code: 'INVALID_KEY' });
    return unauthorized('Unknown Content API Key', { code: 'UNKNOWN_CONTENT_API_KEY' });
  }

  /** Forgets every remembered key, e.g. after a key was refreshed or an integration deleted. */
  forget(): void {
    this.known.clear();
  }
}
