import type { Storage } from './storage/storage';
import { silentLogger, type Logger } from './logger';
import type { AdminTokenPolicy, TokenReuse } from './auth/admin-token';
import { resolveSessionPolicy, type SessionPolicy } from './auth/session-options';
import type { ContentKeyOptions } from './auth/content-key';
import type { ContentApiOptions } from './http/content-api';
import { resolveWebhookOptions, type ResolvedWebhookOptions, type WebhookOptions } from './events/webhook-options';
import { type ImageOptions, type ResolvedImageOptions, resolveImageOptions } from './files/image-options';
import { resolvePeopleOptions, type PeopleOptions, type ResolvedPeopleOptions } from './mail/options';
import {
  DEFAULT_IMPORT_BYTES,
  DEFAULT_THEME_BYTES,
  DEFAULT_UPLOAD_BYTES,
  type FileStores,
  resolveByteLimit,
  resolveFileStores,
  resolveImagesPath,
} from './files/options';
import { resolveRevisionOptions, type ResolvedRevisionOptions, type RevisionOptions } from './resources/revisions/options';
import { resolvePreviewUrl } from './resources/previews/options';

export interface ServiceOptions extends PeopleOptions {
  /** URL prefix, auth scheme word and cookie name; default `svc`. With `ghost`, Ghost's own SDKs work. */
  name?: string;
  /** Public site URL, for `url` fields; default `http://127.0.0.1:2368`. */
  url?: string;
  /** Where the Admin API is reached, for Location headers; defaults to `url`. */
  adminUrl?: string;
  /**
   * A directory for the embedded database; omitted → in memory. Ignored when `storage` is given. With it,
   * uploads default to `images` and `themes` folders beside it (in its parent folder).
   */
  dataDir?: string;
  /** Any Storage implementation; overrides `dataDir`. */
  storage?: Storage;
  auth?: {
    /** Seconds a token's `iat` may lie in the future; default 5. */
    clockToleranceSeconds?: number;
    /** Default `grace`: see reference-behaviour §3. */
    tokenReuse?: TokenReuse;
    /** Default 2000 ms. */
    tokenReuseGraceMs?: number;
    /** PBKDF2-SHA256 iterations for new password hashes; default 600,000. */
    passwordIterations?: number;
    /** How long a staff session lasts since its last use, in ms; default 6 months (183 days). */
    sessionLifetimeMs?: number;
    /** Origins (besides the admin URL's) that browsers may use the Admin API from, with cookies, through CORS. */
    trustedOrigins?: string[];
    /** Failed logins allowed per email and per client address in one window; default 5 each per 60 s. */
    loginRateLimit?: { perEmail?: number; perAddress?: number; windowMs?: number };
  };
  limits?: {
    /** Largest JSON body accepted, in bytes; default 10 MB. */
    jsonBodyBytes?: number;
    /** Largest uploaded image, in bytes; default 10 MB. */
    uploadBytes?: number;
    /** Largest theme zip, and largest total its files may expand to, in bytes; default 50 MB. */
    themeBytes?: number;
    /** Largest Ghost export accepted by `POST db/` (JSON or zip), and largest total a zip may expand to; default 100 MB. */
    importBytes?: number;
  };
  /** Where uploaded images and theme files are kept; default the storage's own (PostgreSQL keeps them in its database), beside `dataDir` (`<dataDir>/../images`, `…/themes`), else in memory. */
  files?: Partial<FileStores>;
  /** The URL path uploaded images are served under; default `/content/images`. */
  imagesPath?: string;
  /** Sizes and formats made on request under `{imagesPath}/size/…`, and the upload transform. */
  images?: ImageOptions;
  contentApi?: {
    /** `Cache-Control: public, max-age=…` in seconds; default 0 (clients revalidate with ETags). */
    maxAge?: number;
    /**
     * What the read model keeps between requests (whole answers, and each post's JSON per shape of
     * request), bounded in bytes: on by default with 128 MB; `false` keeps nothing.
     */
    cache?: boolean | { maxBytes?: number };
    /** How long another instance's change may go unseen by this one, in ms; default 500. */
    generationCheckMs?: number;
    /** Also name the keys an answer depends on in `Surrogate-Key` (space-separated, as Fastly reads it); `Cache-Tag` always does. */
    surrogateKeys?: boolean;
    /** Failed key attempts allowed per client address per minute; default 30. */
    keyFailuresPerMinute?: number;
    /**
     * While the database is out of reach, answers the read model holds are still given (`X-Cache: STALE`)
     * for this many seconds after it was last known current; then 503. Default 60; 0 never.
     */
    staleIfErrorSeconds?: number;
  };
  /** Webhook deliveries: transport, address guard, timeout, retries, background worker. */
  webhooks?: WebhookOptions;
  /** The clock; tests inject one. */
  now?: () => Date;
  /** How many revisions of a post are kept, and how often an autosave records one. */
  revisions?: RevisionOptions;
  /**
   * Where the admin client previews a post on the site's front end: a template such as
   * `https://site.example/preview/{uuid}`; without it, the Content API's preview of the post.
   */
  previewUrl?: string;
  /** Where notices and recovered failures are reported (`info`, `warn`, `error`); silent by default. */
  logger?: Logger;
  /** Serve the admin web app at `/{name}/`; default true. `false` leaves those paths to the host (404 here). */
  adminClient?: boolean;
}

export interface ResolvedOptions {
  name: string;
  url: string;
  adminUrl: string;
  dataDir?: string;
  auth: AdminTokenPolicy & { passwordIterations: number } & SessionPolicy;
  limits: { jsonBodyBytes: number; uploadBytes: number; themeBytes: number; importBytes: number };
  files: FileStores;
  imagesPath: string;
  images: ResolvedImageOptions;
  contentApi: ContentApiOptions & { keys: ContentKeyOptions };
  webhooks: ResolvedWebhookOptions;
  revisions: ResolvedRevisionOptions;
  previewUrl: string | null;
  logger: Logger;
  adminClient: boolean;
  /** Mail, invitations, password resets and the activity log (lib/mail/options.ts). */
  people: ResolvedPeopleOptions;
}

/** PBKDF2-SHA256 iterations for new password hashes unless `auth.passwordIterations` says otherwise. */
export const DEFAULT_PASSWORD_ITERATIONS = 600_000;

const NAME = /^[a-z][a-z0-9-]{0,49}$/;

function absoluteUrl(value: string, option: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`pressroom: option ${option} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`pressroom: option ${option} must be an http(s) URL`);
  }
  return url.href.replace(/\/+$/, '');
}

export function resolveOptions(options: ServiceOptions): ResolvedOptions {
  const name = options.name ?? 'svc';
  if (!NAME.test(name)) {
    throw new TypeError(`pressroom: option name must be lower-case letters, digits and '-', starting with a letter; got ${JSON.stringify(name)}`);
  }
  const url = absoluteUrl(options.url ?? 'http://127.0.0.1:2368', 'url');
  const reuse = options.auth?.tokenReuse ?? 'grace';
  if (!['grace', 'strict', 'lifetime'].includes(reuse)) throw new TypeError(`pressroom: auth.tokenReuse must be grace, strict or lifetime`);
  return {
    name,
    url,
    adminUrl: options.adminUrl ? absoluteUrl(options.adminUrl, 'adminUrl') : url,
    dataDir: options.dataDir,
    auth: {
      clockToleranceSeconds: options.auth?.clockToleranceSeconds ?? 5,
      reuse,
      graceMs: options.auth?.tokenReuseGraceMs ?? 2000,
      passwordIterations: options.auth?.passwordIterations ?? DEFAULT_PASSWORD_ITERATIONS,
      ...resolveSessionPolicy(options.auth ?? {}, options.adminUrl ? absoluteUrl(options.adminUrl, 'adminUrl') : url),
    },
    limits: {
      jsonBodyBytes: options.limits?.jsonBodyBytes ?? 10 * 1024 * 1024,
      uploadBytes: resolveByteLimit(options.limits?.uploadBytes, DEFAULT_UPLOAD_BYTES, 'limits.uploadBytes'),
      themeBytes: resolveByteLimit(options.limits?.themeBytes, DEFAULT_THEME_BYTES, 'limits.themeBytes'),
      importBytes: resolveByteLimit(options.limits?.importBytes, DEFAULT_IMPORT_BYTES, 'limits.importBytes'),
    },
    files: resolveFileStores(options.files),
    imagesPath: resolveImagesPath(options.imagesPath, name),
    images: resolveImageOptions(options.images),
    contentApi: resolveContentApi(options.contentApi ?? {}),
    webhooks: resolveWebhookOptions(options.webhooks),
    revisions: resolveRevisionOptions(options.revisions),
    previewUrl: resolvePreviewUrl(options.previewUrl),
    logger: options.logger ?? silentLogger,
    adminClient: options.adminClient ?? true,
    people: resolvePeopleOptions(options),
  };
}

function resolveContentApi(options: NonNullable<ServiceOptions['contentApi']>): ResolvedOptions['contentApi'] {
  const cache = options.cache ?? true;
  return {
    maxAge: Math.max(0, Math.floor(options.maxAge ?? 0)),
    cache: cache === false ? false : { maxBytes: (cache === true ? undefined : cache.maxBytes) ?? 128 * 1024 * 1024 },
    generationCheckMs: options.generationCheckMs ?? 500,
    surrogateKeys: options.surrogateKeys ?? false,
    staleIfErrorMs: Math.max(0, options.staleIfErrorSeconds ?? 60) * 1000,
    keys: { failures: { limit: options.keyFailuresPerMinute ?? 30, windowMs: 60_000 }, cacheMs: 1000 },
  };
}
