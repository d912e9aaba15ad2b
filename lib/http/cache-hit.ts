import type { ContentKeys } from '../auth/content-key';
import { cacheKey, type ContentResponses } from './content-api';
import type { ApiRouter } from './router';
import type { HeaderReader, WireAnswer } from './wire-answer';

export interface CacheHitDeps {
  router: ApiRouter;
  contentKeys: ContentKeys;
  contentResponses: ContentResponses;
  imagesPath: string;
  /** False while the full way must run first: after `close()`, or when scheduled posts may be due. */
  mayAnswer(): boolean;
}

/**
 * Origin-form targets whose path and query a URL parser leaves as they are, except for what the
 * full parse below settles (dot segments, percent-encoding): no `//` or `/\` start (taken for a
 * host), no fragment, no whitespace, controls, backslashes or characters it would percent-encode.
 */
const PLAIN_TARGET = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@/?%]*$/;

/** Resolved targets (with the key taken out) are kept up to this many, then forgotten all at once. */
const MAX_TARGETS = 10_000;

/**
 * Answers the Content API cache hits that need nothing awaited straight from the cache, with no
 * Request, URL, Headers or Response made; everything else (misses, a stale generation, every request
 * whose key is not one already found valid, redirects, odd addresses) is left to `fetch`.
 *
 * It answers only when the full way would answer the same: the full way routes by the path alone,
 * accepts a remembered key without side effects, has nothing to run before the route while
 * `mayAnswer()` holds, and serves a hit from the cache entry and `If-None-Match` alone.
 */
export function createCacheHitAnswerer(deps: CacheHitDeps) {
  const { router, contentKeys, contentResponses, imagesPath } = deps;
  // target without its key → the cache key `fetch` would use, or null where a cached answer never applies
  const resolved = new Map<string, string | null>();

  /** The cache key for a target, or null when it is not a cached Content API route. */
  function resolve(target: string): string | null {
    let url: URL;
    try {
      url = new URL(target, 'http://localhost');
    } catch {
      return null;
    }
    const { pathname } = url;
    if (pathname.startsWith(`${imagesPath}/`) || pathname.includes('%00')) return null;
    // a path that no route matches is redirected (no trailing slash) or refused: `fetch`'s to answer
    const found = router.lookup('GET', pathname);
    if (found.kind !== 'match' || found.api !== 'content') return null;
    const { route } = found.match;
    if (route.auth !== 'content' || route.permission) return null;
    return cacheKey(url);
  }

  return function answer(method: string, target: string, header: HeaderReader): WireAnswer | undefined {
    if ((method !== 'GET' && method !== 'HEAD') || !PLAIN_TARGET.test(target) || !deps.mayAnswer()) return undefined;
    const q = target.indexOf('?');
    if (q < 0) return undefined; // no key: the full way refuses it, and counts the failure
    // the key as URLSearchParams would read it: the one parameter named `key`
    let key: string | undefined;
    let keys = 0;
    const rest: string[] = [];
    for (const part of target.slice(q + 1).split('&')) {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      if (name === 'key') {
        keys++;
        key = eq < 0 ? '' : part.slice(eq + 1);
      } else if (name.includes('%') || name.includes('+')) {
        return undefined; // a name that decodes to something else, perhaps to `key`
      } else {
        rest.push(part);
      }
    }
    // a remembered key is one found valid, hex only, so the raw text is the decoded key; any other key,
    // none or several go the full way, to be refused and counted there
    if (keys !== 1 || !contentKeys.isKnown(key!)) return undefined;

    // `fetch` ignores the key in its cache key, so the resolved target need not hold it either
    const withoutKey = `${target.slice(0, q)}?${rest.join('&')}`;
    let found = resolved.get(withoutKey);
    if (found === undefined) {
      found = resolve(withoutKey);
      if (resolved.size >= MAX_TARGETS) resolved.clear();
      resolved.set(withoutKey, found);
    }
    if (found === null) return undefined;
    return contentResponses.readyAnswer(found, method, header);
  };
}
