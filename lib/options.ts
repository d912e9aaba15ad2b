import type { Storage } from './storage/storage';
import type { AdminTokenPolicy, TokenReuse } from './auth/admin-token';

export interface ServiceOptions {
  /** URL prefix, auth scheme word and cookie name; default `svc`. With `ghost`, Ghost's own SDKs work. */
  name?: string;
  /** Public site URL, for `url` fields; default `http://127.0.0.1:2368`. */
  url?: string;
  /** Where the Admin API is reached, for Location headers; defaults to `url`. */
  adminUrl?: string;
  /** A directory for the embedded database; omitted → in memory. Ignored when `storage` is given. */
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
  };
  limits?: {
    /** Largest JSON body accepted, in bytes; default 10 MB. */
    jsonBodyBytes?: number;
  };
  /** The clock; tests inject one. */
  now?: () => Date;
  /** The client's address for rate limits, when the host does not use a pressroom adapter. */
  clientAddress?: (request: Request) => string | undefined;
}

export interface ResolvedOptions {
  name: string;
  url: string;
  adminUrl: string;
  dataDir?: string;
  auth: AdminTokenPolicy & { passwordIterations: number };
  limits: { jsonBodyBytes: number };
  clientAddress?: (request: Request) => string | undefined;
}

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
      passwordIterations: options.auth?.passwordIterations ?? 600_000,
    },
    limits: { jsonBodyBytes: options.limits?.jsonBodyBytes ?? 10 * 1024 * 1024 },
    clientAddress: options.clientAddress,
  };
}
