import type { IncomingMessage } from 'node:http';
import type { NodeHandlerOptions } from './node';

export function firstHeader(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.split(',')[0]?.trim() || undefined;
}

/**
 * `proto://host` the request's URL is resolved against: the socket's, or a trusted proxy's. `hostHeader`:
 * the Host header, when the caller has already read it.
 */
export function originOf(req: IncomingMessage, options: NodeHandlerOptions, hostHeader = req.headers.host): string {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const proto = (options.trustProxy && firstHeader(req.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (options.trustProxy && firstHeader(req.headers['x-forwarded-host'])) || hostHeader || 'localhost';
  return `${proto}://${host}`;
}
