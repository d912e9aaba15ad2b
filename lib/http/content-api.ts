import { withHeaders, type Answer } from '../core/answer';
import type { RouteContext, RouteDef } from '../core/context';
import { strongEtag } from '../core/etag';
import { answerFrom, readyAnswer, type ReadyAnswer } from '../core/ready-answer';
import type { RequestHead } from '../core/head';
import { CACHE_TAG, EVERYTHING } from '../read-model/keys';
import type { ReadModel } from '../read-model/read-model';
import { cacheKey } from './request-target';

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

  /** What every request of an answer gets alike; CORS and the headers of its root are added per request (lib/http/answer-headers.ts). */
  private headers(contentType: string, keys: string | undefined): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': contentType, 'cache-control': `public, max-age=${this.options.maxAge}` };
    if (keys) {
      headers[CACHE_TAG] = keys;
      if (this.options.surrogateKeys) headers['surrogate-key'] = keys.replaceAll(',', ' ');
    }
    return headers;
  }

  async serve(ctx: RouteContext, route: RouteDef): Promise<Answer> {
    const since = await this.readModel.current();
    const name = answerName(cacheKey(ctx.head.target));
    const held = this.readModel.get<ReadyAnswer>(name);
    if (held) return answerFrom(held, ctx.head);

    const answer = await route.handle(ctx);
    if (answer.status !== 200) return answer;
    const keys = answer.headers[CACHE_TAG];
    const headers = this.headers(answer.headers['content-type'] ?? 'application/json; charset=utf-8', keys);
    const { body } = answer;
    // a streamed body (`limit=all`) is neither kept nor hashed for an ETag: it would have to be held
    // whole, which is what streaming it avoids
    if (!(body instanceof Uint8Array)) return withHeaders(answer, { ...headers, 'x-cache': 'MISS' });
    const etag = strongEtag(body);
    // a hit says so; the answer made now says MISS below
    const made = readyAnswer(etag, { ...headers, etag, 'x-cache': 'HIT' }, body);
    // an answer that names no keys may show anything: any change ends it
    this.readModel.keep(name, made, keys === undefined ? [EVERYTHING] : keys.split(',').filter(Boolean), body.byteLength + 1024, since);
    const miss = answerFrom(made, ctx.head);
    return withHeaders(miss, { 'x-cache': 'MISS' });
  }

  /**
   * What `serve` gives for a GET or HEAD with this cache key when that is a hit which needs nothing
   * awaited: the read model is current without asking the database, and holds the answer. Else
   * undefined, and the request must go through `serve`. The pipeline's first step for Content API reads.
   */
  lookup(key: string, head: RequestHead): Answer | undefined {
    if (this.readModel.fresh() === undefined) return undefined;
    const held = this.readModel.get<ReadyAnswer>(answerName(key));
    return held && answerFrom(held, head);
  }

  /**
   * While the database is out of reach: the answer held for this cache key, marked `X-Cache: STALE`, if
   * the read model was current no longer than `staleIfErrorMs` ago; else undefined (the request gets 503).
   */
  stale(key: string, head: RequestHead, now: number): Answer | undefined {
    if (now - this.readModel.follower.checkedAt > this.options.staleIfErrorMs) return undefined;
    const held = this.readModel.get<ReadyAnswer>(answerName(key));
    return held && withHeaders(answerFrom(held, head), { 'x-cache': 'STALE' });
  }
}
