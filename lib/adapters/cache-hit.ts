// Content API cache hits written straight to the socket, for a pressroom service (see
// lib/http/wire-answer.ts): no Request, Headers, URL or Response per request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ANSWER_CACHE_HIT, type AnswersCacheHits } from '../http/wire-answer';
import type { FetchHandler } from './answer';
import { originOf, type NodeHandlerOptions } from './origin';

function answersCacheHits(service: FetchHandler): service is FetchHandler & AnswersCacheHits {
  return typeof (service as Partial<AnswersCacheHits>)[ANSWER_CACHE_HIT] === 'function';
}

/** The one line of a header in the raw message; undefined if there is none, null if there are several. */
function soleRawHeader(req: IncomingMessage, name: string): string | undefined | null {
  const raw = req.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length !== name.length || raw[i].toLowerCase() !== name) continue;
    if (value !== undefined) return null;
    value = raw[i + 1];
  }
  return value;
}

/** A header of the raw message as `Headers.get` reads it: every line of it, joined by `, `. */
function rawHeader(req: IncomingMessage, name: string): string | null {
  const raw = req.rawHeaders;
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === name.length && raw[i].toLowerCase() === name) value = value === null ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/**
 * For a service that answers cache hits, a function that writes the answer to a GET or HEAD if the
 * service has one ready and says whether it did; the request otherwise goes the full way. Null for
 * any other handler.
 */
export function cacheHitWriter(service: FetchHandler, options: NodeHandlerOptions) {
  if (!answersCacheHits(service)) return null;
  // the full way makes `new URL(target, origin)`, and answers 400 when the origin (a Host header)
  // cannot be parsed; the last origin that could is remembered, as nearly every request repeats it
  let parsedOrigin = '';
  return function writeCacheHit(req: IncomingMessage, res: ServerResponse, target: string): boolean {
    const { method } = req;
    if (method !== 'GET' && method !== 'HEAD') return false;
    // the Host header without building `req.headers`; several Host lines are left to the full way
    const host = options.trustProxy ? undefined : soleRawHeader(req, 'host');
    if (host === null) return false;
    const origin = originOf(req, options, host);
    if (origin !== parsedOrigin) {
      if (!URL.canParse(origin)) return false;
      parsedOrigin = origin;
    }
    let hit;
    try {
      hit = service[ANSWER_CACHE_HIT](method, target, (name) => rawHeader(req, name));
    } catch {
      return false; // whatever went wrong, the full way answers it properly
    }
    if (!hit) return false;
    res.writeHead(hit.status, hit.headers as string[]);
    if (hit.body) res.end(hit.body);
    else res.end();
    return true;
  };
}
