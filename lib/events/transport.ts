import { isBlockedAddress, isLocalHostname } from './addresses';

/** Sends one delivery; the host may replace it (a queue, a proxy, a test double). */
export type WebhookTransport = (request: Request) => Promise<Response>;

/** Resolves a host name to its IP addresses, as text. */
export type HostResolver = (hostname: string) => Promise<string[]>;

/** A target the guard refuses: retrying cannot help, so the delivery is given up at once. */
export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
}

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Why a target URL is refused without asking DNS (a literal private address or `localhost`); null
 * when nothing is wrong with it at face value. The URL parser has already normalised forms like
 * `http://2130706433/` or `http://0x7f.1/` to dotted quads.
 */
export function literalTargetProblem(url: URL): string | null {
  const host = hostOf(url);
  if (isLocalHostname(host)) return `${url.hostname} is this machine`;
  if (isBlockedAddress(host)) return `${url.hostname} is a private, loopback or link-local address`;
  return null;
}

let nodeResolver: Promise<HostResolver | null> | undefined;

/**
 * `node:dns` where the runtime has it (Node, Bun, Deno); null elsewhere. Imported through a variable
 * so bundlers for edge runtimes leave it alone and the core stays runtime-neutral.
 */
function defaultResolver(): Promise<HostResolver | null> {
  nodeResolver ??= (async () => {
    try {
      const specifier = 'node:dns';
      const dns = (await import(/* @vite-ignore */ specifier)) as typeof import('node:dns');
      return async (hostname: string) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return null;
    }
  })();
  return nodeResolver;
}

export interface GuardOptions {
  /** Allow private, loopback and link-local targets (tests, intranets). */
  allowPrivateTargets?: boolean;
  /** How host names are resolved for the check; default `node:dns` where available. */
  resolveHost?: HostResolver;
}

/**
 * Refuses a target that is, or resolves to, an address webhooks may not reach. A host name is checked
 * with every address it resolves to. Without any resolver (edge runtimes without `node:dns`) only
 * literal addresses can be checked; such platforms do not route to private networks anyway.
 */
export async function assertPublicTarget(url: URL, options: GuardOptions = {}): Promise<void> {
  if (options.allowPrivateTargets) return;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefusedError(`Refused target: ${url.protocol} is not http(s).`);
  const literal = literalTargetProblem(url);
  if (literal) throw new TargetRefusedError(`Refused target: ${literal}.`);
  const host = hostOf(url);
  if (isBlockedAddress(host) !== null) return;
  const resolve = options.resolveHost ?? (await defaultResolver());
  if (!resolve) return;
  const addresses = await resolve(host);
  const blocked = addresses.find((address) => isBlockedAddress(address) !== false);
  if (blocked) throw new TargetRefusedError(`Refused target: ${url.hostname} resolves to ${blocked}, a private, loopback or link-local address.`);
}

/**
 * The default transport: `fetch` behind the address guard. Redirects are not followed, so a public
 * target cannot bounce a delivery to a private one. The host name is resolved again by `fetch`; a DNS
 * answer that changes between the two lookups is not caught — hosts that need that guarantee supply a
 * transport that pins the address (e.g. through a proxy).
 */
export function guardedFetch(options: GuardOptions = {}): WebhookTransport {
  return async (request) => {
    await assertPublicTarget(new URL(request.url), options);
    return fetch(request);
  };
}
