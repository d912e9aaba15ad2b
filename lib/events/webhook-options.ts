import type { HostResolver, WebhookTransport } from './transport';

export interface WebhookOptions {
  /** Sends a delivery; default `fetch` behind the private-address guard. */
  transport?: WebhookTransport;
  /** Allow targets on private, loopback and link-local addresses; default false. */
  allowPrivateTargets?: boolean;
  /** How the default transport resolves host names for the guard; default `node:dns` where the runtime has it. */
  resolveHost?: HostResolver;
  /** How long an attempt may take, in ms; default 2000. */
  timeoutMs?: number;
  /** Attempts after the first before a delivery is given up; default 5. */
  retries?: number;
  /** Wait before the first retry, in ms, doubling (with jitter) for each further one; default 5000. */
  backoffMs?: number;
  /** Deliver in the background, in this process; default true. With false only `runDueJobs()` delivers. */
  worker?: boolean;
}

export interface ResolvedWebhookOptions {
  transport?: WebhookTransport;
  allowPrivateTargets: boolean;
  resolveHost?: HostResolver;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  worker: boolean;
}

function count(value: number | undefined, fallback: number, option: string, min: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw new TypeError(`pressroom: option webhooks.${option} must be an integer of at least ${min}`);
  return value;
}

export function resolveWebhookOptions(options: WebhookOptions = {}): ResolvedWebhookOptions {
  if (options.transport !== undefined && typeof options.transport !== 'function') {
    throw new TypeError('pressroom: option webhooks.transport must be a function (request) => Promise<Response>');
  }
  return {
    transport: options.transport,
    allowPrivateTargets: options.allowPrivateTargets ?? false,
    resolveHost: options.resolveHost,
    timeoutMs: count(options.timeoutMs, 2000, 'timeoutMs', 1),
    retries: count(options.retries, 5, 'retries', 0),
    backoffMs: count(options.backoffMs, 5000, 'backoffMs', 0),
    worker: options.worker ?? true,
  };
}
