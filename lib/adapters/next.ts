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

/** Route handlers already receive a WHATWG Request; each method simply hands it over. */
export function toNextHandlers(service: FetchHandler | Promise<FetchHandler>): NextHandlers {
  const handler: Handler = async (request) => (await service).fetch(request);
  return { GET: handler, HEAD: handler, POST: handler, PUT: handler, DELETE: handler, OPTIONS: handler };
}
