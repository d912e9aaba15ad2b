import type { AdminClient } from '../admin-client/serve';
import { authenticateAdmin } from '../auth/authenticate';
import type { ContentKeys } from '../auth/content-key';
import { allows } from '../auth/permissions';
import { bodiless, errorAnswer, withHeaders, type Answer } from '../core/answer';
import type { Actor, AppContext, Method, RouteContext } from '../core/context';
import { ApiError, asApiError, badRequest, noPermission, notFound } from '../core/errors';
import { forHead } from '../core/ready-answer';
import type { RequestHead } from '../core/head';
import type { KeptFiles } from '../files/kept-files';
import { serveFile } from '../files/serve';
import { ImageVariants } from '../files/variants';
import { adminPreflight } from './admin-cors';
import { AnswerHeaders, type ApiRoot } from './answer-headers';
import { cachedTargets } from './cached-targets';
import type { ContentResponses } from './content-api';
import { contentPreflight } from './cors';
import { addressOf } from './client-address';
import { outputOptions } from './output';
import type { ApiRouter, Lookup } from './router';
import { translateError } from './translate-error';
import { acceptVersionProblem } from './v5-roots';

export interface PipelineDeps {
  app: AppContext;
  router: ApiRouter;
  contentKeys: ContentKeys;
  contentResponses: ContentResponses;
  /**
   * Runs before every routed request: publishes scheduled posts fallen due, if a look is owed
   * (lib/resources/posts/scheduling.ts), and the hourly clean-up (lib/events/people-upkeep.ts).
   */
  runDueWork(): Promise<void>;
  /** Whether a look for scheduled posts is owed now: the response cache may not answer before `runDueWork` has run. */
  duePostsLookOwed(): boolean;
  isClosed(): boolean;
  /** The admin web app under `/{name}/`, unless turned off. */
  adminClient?: AdminClient;
  /** Where answers to plain GETs of small image files are kept for the first step. */
  keptFiles?: KeptFiles;
}

const isContent = (root: ApiRoot | null) => root === 'content' || root === 'content-v5';

/** The service's one way from a request to its answer; `context` is what the host passed beside the request (`FetchContext`). */
export type Pipeline = (head: RequestHead, context?: unknown) => Answer | Promise<Answer>;

const CONDITIONAL = ['range', 'if-range', 'if-none-match', 'if-modified-since'];
const CACHE_CONTROL_ADMIN = 'no-cache, private, no-store, must-revalidate, max-stale=0';
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);
/** Methods no request of the Fetch standard can carry: a head with one is refused as unreadable. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * How a request travels, in this order: an answer held ready (a small image file served before, a Content
 * API read the response cache holds) is given at once, with nothing awaited; anything else goes through files, routing and its redirects, preflights,
 * authentication and permissions, the Content API's cache, then the route. Every failure becomes the error
 * envelope; CORS and HEAD are settled last.
 */
export function createPipeline(deps: PipelineDeps): Pipeline {
  const { app, router, contentKeys, contentResponses } = deps;
  const resolved = app.options;
  const answerHeaders = new AnswerHeaders(resolved.name, resolved.auth.trustedOrigins);
  const variants = new ImageVariants(resolved.files.images, resolved.imagesPath, resolved.images);
  const cacheKeyOf = cachedTargets(contentKeys);
  // image files are kept under their path as sent (see `route`), so only a target starting so can be one
  const imagesPrefix = `${resolved.imagesPath}/`;
  // the full way answers 400 to an origin (a Host) no URL can be made with; the last one that could is remembered
  let goodOrigin = '';

  /** The first step: a GET or HEAD a kept image file or the response cache answers as the full way would, or undefined. */
  function fromCache(head: RequestHead): Answer | undefined {
    if ((head.method !== 'GET' && head.method !== 'HEAD') || deps.isClosed()) return undefined;
    if (head.origin !== goodOrigin) {
      if (!URL.canParse(head.origin)) return undefined;
      goodOrigin = head.origin;
    }
    // a kept image file needs no look for scheduled posts, which only routed requests run
    if (head.target.startsWith(imagesPrefix)) return deps.keptFiles?.lookup(head);
    if (deps.duePostsLookOwed()) return undefined;
    const key = cacheKeyOf(head.target);
    const kept = key === undefined ? undefined : contentResponses.lookup(key, head);
    // found under its key, whose path names its root as the full way's address did
    return kept && answerHeaders.finish(head, answerHeaders.rootOf(key!), kept);
  }

  /** What the read model holds for a Content API read while the database is out of reach (`contentApi.staleIfErrorSeconds`). */
  function staleAnswer(head: RequestHead, pathname: string): Answer | undefined {
    if ((head.method !== 'GET' && head.method !== 'HEAD') || !isContent(answerHeaders.rootOf(pathname))) return undefined;
    const key = cacheKeyOf(head.target, resolved.contentApi.staleIfErrorMs);
    return key === undefined ? undefined : contentResponses.stale(key, head, app.now().getTime());
  }

  async function authenticate(ctx: RouteContext, auth: 'public' | 'admin' | 'content'): Promise<Actor | null> {
    if (auth === 'admin') return authenticateAdmin(ctx.head, ctx.version, app);
    if (auth === 'content') return contentKeys.authenticate(ctx);
    return null;
  }

  /** The error for an address under the API prefix that no route serves: what its `Accept-Version` calls for at an unversioned root, else a 404 (naming the feature when it is one pressroom does not have). */
  function unrouted(head: RequestHead, pathname: string, found: Lookup & { kind: 'not-found' }): ApiError {
    const root = answerHeaders.rootOf(pathname);
    const problem = root === 'admin-v5' || root === 'content-v5' ? acceptVersionProblem(head) : null;
    if (problem) return problem;
    if (found.feature)
      return notFound(`pressroom does not serve ${found.feature}, a feature of the reference it does not have.`, { code: 'FEATURE_NOT_SERVED' });
    return notFound('Resource not found.');
  }

  async function route(head: RequestHead, url: URL, clientAddress: string | undefined): Promise<Answer> {
    if (deps.isClosed()) throw new ApiError('InternalServerError', 'The service has been closed.');
    const method = head.method.toUpperCase();
    if (url.pathname.startsWith(`${resolved.imagesPath}/`)) {
      const relative = url.pathname.slice(resolved.imagesPath.length + 1);
      const answer = (await variants.serve(head, relative)) ?? (await serveFile(head, resolved.files.images, relative));
      // kept under the target as sent, which is what the first step looks up
      if (deps.keptFiles && method === 'GET' && head.target === url.pathname && !CONDITIONAL.some((name) => head.headers.get(name) !== null)) {
        deps.keptFiles.remember(head.target, answer);
      }
      return answer;
    }
    if (deps.adminClient?.owns(url.pathname)) return deps.adminClient.serve(head, url);
    if (!router.owns(url.pathname)) throw notFound('Resource not found.');
    // a Content API preflight still passes, so that a browser client may read why the request after it fails
    const root = answerHeaders.rootOf(url.pathname);
    const versionProblem = router.versionProblem(url.pathname);
    if (versionProblem && !(method === 'OPTIONS' && isContent(root))) {
      throw notFound(versionProblem, { code: 'UNSUPPORTED_VERSION' });
    }
    // path parameters reach storage as text, which cannot hold NUL: refuse it here instead of a 500 there
    // (query parameters are validated one by one; a NUL in a filter is the filter parser's to report)
    if (url.pathname.includes('%00')) throw badRequest('The address contains a NUL character (%00).', { code: 'NUL_IN_URL' });
    // documents such as `openapi.json` are files, not collections: their routes have no trailing slash
    if (!url.pathname.endsWith('/') && router.lookup('GET', url.pathname).kind !== 'match') {
      if (method === 'GET' || method === 'HEAD') return bodiless(301, { location: `${url.pathname}/${url.search}` });
      url.pathname += '/';
    }
    if (method === 'OPTIONS' && isContent(root)) return contentPreflight(head);
    if (method === 'OPTIONS' && (root === 'admin' || root === 'admin-v5')) {
      const target = router.lookup('GET', url.pathname);
      if (target.kind === 'not-found') throw unrouted(head, url.pathname, target);
      return adminPreflight(head, resolved.auth.trustedOrigins);
    }
    if (!KNOWN_METHODS.has(method)) {
      throw new ApiError('MethodNotAllowedError', `Method ${method.slice(0, 20)} is not allowed.`);
    }
    const found = router.lookup((method === 'HEAD' ? 'GET' : method) as Method, url.pathname);
    if (found.kind === 'not-found') throw unrouted(head, url.pathname, found);
    if (found.kind === 'method-not-allowed') {
      const allow = found.allow.includes('GET') ? [...found.allow, 'HEAD'] : found.allow;
      throw new ApiError('MethodNotAllowedError', `Method ${method} is not allowed here.`, { headers: { allow: allow.join(', ') } });
    }
    const { route, params } = found.match;
    const ctx: RouteContext = {
      head,
      url,
      api: found.api,
      version: found.version,
      params,
      query: url.searchParams,
      actor: null,
      app,
      clientAddress,
    };
    ctx.actor = await authenticate(ctx, route.auth);
    if (route.permission && ctx.actor && !allows(ctx.actor, route.permission)) throw noPermission();
    // a write's response options are checked before it runs, so a request refused for them changed nothing
    if (method === 'POST' || method === 'PUT') outputOptions(ctx);
    await deps.runDueWork();
    if (found.api === 'content' && !route.uncached) return contentResponses.serve(ctx, route);
    let answer = await route.handle(ctx);
    if (found.api === 'admin' && answer.headers['cache-control'] === undefined) answer = withHeaders(answer, { 'cache-control': CACHE_CONTROL_ADMIN });
    if (ctx.actor?.kind === 'user' && ctx.actor.setCookie && answer.headers['set-cookie'] === undefined) {
      answer = withHeaders(answer, { 'set-cookie': ctx.actor.setCookie });
    }
    return answer;
  }

  /** The full way: everything but a ready cache hit. */
  async function fullWay(head: RequestHead, context: unknown): Promise<Answer> {
    let url: URL;
    try {
      url = new URL(head.target, head.origin);
      // what a WHATWG Request refuses to carry is refused as `service.fetch` callers would see it refused
      if (FORBIDDEN_METHODS.has(head.method.toUpperCase())) throw new TypeError(`'${head.method}' HTTP method is unsupported.`);
    } catch (error) {
      // no API's headers: the request reached none
      return errorAnswer(badRequest('The request could not be read.', { context: (error as Error).message.slice(0, 200) }));
    }
    // `route` may add the trailing slash to its copy; CORS below goes by the address as sent
    const { pathname } = url;
    let answer: Answer;
    try {
      answer = await route(head, url, addressOf(context));
    } catch (error) {
      const apiError = asApiError(translateError(error));
      // 503: the database is out of reach (reported once by the storage); a Content API read may be answered stale
      const stale = apiError.type === 'ServiceUnavailableError' ? staleAnswer(head, pathname) : undefined;
      if (apiError.type === 'InternalServerError') resolved.logger.error(`unexpected error answering ${head.method} ${pathname}`, error);
      answer = stale ?? errorAnswer(apiError);
    }
    answer = answerHeaders.finish(head, answerHeaders.rootOf(pathname), answer);
    return head.method.toUpperCase() === 'HEAD' ? forHead(answer) : answer;
  }

  return function answer(head, context) {
    return fromCache(head) ?? fullWay(head, context);
  };
}
