// Express (4 or 5) middleware: `app.use('/svc', toExpressMiddleware(service))` or `app.use(toExpressMiddleware(service))`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { answer } from './answer';
import { cacheHitWriter } from './cache-hit';
import { clientAddressOf } from './origin';
import { type FetchHandler, type NodeHandlerOptions, toRequest, writeResponse } from './node';

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
  const writeCacheHit = cacheHitWriter(service, options);
  return (req: ExpressLikeRequest, res: ServerResponse, next: Next): void => {
    const url = req.originalUrl ?? req.url;
    if (writeCacheHit?.(req, res, url ?? '/')) return;
    let request: Request;
    try {
      request = toRequest(req, options, { url, body: consumedBody(req) });
    } catch (error) {
      next(error);
      return;
    }
    answer(service, request, { clientAddress: clientAddressOf(req, options) })
      .then(({ response, bytes }) => writeResponse(response, res, bytes))
      .catch(next);
  };
}
