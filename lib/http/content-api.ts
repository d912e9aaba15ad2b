import { bodiless, withHeaders, type Answer } from '../core/answer';
import type { RouteContext, RouteDef } from '../core/context';
import { matchesIfNoneMatch, strongEtag } from '../core/etag';
import type { RequestHead } from '../core/head';
import { CACHE_TAG, EVERYTHING } from '../read-model/keys';
import type { ReadModel } from '../read-model/read-model';
import { CONTENT_CORS } from './cors';

export interface ContentApiOptions {
  /** `Cache-Control: public, max-age=<maxAge>` on Content API responses; default 0. */
  maxAge: number;
  /** What the read model may keep; `false` keeps nothing. */
  cache: false | { maxBytes: number };
  /** How long another instance's change may go unseen by this one, in ms; default 500. */
  generationCheckMs: number;
  /** Also name an answer's keys in `Surrogate-Key`, space-separated (Fastly); default false. */
  surrogateKeys: boolean;
  /** How long after the read model was last known current it may answer while the database is out of reach, in ms; default 60 s. */
  staleIfErrorMs: number;
}

/** A 200 as every request for it is answered: its validator and the answers it gives, made once. */
interface Kept {
  etag: string;
  /** A hit: a GET, a HEAD (its length, no bytes) and a 304. */
  get: Answer;
  head: Answer;
  notModified: Answer;
}

function kept(etag: string, headers: Record<string, string>, body: Uint8Array): Kept {
  const hit = Object.freeze({ ...headers, 'x-cache': 'HIT' });
  // with its length, so that no adapter copies the headers to add it on every hit
  const whole = Object.freeze({ ...hit, 'content-length': String(body.byteLength) });
  return {
    etag,
    get: Object.freeze({ status: 200, headers: whole, body }),
    head: Object.freeze(bodiless(200, whole)),
    notModified: Object.freeze(bodiless(304, hit)),
  };
}

/** A path a URL parser leaves as it is: no dot segments, escapes, backslashes, or `//` start. */
const PLAIN_PATH = /^\/(?!\/)[\w\-~!$&'()*+,;=:@/]*$/;
/** A query a URL parser leaves as it is: no fragment, whitespace, controls or non-ASCII. */
const PLAIN_QUERY = /^[\w\-.~!$&'()*+,;=:@/?%]*$/;
/** Characters a decoded name or value may hold as they are in a cache key; the rest are escaped. */
const ESCAPED_IN_KEY = /%(?:24|2C|3B|3A|40|2F|3F)/g;

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
 * What makes two requests the same resource: the path, and the query without the key (which only
 * authorises) in order of name, so `?a=1&b=2`, `?b=2&a=1` and `?b=2&a=%31` share one answer. Worked out
 * from the target as received, parsed as a URL only where a URL parser would change it (dot segments, a
 * fragment), so the pipeline's first step (http/cached-targets.ts) finds a kept answer with no URL parse
 * and no route look-up. A repeated name keeps its values in order: routes read the first.
 */
export function cacheKey(target: string): string {
  const q = target.indexOf('?');
  let path = q < 0 ? target : target.slice(0, q);
  let query = q < 0 ? '' : target.slice(q + 1);
  if (!PLAIN_PATH.test(path) || !PLAIN_QUERY.test(query)) {
    try {
      const url = new URL(target, 'http://localhost');
      path = url.pathname;
      query = url.search.slice(1);
    } catch {
      // not a URL: no route serves it, so nothing is kept under it
    }
  }
  // read on every cache hit: one pass, and a sort only for parameters out of order
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
  let key = `${path}?`;
  for (let i = 0; i < params.length; i++) key += i === 0 ? params[i][1] : `&${params[i][1]}`;
  return key;
}

/** The read model's name for the answer to a request with this cache key. */
const answerName = (key: string) => `answer\u0000${key}`;

/**
 * The Content API's HTTP behaviour around a route: validators, 304s, cache headers (`Cache-Tag`,
 * `X-Cache`), and answers kept by the read model (lib/read-model) until a change touches what they show.
 */
export class ContentResponses {
  constructor(
    private readonly readModel: ReadModel,
    private readonly options: ContentApiOptions,
  ) {}

  private headers(contentType: string, keys: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { ...CONTENT_CORS, 'content-type': contentType, 'cache-control': `public, max-age=${this.options.maxAge}` };
    if (keys) {
      headers[CACHE_TAG] = keys;
      if (this.options.surrogateKeys) headers['surrogate-key'] = keys.replaceAll(',', ' ');
    }
    return headers;
  }

  private respond(head: RequestHead, answer: Kept): Answer {
    if (matchesIfNoneMatch(head.headers.get('if-none-match'), answer.etag)) return answer.notModified;
    return head.method === 'HEAD' ? answer.head : answer.get;
  }

  async serve(ctx: RouteContext, route: RouteDef): Promise<Answer> {
    const since = await this.readModel.current();
    const name = answerName(cacheKey(ctx.head.target));
    const held = this.readModel.get<Kept>(name);
    if (held) return this.respond(ctx.head, held);

    const answer = await route.handle(ctx);
    if (answer.status !== 200) return answer;
    const keys = answer.headers[CACHE_TAG];
    const headers = this.headers(answer.headers['content-type'] ?? 'application/json; charset=utf-8', keys);
    const { body } = answer;
    // a streamed body (`limit=all`) is neither kept nor hashed for an ETag: it would have to be held
    // whole, which is what streaming it avoids
    if (!(body instanceof Uint8Array)) return withHeaders(answer, { ...headers, 'x-cache': 'MISS' });
    const etag = strongEtag(body);
    const made = kept(etag, { ...headers, etag }, body);
    // an answer that names no keys may show anything: any change ends it
    this.readModel.keep(name, made, keys === undefined ? [EVERYTHING] : keys.split(',').filter(Boolean), body.byteLength + 1024, since);
    const miss = this.respond(ctx.head, made);
    return withHeaders(miss, { 'x-cache': 'MISS' });
  }

  /**
   * What `serve` gives for a GET or HEAD with this cache key when that is a hit which needs nothing
   * awaited: the read model is current without asking the database, and holds the answer. Else
   * undefined, and the request must go through `serve`. The pipeline's first step for Content API reads.
   */
  lookup(key: string, head: RequestHead): Answer | undefined {
    if (this.readModel.fresh() === undefined) return undefined;
    const held = this.readModel.get<Kept>(answerName(key));
    return held && this.respond(head, held);
  }

  /**
   * While the database is out of reach: the answer held for this cache key, marked `X-Cache: STALE`, if
   * the read model was current no longer than `staleIfErrorMs` ago; else undefined (the request gets 503).
   */
  stale(key: string, head: RequestHead, now: number): Answer | undefined {
    if (now - this.readModel.follower.checkedAt > this.options.staleIfErrorMs) return undefined;
    const held = this.readModel.get<Kept>(answerName(key));
    return held && withHeaders(this.respond(head, held), { 'x-cache': 'STALE' });
  }
}
