/**
 * What the host knows about a request beyond the Request itself: the second, optional argument of
 * `service.fetch`. The adapters fill it in; hosts calling `service.fetch` themselves pass it.
 */
export interface FetchContext {
  /**
   * The network address the request came from, as the host saw it (the socket's, or a proxy's it
   * trusts). Per-address rate limits (failed sign-ins, failed Content API keys) count by it; without
   * it they are off. No request header can set it.
   */
  clientAddress?: string;
}

/** Longest address kept; anything longer is not an address and is cut, so keys stay bounded. */
const MAX_ADDRESS = 200;

/**
 * The client address from a `fetch` context, or undefined when the host gave none. Runtimes that call
 * `fetch(request, somethingElse)` themselves (Bun passes its server, Deno its connection info) give no
 * `clientAddress` string, and so no address.
 */
export function addressOf(context: unknown): string | undefined {
  if (typeof context !== 'object' || context === null) return undefined;
  const address = (context as FetchContext).clientAddress;
  if (typeof address !== 'string') return undefined;
  const trimmed = address.trim().slice(0, MAX_ADDRESS);
  return trimmed || undefined;
}
