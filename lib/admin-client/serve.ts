import { ApiError, notFound } from '../core/errors';
import { matchesIfNoneMatch, strongEtag } from '../core/etag';
import { bodiless, errorAnswer, type Answer } from '../core/answer';
import type { RequestHead } from '../core/head';
import { BASE_PLACEHOLDER, type AdminAsset, type AdminBundle } from './bundle';
import { loadAdminBundle } from './load-bundle';

/** Serves the admin client's files under `/{name}/`, beside (never over) the APIs under `/{name}/api/`. */
export interface AdminClient {
  /** Whether a path is the client's: `/{name}` and everything under `/{name}/` but the API. */
  owns(pathname: string): boolean;
  serve(request: Pick<RequestHead, 'method' | 'headers'>, url: URL): Promise<Answer>;
}

/**
 * Scripts only from this origin (no inline ones, no eval); styles may be inline because the editor
 * positions elements with style attributes; images may come from anywhere a post links to; no framing.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const IMMUTABLE = 'public, max-age=31536000, immutable';

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': ADMIN_CSP,
  'x-content-type-options': 'nosniff',
  // same-origin requests keep their Referer, which the Admin API's CSRF check reads on GETs
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts: brotli, then gzip, else none (`q=0` refuses one). */
export function chooseEncoding(header: string | null, offered: readonly Encoding[]): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(token, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of offered) {
    if (encoding === 'identity') continue;
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return 'identity';
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function transform(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

interface Variants {
  type: string;
  etag: string;
  br?: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  identity: () => Promise<Uint8Array<ArrayBuffer>>;
}

/** Refusals in the API's error envelope, like every other 4xx the service sends. */
function refusal(error: ApiError): Answer {
  return errorAnswer(error, { 'cache-control': 'no-store', ...SECURITY_HEADERS });
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => (value ??= make());
}

function assetVariants(asset: AdminAsset): Variants {
  const gzip = fromBase64(asset.gzip);
  return { type: asset.type, etag: asset.etag, gzip, br: fromBase64(asset.br), identity: once(() => transform(gzip, new DecompressionStream('gzip'))) };
}

/** `index.html` for this service's path, compressed once with the Web's CompressionStream (no brotli there). */
async function htmlVariants(html: string, base: string): Promise<Variants> {
  const identity = new TextEncoder().encode(html.split(BASE_PLACEHOLDER).join(base)) as Uint8Array<ArrayBuffer>;
  const gzip = await transform(identity, new CompressionStream('gzip'));
  return { type: 'text/html; charset=utf-8', etag: strongEtag(identity), gzip, identity: async () => identity };
}

async function respond(request: Pick<RequestHead, 'method' | 'headers'>, variants: Variants, cacheControl: string): Promise<Answer> {
  const headers: Record<string, string> = {
    'content-type': variants.type,
    'cache-control': cacheControl,
    etag: variants.etag,
    vary: 'Accept-Encoding',
    ...SECURITY_HEADERS,
  };
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), variants.etag)) return bodiless(304, headers);
  const encoding = chooseEncoding(request.headers.get('accept-encoding'), variants.br ? ['br', 'gzip'] : ['gzip']);
  const body = encoding === 'identity' ? await variants.identity() : encoding === 'br' ? variants.br! : variants.gzip;
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-length'] = String(body.byteLength);
  return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
}

export function createAdminClient(name: string, load: () => Promise<AdminBundle | null> = loadAdminBundle): AdminClient {
  const root = `/${name}`;
  const api = `/${name}/api`;
  const bundle = once(load);
  const html = once(async () => {
    const built = await bundle();
    return built && htmlVariants(built.html, `${root}/`);
  });
  const assets = new Map<string, Variants>();

  return {
    owns(pathname) {
      if (pathname === root) return true;
      if (!pathname.startsWith(`${root}/`)) return false;
      return pathname !== api && !pathname.startsWith(`${api}/`);
    },
    async serve(request, url) {
      const method = request.method.toUpperCase();
      if (method !== 'GET' && method !== 'HEAD') {
        return refusal(
          new ApiError('MethodNotAllowedError', `Method ${method.slice(0, 20)} is not allowed on the admin client's files.`, {
            headers: { allow: 'GET, HEAD' },
          }),
        );
      }
      const built = await bundle();
      if (!built) {
        return refusal(
          notFound(
            'The admin client is not built. Run `npm run build` (it builds admin/ into the package), or turn it off with the adminClient: false option.',
            {
              code: 'ADMIN_CLIENT_NOT_BUILT',
            },
          ),
        );
      }
      if (url.pathname === root) return bodiless(301, { location: `${root}/${url.search}` });
      const path = url.pathname.slice(root.length + 1);
      if (path.startsWith('assets/')) {
        const asset = built.assets[path];
        if (!asset) return refusal(notFound('No such file of the admin client.'));
        let variants = assets.get(path);
        if (!variants) assets.set(path, (variants = assetVariants(asset)));
        return respond(request, variants, IMMUTABLE);
      }
      // every other path is a route of the client itself: a reload there gets the app, which routes it
      return respond(request, (await html())!, 'no-cache');
    },
  };
}
