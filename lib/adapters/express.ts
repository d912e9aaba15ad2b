// Express (4 or 5) middleware: `app.use('/svc', toExpressMiddleware(service))` or `app.use(toExpressMiddleware(service))`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveMessage, type FetchHandler } from './message';
import type { NodeHandlerOptions } from './origin';

/** The parts of Express's request this adapter reads; no Express types are needed to use it. */
export interface ExpressLikeRequest extends IncomingMessage {
  originalUrl?: string;
  body?: unknown;
  /** set by body-parser once it has read the stream */
  _body?: boolean;
}

type Next = (error?: unknown) => void;

/** A body a parser already read, turned back into bytes the service can parse again. */
function consumedBody(req: ExpressLikeRequest): Uint8Array | string | undefined {
  if (!req._body && !req.readableEnded) return undefined;
  const { body } = req;
  if (body === undefined) return undefined;
  if (body instanceof Uint8Array || typeof body === 'string') return body;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return new URLSearchParams(body as Record<string, string>).toString();
  return JSON.stringify(body);
}

export function toExpressMiddleware(service: FetchHandler, options: NodeHandlerOptions = {}) {
  return (req: ExpressLikeRequest, res: ServerResponse, next: Next): void => {
    serveMessage(service, req, res, options, { url: req.originalUrl ?? req.url, body: consumedBody(req) }, next, next);
  };
}
