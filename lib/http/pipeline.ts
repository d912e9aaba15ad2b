import type { AdminClient } from '../admin-client/serve';
import { authenticateAdmin } from '../auth/authenticate';
import type { ContentKeys } from '../auth/content-key';
import { allows } from '../auth/permissions';
import { serveFile } from '../files/serve';
import { ImageVariants } from '../files/variants';
import type { FileAnswers } from '../files/file-answers';
import { outputOptions } from './output';
import { adminPreflight, applyAdminCors } from './admin-cors';
import { bodyBytes, hasBody } from './body-bytes';
import type { ContentResponses } from './content-api';
import type { Actor, AppContext, Method, RouteContext } from '../core/context';
import { CONTENT_CORS, contentPreflight } from './cors';
import { addressOf } from './client-address';
import { ApiError, asApiError, badRequest, noPermission, notFound } from '../core/errors';
import { errorResponse } from './response';
import type { ApiRouter } from './router';
import { translateError } from './translate-error';

export interface PipelineDeps {
  app: AppContext;
  router: ApiRouter;
  contentKeys: ContentKeys;
  contentResponses: ContentResponses;
  /** Runs before every routed request (scheduled publishing falls due lazily). */
  beforeRoute(): Promise<void>;
  isClosed(): boolean;
  /** Where answers to plain GETs of small image files are kept for the socket writer's fast path. */
  fileAnswers?: FileAnswers;
  /** The admin web app under `/{name}/`, unless turned off. */
  adminClient?: AdminClient;
}

const CONDITIONAL = ['range', 'if-range', 'if-none-match', 'if-modified-since'];

const CACHE_CONTROL_ADMIN = 'no-cache, private, no-store, must-revalidate, max-stale=0';
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * How a request travels: files, routing and its redirects, preflights, authentication and
 * permissions, the Content API's cache, then the route; every failure becomes the error envelope.
 */
export function createFetch(deps: PipelineDeps): (request: Request, context?: unknown) => Promise<Response> {
  const { app, router, contentKeys, contentResponses } = deps;
  const resolved = app.options;
  // with or without a version, so that a browser client calling an unserved one can read why
  const contentPath = new RegExp(`^/${resolved.name}/api/([^/]+/)?content(/|$)`);
  const adminPath = new RegExp(`^/${resolved.name}/api/([^/]+/)?admin(/|$)`);
  const variants = new ImageVariants(resolved.files.images, resolved.imagesPath, resolved.images);

  async function authenticate(ctx: RouteContext, auth: 'public' | 'admin' | 'content'): Promise<Actor | null> {
    if (auth === 'admin') return authenticateAdmin(ctx.request, ctx.version, app);
    if (auth === 'content') return contentKeys.authenticate(ctx);
    return null;
  }

  async function handle(request: Request, url: URL, clientAddress: string | undefined): Promise<Response> {
    if (deps.isClosed()) throw new ApiError('InternalServerError', 'The service has been closed.');
    const method = request.method.toUpperCase();
    if (url.pathname.startsWith(`${resolved.imagesPath}/`)) {
      const relative = url.pathname.slice(resolved.imagesPath.length + 1);
      const response = (await variants.serve(request, relative)) ?? (await serveFile(request, resolved.files.images, relative));
      const bytes = bodyBytes(response);
      if (bytes && deps.fileAnswers && method === 'GET' && url.search === '' && !CONDITIONAL.some((h) => request.headers.has(h))) {
        deps.fileAnswers.remember(url.pathname, response, bytes);
      }
      return response;
    }
    if (deps.adminClient?.owns(url.pathname)) return deps.adminClient.serve(request, url);
    if (!router.owns(url.pathname)) throw notFound('Resource not found.');
    // a Content API preflight still passes, so that a browser client may read why the request after it fails
    const versionProblem = router.versionProblem(url.pathname);
    if (versionProblem && !(method === 'OPTIONS' && contentPath.test(url.pathname))) {
      throw notFound(versionProblem, { code: 'UNSUPPORTED_VERSION' });
    }
    // path parameters reach storage as text, which cannot hold NUL: refuse it here instead of a 500 there
    // (query parameters are validated one by one; a NUL in a filter is the filter parser's to report)
    if (url.pathname.includes('%00')) throw badRequest('The address contains a NUL character (%00).', { code: 'NUL_IN_URL' });
    // documents such as `openapi.json` are files, not collections: their routes have no trailing slash
    if (!url.pathname.endsWith('/') && router.lookup('GET', url.pathname).kind !== 'match') {
      if (method === 'GET' || method === 'HEAD') {
        return new Response(null, { status: 301, headers: { location: `${url.pathname}/${url.search}` } });
      }
      url.pathname += '/';
    }
    if (method === 'OPTIONS' && contentPath.test(url.pathname)) return contentPreflight(request);
    if (method === 'OPTIONS' && adminPath.test(url.pathname)) {
      if (router.lookup('GET', url.pathname).kind === 'not-found') throw notFound('Resource not found.');
      return adminPreflight(request, resolved.auth.trustedOrigins);
    }
    if (!KNOWN_METHODS.has(method)) {
      throw new ApiError('MethodNotAllowedError', `Method ${method.slice(0, 20)} is not allowed.`);
    }
    const found = router.lookup((method === 'HEAD' ? 'GET' : method) as Method, url.pathname);
    if (found.kind === 'not-found') throw notFound('Resource not found.');
    if (found.kind === 'method-not-allowed') {
      const allow = found.allow.includes('GET') ? [...found.allow, 'HEAD'] : found.allow;
      throw new ApiError('MethodNotAllowedError', `Method ${method} is not allowed here.`, { headers: { allow: allow.join(', ') } });
    }
    const { route, params } = found.match;
    const ctx: RouteContext = {
      request,
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
    if (method === 'POST' || method === 'PUT') outputOptions(ctx.query);
    await deps.beforeRoute();
    if (found.api === 'content') return contentResponses.serve(ctx, route);
    const response = await route.handle(ctx);
    if (found.api === 'admin' && !response.headers.has('cache-control')) response.headers.set('cache-control', CACHE_CONTROL_ADMIN);
    if (ctx.actor?.kind === 'user' && ctx.actor.setCookie && !response.headers.has('set-cookie')) {
      response.headers.append('set-cookie', ctx.actor.setCookie);
    }
    return response;
  }

  // `context` is whatever the host passed as the second argument (`FetchContext`, or a runtime's own object)
  return async function fetch(request: Request, context?: unknown): Promise<Response> {
    let response: Response;
    // `handle` may add the trailing slash to its copy; CORS below goes by the address as sent
    const url = new URL(request.url);
    const pathname = url.pathname;
    try {
      response = await handle(request, url, addressOf(context));
    } catch (error) {
      const apiError = asApiError(translateError(error));
      if (apiError.status >= 500) resolved.logger.error(`unexpected error answering ${request.method} ${pathname}`, error);
      response = errorResponse(apiError);
    }
    if (contentPath.test(pathname)) {
      for (const [name, value] of Object.entries(CONTENT_CORS)) response.headers.set(name, value);
    } else if (adminPath.test(pathname)) {
      applyAdminCors(request, response, resolved.auth.trustedOrigins);
    }
    if (request.method.toUpperCase() === 'HEAD' && hasBody(response)) {
      // the length a GET would have sent, where the body is whole at hand (a stream's is not known yet)
      const bytes = bodyBytes(response);
      if (bytes && !response.headers.has('content-length')) response.headers.set('content-length', String(bytes.byteLength));
      return new Response(null, { status: response.status, headers: response.headers });
    }
    return response;
  };
}
