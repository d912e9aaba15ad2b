// Which raw request targets the read model may answer at once (the pipeline's first step,
// lib/http/pipeline.ts), and the cache key the full way gives them (http/content-api.ts).
import type { ContentKeys } from '../auth/content-key';
import { cacheKey } from './content-api';

/**
 * Origin-form targets made of plain URL characters only, so that the key read from the raw text is the
 * key URLSearchParams reads: no fragment, no tab or newline (a URL parser drops them, which could join
 * `ke<TAB>y` into `key`), no whitespace, controls, backslashes or non-ASCII; and no `//` or `/\` start,
 * which a URL parser takes for a host.
 */
const PLAIN_TARGET = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@/?%]*$/;

/** The key a query carries, as URLSearchParams reads it; null if it is not one plain `key`. */
function keyOf(query: string): string | null {
  let key: string | null = null;
  for (let start = 0; start <= query.length;) {
    const amp = query.indexOf('&', start);
    const end = amp < 0 ? query.length : amp;
    const eq = query.indexOf('=', start);
    const nameEnd = eq < 0 || eq > end ? end : eq;
    const name = query.slice(start, nameEnd);
    if (name === 'key') {
      if (key !== null) return null; // several: the full way refuses them, and counts the failure
      key = nameEnd === end ? '' : query.slice(nameEnd + 1, end);
    } else if (name.includes('%') || name.includes('+')) {
      return null; // a name that decodes to something else, perhaps to `key`
    }
    start = end + 1;
  }
  return key;
}

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
    if (!PLAIN_TARGET.test(target)) return undefined;
    const q = target.indexOf('?');
    const key = q < 0 ? null : keyOf(target.slice(q + 1));
    // a key already found valid is hex only, so the raw text is the decoded key
    if (key === null || !contentKeys.isKnown(key, graceMs)) return undefined;
    return cacheKey(target);
  };
}
