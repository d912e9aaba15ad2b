// Next.js App Router: in app/svc/[...path]/route.ts,
//   export const { GET, POST, PUT, DELETE, OPTIONS, HEAD } = toNextHandlers(service);
import type { FetchHandler } from './node';

type Handler = (request: Request) => Promise<Response>;

export interface NextHandlers {
  GET: Handler;
  HEAD: Handler;
  POST: Handler;
  PUT: Handler;
  DELETE: Handler;
  OPTIONS: Handler;
}

export interface NextHandlerOptions {
  /**
   * The client's address. A route handler sees no socket, so only the host knows where to find it:
   * behind a proxy that overwrites `X-Forwarded-For` or `X-Real-IP` with the peer it saw (Vercel, or
   * your own nginx), read that header here. Without it, per-address rate limits are off.
   */
  clientAddress?: (request: Request) => string | null | undefined;
}

/**
 * Next.js sends a route handler's body as it is but drops its Content-Encoding header (next start, 15.5),
 * so a gzip or brotli answer (the admin client's files) would reach the browser as bytes it cannot read:
 * the service is asked for unencoded answers.
 */
function withoutAcceptEncoding(request: Request): Request {
  if (!request.headers.has('accept-encoding')) return request;
  const headers = new Headers(request.headers);
  headers.delete('accept-encoding');
  return new Request(request, { headers });
}

/** Route handlers already receive a WHATWG Request; each method hands it over with the client address. */
export function toNextHandlers(service: FetchHandler | Promise<FetchHandler>, options: NextHandlerOptions = {}): NextHandlers {
  const handler: Handler = async (request) =>
    (await service).fetch(withoutAcceptEncoding(request), { clientAddress: options.clientAddress?.(request) ?? undefined });
  return { GET: handler, HEAD: handler, POST: handler, PUT: handler, DELETE: handler, OPTIONS: handler };
}
