// Node's http server ⇄ WHATWG fetch. Bodies stream both ways; nothing here knows the API.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { badRequest, errorBody } from '../core/errors';
import { answer, isPressroom, type FetchHandler } from './answer';
import { cacheHitWriter } from './cache-hit';
import { lazyRequest } from './lazy-request';
import { clientAddressOf, originOf, type NodeHandlerOptions } from './origin';

// Node-only pieces a host wires in: uploaded images and themes kept in a directory
export { DirectoryFileStore } from '../files/directory';

export type { FetchHandler } from './answer';

export type { NodeHandlerOptions } from './origin';

/** What a framework may know better than the raw message: the full path, or a body it already read. */
export interface RequestOverrides {
  /** Path and query as the client sent them (Express strips its mount path from `req.url`). */
  url?: string;
  /** The body, when middleware already consumed the stream. */
  body?: Uint8Array | string;
}

interface Incoming {
  method: string;
  url: URL;
  headers: Headers;
}

function incoming(req: IncomingMessage, options: NodeHandlerOptions, overrides: RequestOverrides): Incoming {
  const url = new URL(overrides.url ?? req.url ?? '/', originOf(req, options));

  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  return { method: req.method ?? 'GET', url, headers };
}

export function toRequest(req: IncomingMessage, options: NodeHandlerOptions = {}, overrides: RequestOverrides = {}): Request {
  const { method, url, headers } = incoming(req, options, overrides);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  if (hasBody && overrides.body !== undefined) {
    headers.delete('content-length');
    headers.delete('transfer-encoding');
    return new Request(url, { method, headers, body: overrides.body as BodyInit });
  }
  return new Request(url, {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream<Uint8Array>) : undefined,
    // required by Node's fetch for a streamed request body
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * As `toRequest`, but for a pressroom service a GET or HEAD becomes a Request whose costly parts are
 * made only when used. Any other handler gets a real one: it may pass it on to `new Request()` or
 * `fetch()`, which look inside it.
 */
function toServiceRequest(req: IncomingMessage, options: NodeHandlerOptions, service: FetchHandler): Request {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPressroom(service)) return toRequest(req, options);
  const { url, headers } = incoming(req, options, {});
  return lazyRequest(req.method, url.href, headers);
}

/**
 * Writes a WHATWG Response to a Node response. `bytes`: the whole body, when the service handed it
 * over beside a body-less response (see `answer`), so that no stream needs reading.
 */
export async function writeResponse(response: Response, res: ServerResponse, bytes?: Uint8Array): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (bytes) {
    headers['content-length'] ??= String(bytes.byteLength);
    res.writeHead(response.status, headers).end(bytes);
    return;
  }
  if (!response.body) {
    res.writeHead(response.status, headers).end();
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    // the whole body was one chunk (every JSON answer): one write with its length, no stream bridge
    const chunk = first.done ? new Uint8Array(0) : first.value;
    headers['content-length'] ??= String(chunk.byteLength);
    res.writeHead(response.status, headers).end(chunk);
    return;
  }
  res.writeHead(response.status, headers);
  res.write(first.value);
  res.write(second.value);
  // the rest streams, with back-pressure: a large file never sits whole in memory
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) {
      const drained = await new Promise<boolean>((resolve) => {
        const onDrain = () => {
          res.off('close', onClose);
          resolve(true);
        };
        const onClose = () => {
          res.off('drain', onDrain);
          resolve(false);
        };
        res.once('drain', onDrain);
        res.once('close', onClose);
      });
      if (!drained) {
        await reader.cancel().catch(() => {});
        return;
      }
    }
  }
  res.end();
}

/** A `(req, res)` listener for `http.createServer` serving a pressroom service. */
export function toNodeHandler(service: FetchHandler, options: NodeHandlerOptions = {}) {
  const writeCacheHit = cacheHitWriter(service, options);
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (writeCacheHit?.(req, res, req.url ?? '/')) return;
    let request: Request;
    try {
      request = toServiceRequest(req, options, service);
    } catch (error) {
      // a method or Host the WHATWG Request cannot carry (TRACE, `Host: a b`): still the API's error envelope
      const refusal = badRequest('The request could not be read.', { context: (error as Error).message.slice(0, 200) });
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(errorBody(refusal)));
      return;
    }
    answer(service, request, { clientAddress: clientAddressOf(req, options) })
      .then(({ response, bytes }) => writeResponse(response, res, bytes))
      .catch(() => {
        // a body cut short after its status was sent must not look complete: drop the connection
        if (res.headersSent) return void res.destroy();
        res.writeHead(500, { 'content-type': 'text/plain' }).end();
      });
  };
}
