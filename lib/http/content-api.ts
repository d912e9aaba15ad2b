import { bodiless, withHeaders, type Answer } from '../core/answer';
import type { RequestHead } from '../core/head';
import type { AppContext, RouteContext, RouteDef } from '../core/context';
import { ByteLru } from '../util/byte-lru';
import { GenerationTracker } from './cache/generation';
import { CONTENT_CORS } from './cors';
import { matchesIfNoneMatch, strongEtag } from '../core/etag';

export interface ContentApiOptions {
  /** `Cache-Control: public, max-age=<maxAge>` on Content API responses; default 0. */
  maxAge: number;
  /** The in-process response cache; `false` turns it off. */
  cache: false | { maxBytes: number };
  /** How stale this instance's view of the shared content generation may get, in ms; default 500. */
  generationCheckMs: number;
}

/** A 200 as every request for it is answered: its validator and the answers it gives, made once. */
interface Kept {
  etag: string;
  answers: KeptAnswers;
}

interface Entry extends Kept {
  generation: number;
  size: number;
}

/** The three answers a kept 200 gives: a GET, a HEAD (its length, no bytes) and a 304. */
interface KeptAnswers {
  get: Answer;
  head: Answer;
  notModified: Answer;
}

function keptAnswers(headers: Record<string, string>, body: Uint8Array): KeptAnswers {
  return {
    get: Object.freeze({ status: 200, headers: Object.freeze(headers), body }),
    head: Object.freeze(bodiless(200, Object.freeze({ ...headers, 'content-length': String(body.byteLength) }))),
    notModified: Object.freeze(bodiless(304, Object.freeze(headers))),
  };
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

  private respond(head: RequestHead, kept: Kept): Answer {
    if (matchesIfNoneMatch(head.headers.get('if-none-match'), kept.etag)) return kept.answers.notModified;
    return head.method === 'HEAD' ? kept.answers.head : kept.answers.get;
  }

  async serve(ctx: RouteContext, route: RouteDef): Promise<Answer> {
    const generation = await this.generation.current();
    const key = cacheKey(ctx.url);
    const cached = this.lru?.get(key);
    if (cached && cached.generation === generation) return this.respond(ctx.head, cached);

    const answer = await route.handle(ctx);
    if (answer.status !== 200) return answer;
    const { body } = answer;
    // a streamed body (`limit=all`) is neither held for the cache nor hashed for an ETag: it would
    // have to be held whole, which is what streaming it avoids
    if (!(body instanceof Uint8Array)) return withHeaders(answer, { 'cache-control': `public, max-age=${this.options.maxAge}` });
    const etag = strongEtag(body);
    const kept: Kept = { etag, answers: keptAnswers(this.headers(etag, answer.headers['content-type'] ?? 'application/json; charset=utf-8'), body) };
    if (this.lru) this.lru.set(key, { ...kept, generation, size: body.byteLength + key.length * 2 });
    return this.respond(ctx.head, kept);
  }

  /**
   * What `serve` gives for a GET or HEAD with this cache key when that is a hit which needs nothing
   * awaited: the generation read less than `generationCheckMs` ago, and an entry filled in it. Else
   * undefined, and the request must go through `serve`. The pipeline's first step for Content API reads.
   */
  lookup(key: string, head: RequestHead): Answer | undefined {
    const generation = this.generation.fresh();
    if (generation === undefined) return undefined;
    const entry = this.lru?.get(key);
    if (!entry || entry.generation !== generation) return undefined;
    return this.respond(head, entry);
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
