import { authenticateAdmin } from './auth/authenticate';
import { ContentKeys } from './auth/content-key';
import { ContentResponses } from './http/content-api';
import { CONTENT_CORS, contentPreflight } from './http/cors';
import { adminPreflight, applyAdminCors } from './http/admin-cors';
import { allows } from './auth/permissions';
import type { Actor, AppContext, Method, RouteContext } from './http/context';
import { ApiError, asApiError, badRequest, noPermission, notFound } from './http/errors';
import { translateError } from './http/translate-error';
import { errorResponse } from './http/response';
import { ApiRouter } from './http/router';
import { resolveOptions, type ServiceOptions } from './options';
import { routes } from './resources';
import { createIntegration, type IntegrationInput, type IntegrationKeys } from './resources/integrations/operations';
import { publishDue } from './resources/posts/operations';
import { runSetup, type SetupInput } from './resources/setup/operations';
import { serializeUser } from './resources/users/serialize';
import type { Storage } from './storage/storage';
import { EventBus, type EventHandler } from './events/bus';
import type { EventName } from './events/names';
import { postEvents } from './events/post-events';
import { outboxStager } from './events/outbox';
import { webhookPayload } from './resources/webhooks/payload';
import { guardedFetch } from './events/transport';
import { createWebhookWorker, type DeliveryCounts } from './events/worker';
import { write } from './resources/shared/write';
import { serveFile } from './files/serve';
import { outputOptions } from './resources/shared/output';

export interface Service {
  /** Serves the whole API: a WHATWG Request in, a Response out. Never rejects for a request's sake. */
  fetch(request: Request): Promise<Response>;
  /** Creates the Owner and names the site; allowed once. */
  setup(input: SetupInput): Promise<{ user: Record<string, unknown> }>;
  /** Creates a custom integration and returns its keys. */
  createIntegration(input: IntegrationInput): Promise<IntegrationKeys>;
  /**
   * Publishes scheduled posts that are due and delivers due webhook notifications; hosts without a
   * long-lived process (or with `webhooks.worker: false`) call it from a timer or cron.
   */
  runDueJobs(): Promise<{ published: number; deliveries: DeliveryCounts }>;
  /** Listens to domain events (`post.published`, …, or `*`) after they commit; returns an unsubscribe function. */
  on(event: EventName | '*', handler: EventHandler): () => void;
  /** Closes the storage; the service answers nothing afterwards. */
  close(): Promise<void>;
}

const CACHE_CONTROL_ADMIN = 'no-cache, private, no-store, must-revalidate, max-stale=0';
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);
/** How often a request checks whether scheduled posts have fallen due. */
const DUE_CHECK_INTERVAL_MS = 1000;

async function openStorage(options: ServiceOptions): Promise<Storage> {
  if (options.storage) return options.storage;
  // the embedded default is loaded lazily so that hosts passing their own storage never load WebAssembly
  const { createPgliteStorage } = await import('./storage/pglite');
  return createPgliteStorage({ dataDir: options.dataDir });
}

export async function createService(options: ServiceOptions = {}): Promise<Service> {
  const resolved = resolveOptions(options);
  const storage = await openStorage(options);
  const events = new EventBus();
  const app: AppContext = { storage, options: resolved, now: options.now ?? (() => new Date()), events };
  const router = new ApiRouter(resolved.name, routes);
  const contentKeys = new ContentKeys(app, resolved.contentApi.keys);
  app.keysChanged = () => contentKeys.forget();
  const contentResponses = new ContentResponses(app, resolved.contentApi);
  const contentPath = new RegExp(`^/${resolved.name}/api/[^/]+/content(/|$)`);
  const adminPath = new RegExp(`^/${resolved.name}/api/[^/]+/admin(/|$)`);
  // every change to public content moves the shared generation on, inside its own transaction
  events.addStager(async (tx, staged) => {
    if (staged.some((e) => e.name === 'site.changed')) await tx.generation.bump();
  });
  events.on('site.changed', () => contentResponses.invalidate());
  const unwatchGeneration = await contentResponses.watch(storage);
  const webhookOptions = resolved.webhooks;
  const webhookWorker = createWebhookWorker({
    storage,
    now: () => app.now(),
    name: resolved.name,
    transport: webhookOptions.transport ?? guardedFetch(webhookOptions),
    timeoutMs: webhookOptions.timeoutMs,
    retries: webhookOptions.retries,
    backoffMs: webhookOptions.backoffMs,
    background: webhookOptions.worker,
  });
  // deliveries are written with the change; the worker is woken once that change has committed
  let deliveriesStaged = false;
  events.addStager(
    outboxStager({
      payload: (event, version) => webhookPayload(event, version, resolved.url),
      now: () => app.now(),
      onStaged: () => (deliveriesStaged = true),
    }),
  );
  events.on('*', () => {
    if (!deliveriesStaged) return;
    deliveriesStaged = false;
    webhookWorker.kick();
  });
  let nextDueCheck = 0;
  let closed = false;

  async function publishDuePosts(): Promise<number> {
    const changes = await write(app, (tx) => publishDue(tx, app.now()), (list) => list.flatMap((c) => postEvents(c.before, c.after)));
    return changes.length;
  }

  async function runDueJobs(): Promise<{ published: number; deliveries: DeliveryCounts }> {
    const published = await publishDuePosts();
    return { published, deliveries: await webhookWorker.drain() };
  }

  async function publishIfDue(): Promise<void> {
    const now = app.now().getTime();
    if (now < nextDueCheck) return;
    nextDueCheck = now + DUE_CHECK_INTERVAL_MS;
    await publishDuePosts();
  }

  async function authenticate(ctx: RouteContext, auth: 'public' | 'admin' | 'content'): Promise<Actor | null> {
    if (auth === 'admin') return authenticateAdmin(ctx.request, ctx.version, app);
    if (auth === 'content') return contentKeys.authenticate(ctx.request, ctx.query);
    return null;
  }

  async function handle(request: Request): Promise<Response> {
    if (closed) throw new ApiError('InternalServerError', 'The service has been closed.');
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    if (url.pathname.startsWith(`${resolved.imagesPath}/`)) {
      return serveFile(request, resolved.files.images, url.pathname.slice(resolved.imagesPath.length + 1));
    }
    if (!router.owns(url.pathname)) throw notFound('Resource not found.');
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
      request, url, api: found.api, version: found.version, params, query: url.searchParams, actor: null, app,
    };
    ctx.actor = await authenticate(ctx, route.auth);
    if (route.permission && ctx.actor && !allows(ctx.actor, route.permission)) throw noPermission();
    // a write's response options are checked before it runs, so a request refused for them changed nothing
    if (method === 'POST' || method === 'PUT') outputOptions(ctx.query);
    await publishIfDue();
    if (found.api === 'content') return contentResponses.serve(ctx, route);
    const response = await route.handle(ctx);
    if (found.api === 'admin' && !response.headers.has('cache-control')) response.headers.set('cache-control', CACHE_CONTROL_ADMIN);
    if (ctx.actor?.kind === 'user' && ctx.actor.setCookie && !response.headers.has('set-cookie')) {
      response.headers.append('set-cookie', ctx.actor.setCookie);
    }
    return response;
  }

  async function fetch(request: Request): Promise<Response> {
    let response: Response;
    try {
      response = await handle(request);
    } catch (error) {
      const apiError = asApiError(translateError(error));
      if (apiError.status >= 500) console.error('pressroom: unexpected error', error);
      response = errorResponse(apiError);
    }
    if (contentPath.test(new URL(request.url).pathname)) {
      for (const [name, value] of Object.entries(CONTENT_CORS)) response.headers.set(name, value);
    } else if (adminPath.test(new URL(request.url).pathname)) {
      applyAdminCors(request, response, resolved.auth.trustedOrigins);
    }
    if (request.method.toUpperCase() === 'HEAD' && response.body) {
      return new Response(null, { status: response.status, headers: response.headers });
    }
    return response;
  }

  return {
    fetch,
    async setup(input) {
      const user = await runSetup(app, input);
      return { user: serializeUser(user, { api: 'admin', version: 'v3', site: resolved.url }) };
    },
    createIntegration: (input) => createIntegration(app, input),
    runDueJobs,
    on: (event, handler) => events.on(event, handler),
    async close() {
      if (closed) return;
      closed = true;
      await webhookWorker.stop();
      await unwatchGeneration();
      await storage.close();
    },
  };
}
