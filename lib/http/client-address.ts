import { CLIENT_ADDRESS } from './headers';

/**
 * The client's network address, for rate limits. Adapters put it in a header of their own after
 * removing any copy the client sent; a host without an adapter may pass `clientAddress` instead.
 */
export function clientAddress(request: Request, resolve?: (request: Request) => string | undefined): string {
  return resolve?.(request) ?? request.headers.get(CLIENT_ADDRESS) ?? 'unknown';
}
