import { bodyBytes, bytesResponse } from './body-bytes';
import type { AppContext, RouteContext, RouteDef } from '../core/context';
import { ByteLru } from '../util/byte-lru';
import { GenerationTracker } from './cache/generation';
import { CONTENT_CORS } from './cors';
import { matchesIfNoneMatch, strongEtag } from './etag';
import { entryAnswers, type EntryAnswers, type HeaderReader, type WireAnswer } from './wire-answer';

export interface ContentApiOptions {
  /** `Cache-Control: public, max-age=<maxAge>` on Content API responses; default 0. */
  maxAge: number;
  /** The in-process response cache; `false` turns it off. */
  cache: false | { maxBytes: number };
  /** How stale this instance's view of the shared content generation may get, in ms; default 500. */
  generationCheckMs: number;
}

/** A 200 as every request for it is answered: its body, validator and headers. */
interface Answer {
  status: number;
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Made once per entry: every hit and every 304 sends the same. */
  headers: Record<string, string>;
}

interface Entry extends Answer {
  generation: number;
  /** The same hit for a server adapter, also made once (see `wire-answer.ts`). */
  answers: EntryAnswers;
  size: number;
}

/**
 * What makes two requests the same resource: the path and the query without the key (which only
 * authorises), in a fixed order, so `?a=1&b=2` and `?b=2&a=1` share one entry.
 */
export function cacheKey(url: URL): string {
  const params = [...url.searchParams].filter(([name]) => name !== 'key');
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return `${url.pathname}?${new URLSearchParams(params).toString()}`;
}

/**
 * The Content API's HTTP behaviour around a route: validators, 304s, cache headers, and a response
 * cache that is only ever served for the generation of public content it was filled in.
 */
export class ContentResponses {
  private readonly lru: ByteLru<Entry> | null;
  readonly generation: GenerationTracker;

  constructor(
    app: AppContext,
    private readonly options: ContentApiOptions,
  ) {
    this.lru = options.cache ? new ByteLru<Entry>(options.cache.maxBytes) : null;
    this.generation = new GenerationTracker(app.storage.generation, options.generationCheckMs, () => app.now().getTime());
  }

  private headers(etag: string, contentType: string): Record<string, string> {
    return {
      ...CONTENT_CORS,
      'content-type': contentType,
      'cache-control': `public, max-age=${this.options.maxAge}`,
      etag,
    };
  }

  private respond(request: Request, entry: Answer): Response {
    if (matchesIfNoneMatch(request.headers.get('if-none-match'), entry.etag)) {
      return new Response(null, { status: 304, headers: entry.headers });
    }
    return bytesResponse(entry.body, { status: entry.status, headers: entry.headers });
  }

  async serve(ctx: RouteContext, route: RouteDef): Promise<Response> {
    const generation = await this.generation.current();
    const key = cacheKey(ctx.url);
    const cached = this.lru?.get(key);
    if (cached && cached.generation === generation) return this.respond(ctx.request, cached);

    const response = await route.handle(ctx);
    if (response.status !== 200) return response;
    const body = bodyBytes(response);
    // a streamed body (`limit=all`) is neither held for the cache nor hashed for an ETag: it would
    // have to be held whole, which is what streaming it avoids
    if (!body) {
      response.headers.set('cache-control', `public, max-age=${this.options.maxAge}`);
      return response;
    }
    const etag = strongEtag(body);
    const headers = this.headers(etag, response.headers.get('content-type') ?? 'application/json; charset=utf-8');
    const answer: Answer = { status: 200, body, etag, headers };
    if (this.lru) {
      this.lru.set(key, { ...answer, generation, answers: entryAnswers(headers, body), size: body.byteLength + key.length * 2 });
    }
    return this.respond(ctx.request, answer);
  }

  /**
   * What `serve` gives for a request with this cache key when that is a hit which needs nothing
   * awaited: the generation read less than `generationCheckMs` ago, and an entry filled in it. Else
   * undefined, and the request must go through `serve`.
   */
  readyAnswer(key: string, method: 'GET' | 'HEAD', header: HeaderReader): WireAnswer | undefined {
    const generation = this.generation.fresh();
    if (generation === undefined) return undefined;
    const entry = this.lru?.get(key);
    if (!entry || entry.generation !== generation) return undefined;
    if (matchesIfNoneMatch(header('if-none-match'), entry.etag)) return entry.answers.notModified;
    return method === 'HEAD' ? entry.answers.head : entry.answers.get;
  }

  /** Follows other instances' writes as they happen, where the storage can announce them. */
  async watch(storage: AppContext['storage']): Promise<() => Promise<void>> {
    if (!storage.watchGeneration) return async () => {};
    return storage.watchGeneration(() => this.invalidate());
  }

  /** Drops every cached response at once (a write through this instance). */
  invalidate(): void {
    this.generation.invalidate();
  }

  get cachedEntries(): number {
    return this.lru?.size ?? 0;
  }
}
