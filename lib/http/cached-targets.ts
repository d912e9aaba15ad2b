// Which raw request targets are Content API reads the read model may answer at once (the pipeline's
// first step, lib/http/pipeline.ts), and the cache key the full way would give them.
import type { ContentKeys } from '../auth/content-key';
import { cacheKey } from './content-api';
import type { ApiRouter } from './router';

export interface CachedTargetDeps {
  router: ApiRouter;
  contentKeys: ContentKeys;
  imagesPath: string;
}

/**
 * Origin-form targets made of plain URL characters only, so that the key read from the raw text is the
 * key URLSearchParams reads: no fragment, no tab or newline (a URL parser drops them, which could join
 * `ke<TAB>y` into `key`), no whitespace, controls, backslashes or non-ASCII; and no `//` or `/\` start,
 * which a URL parser takes for a host. The path itself is then resolved by a real URL parse.
 */
const PLAIN_TARGET = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@/?%]*$/;

/**
 * The cache key of a target when the full way would serve it from the cache and nothing but the cache:
 * a Content API read whose key is one already found valid (so accepting it again has no side effects),
 * routed by its path alone. Undefined for everything else (every request whose key is not one already
 * found valid, redirects, odd addresses), which takes the full way.
 */
export function cachedTargets(deps: CachedTargetDeps): (target: string) => string | undefined {
  const { router, contentKeys, imagesPath } = deps;
  /** The key a target carries, as URLSearchParams reads it; null if it is not one plain `key`. */
  function keyOf(query: string): string | null {
    let key: string | null = null;
    for (const part of query.split('&')) {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      if (name === 'key') {
        if (key !== null) return null; // several: the full way refuses them, and counts the failure
        key = eq < 0 ? '' : part.slice(eq + 1);
      } else if (name.includes('%') || name.includes('+')) {
        return null; // a name that decodes to something else, perhaps to `key`
      }
    }
    return key;
  }

  /** The cache key for a target, or null when it is not a cached Content API route. */
  function routedKeyOf(target: string): string | null {
    let url: URL;
    try {
      url = new URL(target, 'http://localhost');
    } catch {
      return null;
    }
    const { pathname } = url;
    if (pathname.startsWith(`${imagesPath}/`) || pathname.includes('%00')) return null;
    // a path that no route matches is redirected (no trailing slash) or refused: the full way's to answer
    const found = router.lookup('GET', pathname);
    if (found.kind !== 'match' || found.api !== 'content') return null;
    const { route } = found.match;
    if (route.auth !== 'content' || route.permission) return null;
    return cacheKey(url);
  }

  // worked out afresh for every request (a URL parse and a route look-up, a few µs): nothing is kept
  // here, so nothing here can go stale
  return function cacheKeyOf(target: string): string | undefined {
    if (!PLAIN_TARGET.test(target)) return undefined;
    const q = target.indexOf('?');
    const key = q < 0 ? null : keyOf(target.slice(q + 1));
    // a key already found valid is hex only, so the raw text is the decoded key; any other key, or
    // none, goes the full way, to be refused and counted there
    if (key === null || !contentKeys.isKnown(key)) return undefined;
    return routedKeyOf(target) ?? undefined;
  };
}
