import { bodyBytes, bytesResponse } from './body-bytes';
import type { RouteContext, RouteDef } from './context';
import { CONTENT_CORS } from './cors';
import { matchesIfNoneMatch, strongEtag } from './etag';
import { entryAnswers, type EntryAnswers, type HeaderReader, type WireAnswer } from './wire-answer';
import { CACHE_TAG, EVERYTHING } from '../read-model/keys';
import type { ReadModel } from '../read-model/read-model';

export interface ContentApiOptions {
  /** `Cache-Control: public, max-age=<maxAge>` on Content API responses; default 0. */
  maxAge: number;
  /** What the read model may keep; `false` keeps nothing. */
  cache: false | { maxBytes: number };
  /** How long another instance's change may go unseen by this one, in ms; default 500. */
  generationCheckMs: number;
  /** Also name an answer's keys in `Surrogate-Key`, space-separated (Fastly); default false. */
  surrogateKeys: boolean;
}

/** A 200 as every request for it is answered: its body, validator, and headers for a hit and a miss. */
interface KeptAnswer {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Made once: every hit and every 304 sends the same. */
  hit: Record<string, string>;
  miss: Record<string, string>;
  /** The same hit for a server adapter, also made once (see `wire-answer.ts`). */
  answers: EntryAnswers;
}

/**
 * What makes two requests the same resource: the path and the query without the key (which only
 * authorises), in a fixed order, so `?a=1&b=2` and `?b=2&a=1` share one answer.
 */
export function cacheKey(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => name !== 'key');
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
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

  private headers(etag: string | undefined, contentType: string, keys: string | null): Record<string, string> {
    const headers: Record<string, string> = { ...CONTENT_CORS, 'content-type': contentType, 'cache-control': `public, max-age=${this.options.maxAge}` };
    if (etag) headers.etag = etag;
    if (keys) {
      headers[CACHE_TAG] = keys;
      if (this.options.surrogateKeys) headers['surrogate-key'] = keys.replaceAll(',', ' ');
    }
    return headers;
  }

  private respond(request: Request, answer: KeptAnswer, headers: Record<string, string>): Response {
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), answer.etag)) return new Response(null, { status: 304, headers });
    return bytesResponse(answer.body, { status: 200, headers });
  }

  async serve(ctx: RouteContext, route: RouteDef): Promise<Response> {
    const since = await this.readModel.current();
    const name = answerName(cacheKey(ctx.url));
    const kept = this.readModel.get<KeptAnswer>(name);
    if (kept) return this.respond(ctx.request, kept, kept.hit);

    const response = await route.handle(ctx);
    if (response.status !== 200) return response;
    const keys = response.headers.get(CACHE_TAG);
    const contentType = response.headers.get('content-type') ?? 'application/json; charset=utf-8';
    const body = bodyBytes(response);
    // a streamed body (`limit=all`) is neither kept nor hashed for an ETag: it would have to be held
    // whole, which is what streaming it avoids
    if (!body) {
      for (const [header, value] of Object.entries(this.headers(undefined, contentType, keys))) response.headers.set(header, value);
      response.headers.set('x-cache', 'MISS');
      return response;
    }
    const etag = strongEtag(body);
    const headers = this.headers(etag, contentType, keys);
    const hit = { ...headers, 'x-cache': 'HIT' };
    const answer: KeptAnswer = { body, etag, hit, miss: { ...headers, 'x-cache': 'MISS' }, answers: entryAnswers(hit, body) };
    // an answer that names no keys may show anything: any change ends it
    const dependsOn = keys === null ? [EVERYTHING] : keys.split(',').filter(Boolean);
    this.readModel.keep(name, answer, dependsOn, body.byteLength + 1024, since);
    return this.respond(ctx.request, answer, answer.miss);
  }

  /**
   * What `serve` gives for a request with this cache key when that is a hit which needs nothing
   * awaited: the read model is current without asking the database, and holds the answer. Else
   * undefined, and the request must go through `serve`.
   */
  readyAnswer(key: string, method: 'GET' | 'HEAD', header: HeaderReader): WireAnswer | undefined {
    if (this.readModel.fresh() === undefined) return undefined;
    const answer = this.readModel.get<KeptAnswer>(answerName(key));
    if (!answer) return undefined;
    if (matchesIfNoneMatch(header('if-none-match'), answer.etag)) return answer.answers.notModified;
    return method === 'HEAD' ? answer.answers.head : answer.answers.get;
  }
}
