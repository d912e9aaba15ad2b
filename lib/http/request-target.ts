// The one reading of a request target that both ways of the pipeline (lib/http/pipeline.ts) go by: its
// cache key (what makes two requests the same resource) and the content key it carries. The first step
// (lib/http/cached-targets.ts) and the full way (lib/http/content-api.ts) both call `readTarget`, so the
// key a kept answer is found under is the key it was kept under by construction, not by two scanners
// agreeing.

/** A path a URL parser leaves as it is: no escapes, backslashes, or `//` start, and (DOT_SEGMENT) no dot segments. */
const PLAIN_PATH = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;
/** A query a URL parser leaves as it is: no fragment, whitespace, controls or non-ASCII. */
const PLAIN_QUERY = /^[\w\-.~!$&'()*+,;=:@/?%]*$/;
/** Characters a decoded name or value may hold as they are in a cache key; the rest are escaped. */
const ESCAPED_IN_KEY = /%(?:24|2C|3B|3A|40|2F|3F)/g;

export interface RequestTarget {
  /**
   * The path, and the query without the key (which only authorises) in order of name, so `?a=1&b=2`,
   * `?b=2&a=1` and `?b=2&a=%31` share one answer. A repeated name keeps its values in order: routes read
   * the first.
   */
  cacheKey: string;
  /**
   * The one `key` parameter, as written, when the raw text is what a URL parser reads (PLAIN_TARGET)
   * and nothing in it could decode to another `key`; else null (no key, several, a name with an escape
   * or `+`, odd characters), and the full way reads the key itself.
   */
  plainKey: string | null;
}

/**
 * Origin-form targets made of plain URL characters only, so that the key read from the raw text is the
 * key URLSearchParams reads: no fragment, no tab or newline (a URL parser drops them, which could join
 * `ke<TAB>y` into `key`), no whitespace, controls, backslashes or non-ASCII; and no `//` or `/\` start,
 * which a URL parser takes for a host. Dot segments and escapes in the path change the path, not the query.
 */
const PLAIN_TARGET = /^\/(?![/\\])[\w\-.~!$&'()*+,;=:@/?%]*$/;

/** The key a raw query carries, as URLSearchParams reads it; null if it is not one plain `key`. */
function keyIn(query: string): string | null {
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

/** `text` escaped for a cache key, as a plain parameter would have been written. */
function escapeForKey(text: string): string {
  return encodeURIComponent(text).replace(ESCAPED_IN_KEY, decodeURIComponent);
}

/** A parameter as `[name, its text in the key]`: as written where nothing in it is escaped, else decoded as URLSearchParams decodes it and escaped again. */
function keyParam(param: string): [string, string] {
  const eq = param.indexOf('=');
  if (!param.includes('%') && !param.includes('+')) return [eq < 0 ? param : param.slice(0, eq), param];
  const [[name, value]] = new URLSearchParams(param);
  const escapedName = escapeForKey(name);
  // an `=` in a value is written as it is: only a parameter's first one ends its name
  return [escapedName, `${escapedName}=${escapeForKey(value).replaceAll('%3D', '=')}`];
}

const byName = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads `target` as received, parsed as a URL only where a URL parser would change it (dot segments, a
 * fragment), so a kept answer is found with no URL parse and no route look-up. Read on every cache hit:
 * one pass, and a sort only for parameters out of order.
 */
export function readTarget(target: string): RequestTarget {
  const q = target.indexOf('?');
  let path = q < 0 ? target : target.slice(0, q);
  const rawQuery = q < 0 ? '' : target.slice(q + 1);
  let query = rawQuery;
  if (!PLAIN_PATH.test(path) || DOT_SEGMENT.test(path) || !PLAIN_QUERY.test(query)) {
    try {
      const url = new URL(target, 'http://localhost');
      path = url.pathname;
      query = url.search.slice(1);
    } catch {
      // not a URL: no route serves it, so nothing is kept under it
    }
  }
  const params: [string, string][] = [];
  let sorted = true;
  for (let start = 0; start <= query.length;) {
    const amp = query.indexOf('&', start);
    const end = amp < 0 ? query.length : amp;
    if (end > start) {
      const param = keyParam(query.slice(start, end));
      if (param[0] !== 'key') {
        if (params.length > 0 && byName(params[params.length - 1], param) > 0) sorted = false;
        params.push(param);
      }
    }
    start = end + 1;
  }
  if (!sorted) params.sort(byName);
  let cacheKey = `${path}?`;
  for (let i = 0; i < params.length; i++) cacheKey += i === 0 ? params[i][1] : `&${params[i][1]}`;
  return { cacheKey, plainKey: PLAIN_TARGET.test(target) ? keyIn(rawQuery) : null };
}

/** The cache key of `target` (see `RequestTarget.cacheKey`). */
export function cacheKey(target: string): string {
  return readTarget(target).cacheKey;
}
