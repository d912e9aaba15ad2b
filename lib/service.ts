import { createAdminClient } from './admin-client/serve';
import { adminKeysOf } from './auth/authenticate';
import { ContentKeys } from './auth/content-key';
import type { FetchContext } from './http/client-address';
import { ContentResponses } from './http/content-api';
import type { AppContext } from './app-context';
import { createPipeline } from './http/pipeline';
import { KeptFiles } from './files/kept-files';
import { headOf, toResponse } from './http/web-fetch';
import type { Answer } from './core/answer';
import type { RequestHead } from './core/head';
import { ApiRouter } from './http/router';
import type { FileStores } from './files/options';
import { resolveOptions, type ServiceOptions } from './options';
import { routes } from './resources';
import { createIntegration, type IntegrationInput, type IntegrationKeys } from './resources/integrations/operations';
import { ScheduledPublishing } from './resources/posts/scheduling';
import { runSetup, type SetupInput } from './resources/setup/operations';
import { serializeUser } from './resources/users/serialize';
import type { Storage } from './storage/storage';
import { EventBus, type EventHandler } from './events/bus';
import type { EventName } from './events/names';
import type { DeliveryCounts } from './events/worker';
import { wireWebhooks } from './resources/webhooks/wiring';
import { peopleUpkeep } from './events/people-upkeep';
import { ReadModel, type CacheInvalidateEvent } from './read-model/read-model';
import { exportGhost, type ExportOptions } from './ghost/export';
import { importGhost, type ImportInput, type ImportOptions, type ImportResult } from './ghost/import';

export interface Service {
  /**
   * Serves the whole API: a WHATWG Request in, a Response out. Never rejects for a request's sake.
   * `context.clientAddress`: the address the request came from, as the host saw it; the per-address
   * rate limits count by it and are off without it.
   */
  fetch(request: Request, context?: FetchContext): Promise<Response>;
  /**
   * The same service for a host that reads HTTP itself, as the Node and Express adapters do: the
   * request's head in (method, target as sent, origin, headers, a body read only if a route asks), its
   * answer out (status, headers, bytes or a stream) — at once, not a promise, when the Content API's
   * response cache holds it. `fetch` is this with a Request and a Response around it.
   */
  answer(head: RequestHead, context?: FetchContext): Answer | Promise<Answer>;
  /** Creates the Owner and names the site; allowed once. */
  setup(input: SetupInput): Promise<{ user: Record<string, unknown> }>;
  /** Creates a custom integration and returns its keys. */
  createIntegration(input: IntegrationInput): Promise<IntegrationKeys>;
  /**
   * Publishes scheduled posts that are due and delivers due webhook notifications; hosts without a
   * long-lived process (or with `webhooks.worker: false`) call it from a timer or cron.
   */
  runDueJobs(): Promise<{ published: number; deliveries: DeliveryCounts }>;
  /**
   * Listens to domain events (`post.published`, …, or `*`) after they commit; returns an unsubscribe
   * function. `cache.invalidate`: the keys (as answers name them in `Cache-Tag`) that committed changes
   * touched, from any instance on the database, for purging a CDN or a framework's data cache.
   */
  on(event: EventName | '*', handler: EventHandler): () => void;
  on(event: 'cache.invalidate', handler: (event: CacheInvalidateEvent) => void): () => void;
  /** Imports a Ghost export (JSON bytes or stream, or a zip with images), all or nothing; what `POST db/` does. */
  importGhost(input: ImportInput, options?: ImportOptions): Promise<ImportResult>;
  /** The site as a Ghost-format export, streamed; what `GET db/` answers. */
  exportGhost(options?: ExportOptions): ReadableStream<Uint8Array>;
  /** Closes the storage; the service answers nothing afterwards. */
  close(): Promise<void>;
}

async function openStorage(options: ServiceOptions): Promise<Storage> {
  if (options.storage) return options.storage;
  // the embedded default is loaded lazily so that hosts passing their own storage never load WebAssembly
  const { createPgliteStorage } = await import('./storage/pglite/storage');
  return createPgliteStorage({ dataDir: options.dataDir, logger: options.logger });
}

/**
 * Where uploads are kept unless the host says: the storage's own (PostgreSQL keeps them in its
 * database, so every instance serves them), `images` and `themes` folders beside an embedded database on
 * disk (`./content/data` → `./content/images`, as `pressroom serve` does), else the memory stores
 * `resolveOptions` made.
 */
async function fileStores(options: ServiceOptions, storage: Storage, inMemory: FileStores): Promise<FileStores> {
  const given = options.files ?? {};
  let fallback: Partial<FileStores> | undefined = storage.files;
  if (!fallback && !options.storage && options.dataDir && !(given.images && given.themes)) {
    // Node-only, loaded only for a data directory, which needs Node anyway
    const { directoryStoresBeside } = await import('./files/beside-data');
    fallback = directoryStoresBeside(options.dataDir);
  }
  return { images: given.images ?? fallback?.images ?? inMemory.images, themes: given.themes ?? fallback?.themes ?? inMemory.themes };
}

export async function createService(options: ServiceOptions = {}): Promise<Service> {
  const resolved = resolveOptions(options);
  // the embedded database's modules and snapshot load asynchronously; the route table is built meanwhile
  const opening = openStorage(options);
  const router = new ApiRouter(resolved.name, routes);
  const storage = await opening;
  resolved.files = await fileStores(options, storage, resolved.files);
  const events = new EventBus(resolved.logger);
  const now = options.now ?? (() => new Date());
  // the same time in ms, for the checks every cache hit makes: Date.now without a host's clock, no Date made
  const clock = options.now ? () => now().getTime() : Date.now;
  const readModel = new ReadModel(storage.changes, {
    maxBytes: resolved.contentApi.cache ? resolved.contentApi.cache.maxBytes : 0,
    checkMs: resolved.contentApi.generationCheckMs,
    clock,
    onHandlerError: (error) => resolved.logger.error('a cache.invalidate handler failed', error),
  });
  const app: AppContext = { storage, options: resolved, now, events, readModel };
  const contentKeys = new ContentKeys(app, resolved.contentApi.keys, clock);
  app.keysChanged = () => {
    contentKeys.forget();
    adminKeysOf(app).forget();
  };
  const contentResponses = new ContentResponses(readModel, resolved.contentApi);
  // told of each commit (and of other instances' changes where the database announces them), the read
  // model learns at once what changed: a write's answer then follows what it invalidated
  const unwatchChanges = storage.watchChanges ? await storage.watchChanges((generation, keys) => readModel.follower.catchUp(generation, keys)) : async () => {};
  const webhookWorker = wireWebhooks(app);
  const scheduling = new ScheduledPublishing(app, clock);
  const upkeep = peopleUpkeep(app);
  let closed = false;

  async function runDueJobs(): Promise<{ published: number; deliveries: DeliveryCounts }> {
    const published = await scheduling.publishDuePosts();
    await upkeep.runIfDue();
    return { published, deliveries: await webhookWorker.drain() };
  }

  const answer = createPipeline({
    app,
    router,
    contentKeys,
    contentResponses,
    runDueWork: () => scheduling.publishIfDue().then(() => upkeep.runIfDue()),
    duePostsLookOwed: () => scheduling.lookDue(),
    isClosed: () => closed,
    adminClient: resolved.adminClient ? createAdminClient(resolved.name) : undefined,
    keptFiles: new KeptFiles(),
  });

  const service: Service = {
    fetch: async (request, context) => toResponse(await answer(headOf(request), context)),
    answer,
    async setup(input) {
      const user = await runSetup(app, input);
      return { user: serializeUser(user, { api: 'admin', version: 'v3', site: resolved.url }) };
    },
    createIntegration: (input) => createIntegration(app, input),
    runDueJobs,
    on: ((event: EventName | '*' | 'cache.invalidate', handler: EventHandler & ((event: CacheInvalidateEvent) => void)) =>
      event === 'cache.invalidate' ? readModel.onInvalidate(handler) : events.on(event, handler)) as Service['on'],
    importGhost: (input, importOptions) => importGhost(app, input, importOptions),
    exportGhost: (exportOptions) => exportGhost(app, exportOptions),
    async close() {
      if (closed) return;
      closed = true;
      await webhookWorker.stop();
      await unwatchChanges();
      await storage.close();
    },
  };
  return service;
}
