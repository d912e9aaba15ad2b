import type { IncomingMessage } from 'node:http';

export interface NodeHandlerOptions {
  /**
   * Honour X-Forwarded-Proto/Host/For from the one reverse proxy in front of this server (the client
   * address is the last X-Forwarded-For entry, which that proxy appended). Off by default: clients
   * could forge them.
   */
  trustProxy?: boolean;
}

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

/**
 * The address the request came from: the socket's, or, behind a trusted proxy, the last entry of
 * `X-Forwarded-For` — the one that proxy appended for the peer it saw. Entries before it were sent by
 * the client and could be anything. A client's own header never counts without `trustProxy`.
 */
export function clientAddressOf(req: IncomingMessage, options: NodeHandlerOptions): string | undefined {
  if (options.trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const entries = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
    const last = entries[entries.length - 1].trim();
    if (last) return last;
  }
  return req.socket.remoteAddress;
}
