// One log entry per request a Node server answers, written once its response is done (or cut off).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestLogEntry } from './output';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** Query parameters whose values are secrets: a Content API key (or a token a client put there). */
const SECRET_PARAMS = new Set(['key', 'token']);

/** The request target with the values of secret query parameters left out: `?key=&limit=5`. */
export function loggablePath(target: string): string {
  const query = target.indexOf('?');
  if (query < 0) return target;
  const params = target
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // an undecodable name is shown as sent
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=` : pair;
    });
  return `${target.slice(0, query)}?${params.join('&')}`;
}

function byteLength(chunk: unknown, encoding?: unknown): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}

/**
 * Wraps a listener so that each response, once finished or closed, is reported with its status, the
 * body bytes written and the time taken. `inFlight` counts requests not yet answered (for a drain).
 */
export function withRequestLog(listener: Listener, report: (entry: RequestLogEntry) => void): Listener & { inFlight(): number } {
  let inFlight = 0;
  const logged: Listener = (req, res) => {
    const started = performance.now();
    let bytes = 0;
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      bytes += byteLength(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') bytes += byteLength(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    inFlight++;
    res.once('close', () => {
      inFlight--;
      const ms = Math.round((performance.now() - started) * 10) / 10;
      report({ method: req.method ?? '?', path: loggablePath(req.url ?? '/'), status: res.statusCode, bytes, ms });
    });
    listener(req, res);
  };
  return Object.assign(logged, { inFlight: () => inFlight });
}
