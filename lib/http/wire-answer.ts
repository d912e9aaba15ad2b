// Content API cache hits in the form a socket writer takes them, for server adapters.
//
// For a small cached page the objects of the fetch interface (a `Headers` and a `URL` per request,
// the Request, a Response) cost more than the HTTP server does. A server adapter may therefore first
// offer a GET or HEAD to `ANSWER_CACHE_HIT` as the raw request target and a header reader: when the
// request is a cache hit that needs nothing awaited (see `cache-hit.ts`), the answer comes back as a
// status, header pairs and bytes made once per cache entry; otherwise it goes to `fetch` as usual.

/** A whole answer: status, header names and values in turn (as `res.writeHead` takes them), body. */
export interface WireAnswer {
  readonly status: number;
  /** `name, value, name, value, …`, names in lower case; shared between answers, never to be modified */
  readonly headers: readonly string[];
  /** null for a HEAD and for a 304; shared, never to be modified */
  readonly body: Uint8Array | null;
}

/** A request header's value, every line of it joined by `, ` as `Headers.get` does; null if absent. */
export type HeaderReader = (name: string) => string | null;

/** Registered, so that an adapter from the CommonJS build finds it on a service from the ESM build. */
export const ANSWER_CACHE_HIT: unique symbol = Symbol.for('pressroom.answerCacheHit');

export interface AnswersCacheHits {
  /**
   * The answer to a request if it is a Content API cache hit that can be served at once, exactly as
   * `fetch` would serve it; undefined when the request must go to `fetch`. `target`: the path and
   * query as the client sent them (origin form, `/…`).
   */
  [ANSWER_CACHE_HIT](method: string, target: string, header: HeaderReader): WireAnswer | undefined;
}

/** The three answers a cache entry can give, made once when the entry is: a GET, a HEAD and a 304. */
export interface EntryAnswers {
  get: WireAnswer;
  head: WireAnswer;
  notModified: WireAnswer;
}

/**
 * The answers for a cached 200 with these headers and body, as the full path writes them: header
 * names in the order a `Headers` gives them, and the body's Content-Length on a GET and a HEAD.
 */
export function entryAnswers(headers: Record<string, string>, body: Uint8Array): EntryAnswers {
  const pairsOf = (all: Record<string, string>) => {
    const pairs: string[] = [];
    new Headers(all).forEach((value, name) => pairs.push(name, value));
    return pairs;
  };
  const pairs = pairsOf(headers);
  const length = String(body.byteLength);
  // a GET's length is added by the socket writer after the response's headers; a HEAD's is one of them
  const withLength = [...pairs, 'content-length', length];
  return {
    get: Object.freeze({ status: 200, headers: Object.freeze(withLength), body }),
    head: Object.freeze({ status: 200, headers: Object.freeze(pairsOf({ ...headers, 'content-length': length })), body: null }),
    notModified: Object.freeze({ status: 304, headers: Object.freeze(pairs), body: null }),
  };
}
