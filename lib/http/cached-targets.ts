// Which raw request targets the read model may answer at once (the pipeline's first step,
// lib/http/pipeline.ts), under the cache key the full way gives them (both read it with http/request-target.ts).
import type { ContentKeys } from '../auth/content-key';
import { readTarget } from './request-target';

/**
 * The cache key of a target the response cache may answer without the full way: one that carries a
 * content key already found valid (so accepting it again has no side effects). Undefined for every other
 * target (no key, a key not yet found valid, odd addresses), which takes the full way, to be refused and
 * counted there. No route is looked up: only the full way keeps answers, each under the cache key of the
 * Content API read it routed, so a key names a kept answer only for a target routed alike.
 */
export function cachedTargets(contentKeys: ContentKeys): (target: string, graceMs?: number) => string | undefined {
  // graceMs: how much longer than usual a key found valid is taken as valid (stale answers, http/content-api.ts)
  return function cacheKeyOf(target: string, graceMs = 0): string | undefined {
    const { cacheKey, plainKey } = readTarget(target);
    // a key already found valid is hex only, so the raw text is the decoded key
    if (plainKey === null || !contentKeys.isKnown(plainKey, graceMs)) return undefined;
    return cacheKey;
  };
}
