import { schemeWord } from '../util/scheme-word';
import type { Logger } from '../logger';
import type { Storage } from '../storage/storage';
import type { AttemptResult, ClaimedDelivery } from '../storage/webhook-rows';
import { randomHex } from '../util/ids';
import { VERSION } from '../version';
import { signatureHeader } from './signature';
import { TargetRefusedError, type WebhookTransport } from './transport';

export interface WorkerOptions {
  storage: Storage;
  now(): Date;
  /** The service name, for the `X-<Name>-…` headers. */
  name: string;
  transport: WebhookTransport;
  timeoutMs: number;
  /** Attempts after the first before a delivery is given up. */
  retries: number;
  /** The first retry waits about this long; each further one twice as long as the last. */
  backoffMs: number;
  /** Deliver in the background as events are staged and retries fall due. */
  background: boolean;
  /** Where a failed background run is reported; never after `stop()`. */
  logger?: Logger;
}

export interface DeliveryCounts {
  /** Deliveries attempted. */
  attempted: number;
  delivered: number;
  /** Failed attempts that will be retried. */
  retrying: number;
  /** Deliveries given up: retries spent, target refused, or the webhook gone (410). */
  dead: number;
}

export interface WebhookWorker {
  /** Delivers everything due now; resolves once those attempts are recorded. */
  drain(): Promise<DeliveryCounts>;
  /** Asks the background worker to look for due deliveries soon. */
  kick(): void;
  /** Stops the background worker and waits for attempts in progress. */
  stop(): Promise<void>;
}

const BATCH = 10;
/** A claim outlives the attempt by this much, so no other worker takes it while it runs. */
const LEASE_MARGIN_MS = 60_000;
/** Deliveries staged by instances that stopped before sending them are found at least this often. */
const IDLE_POLL_MS = 30_000;
/** How long after start the background worker first looks for due deliveries (a write wakes it at once). */
const STARTUP_DELAY_MS = 1000;
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** After a failed background run (the database out of reach), the next waits this long, doubling up to the idle poll. */
const FAILURE_RETRY_MS = 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

class DeliveryTimeout extends Error {}

function unref(timer: ReturnType<typeof setTimeout>): void {
  (timer as { unref?: () => void }).unref?.();
}

/** Exponential with jitter: attempt n waits between half and all of base · 2^(n-1). */
export function backoffDelay(attempt: number, baseMs: number, random = Math.random): number {
  const full = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
  return Math.round(full / 2 + (random() * full) / 2);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error && cause.message ? `: ${cause.message}` : '';
    return `${error.message}${detail}`;
  }
  return String(error);
}

/**
 * The outbox worker: claims due deliveries (leased, SKIP LOCKED — safe with any number of instances on
 * one database), sends them through the transport with a timeout, and records each attempt on the
 * delivery and its webhook. At-least-once: a receiver de-duplicates on the delivery id header.
 */
export function createWebhookWorker(options: WorkerOptions): WebhookWorker {
  const word = schemeWord(options.name);
  const drains = new Set<Promise<unknown>>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let backgroundRun: Promise<void> | null = null;
  let again = false;
  let lastPurge = 0;
  /** Background runs failed in a row (the database out of reach): retried sooner than the idle poll, reported once. */
  let failures = 0;

  async function send(claimed: ClaimedDelivery): Promise<Response> {
    const { delivery, webhook } = claimed;
    const headers = new Headers({
      'content-type': 'application/json',
      'user-agent': `pressroom/${VERSION}`,
      [`X-${word}-Webhook-Id`]: delivery.id,
    });
    if (webhook.secret) headers.set(`X-${word}-Signature`, await signatureHeader(delivery.body, webhook.secret, options.now().getTime()));
    const controller = new AbortController();
    const request = new Request(webhook.target_url, {
      method: 'POST',
      headers,
      body: delivery.body,
      redirect: 'manual',
      signal: controller.signal,
    });
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => {
        reject(new DeliveryTimeout(`No response within ${options.timeoutMs} ms.`));
        controller.abort();
      }, options.timeoutMs);
    });
    try {
      // a replaced transport might ignore the signal: the race keeps the timeout anyway
      const response = await Promise.race([options.transport(request), expired]);
      await response.body?.cancel().catch(() => {});
      return response;
    } finally {
      clearTimeout(timeout);
    }
  }

  async function attempt(claimed: ClaimedDelivery, token: string): Promise<keyof Omit<DeliveryCounts, 'attempted'>> {
    const at = options.now();
    const spent = claimed.delivery.attempts > options.retries;
    let result: AttemptResult;
    try {
      const response = await send(claimed);
      const status = String(response.status);
      if (response.status >= 200 && response.status < 300) result = { at, status, error: null, state: 'delivered' };
      else if (response.status === 410)
        result = { at, status, error: 'The target answered 410 Gone: the webhook was removed.', state: 'dead', deleteWebhook: true };
      else result = { at, status, error: `The target answered HTTP ${response.status}.`, state: spent ? 'dead' : 'pending' };
    } catch (error) {
      const permanent = error instanceof TargetRefusedError;
      result = { at, status: null, error: describe(error), state: spent || permanent ? 'dead' : 'pending' };
    }
    if (result.state === 'pending') {
      result.nextAttemptAt = new Date(options.now().getTime() + backoffDelay(claimed.delivery.attempts, options.backoffMs));
    }
    await options.storage.transaction((tx) => tx.outbox.record(claimed.delivery.id, token, result));
    return result.state === 'pending' ? 'retrying' : result.state;
  }

  async function purge(): Promise<void> {
    const now = options.now().getTime();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await options.storage.outbox.purgeFinished(new Date(now - KEEP_FINISHED_MS));
  }

  async function drainOnce(): Promise<DeliveryCounts> {
    const counts: DeliveryCounts = { attempted: 0, delivered: 0, retrying: 0, dead: 0 };
    const token = randomHex(16);
    while (!stopped) {
      const now = options.now();
      const until = new Date(now.getTime() + options.timeoutMs + LEASE_MARGIN_MS);
      const batch = await options.storage.outbox.claimDue(now, until, token, BATCH);
      if (batch.length === 0) break;
      for (const outcome of await Promise.all(batch.map((claimed) => attempt(claimed, token)))) {
        counts.attempted++;
        counts[outcome]++;
      }
    }
    if (!stopped) await purge();
    return counts;
  }

  function drain(): Promise<DeliveryCounts> {
    const run = drainOnce();
    drains.add(run);
    const forget = () => drains.delete(run);
    run.then(forget, forget);
    return run;
  }

  function schedule(delayMs: number): void {
    if (stopped || !options.background) return;
    clearTimeout(timer);
    timer = setTimeout(runInBackground, Math.max(0, delayMs));
    unref(timer);
  }

  function runInBackground(): void {
    if (backgroundRun) {
      again = true;
      return;
    }
    backgroundRun = (async () => {
      let delay = IDLE_POLL_MS;
      try {
        await drain();
        const next = await options.storage.outbox.nextDue();
        if (next) delay = Math.min(IDLE_POLL_MS, next.getTime() - options.now().getTime());
        if (failures > 0 && !stopped) options.logger?.info(`webhook delivery worker running again after ${failures} failed runs`);
        failures = 0;
      } catch (error) {
        failures++;
        if (!stopped && failures === 1) options.logger?.error('webhook delivery worker failed; retrying with backoff', error);
        delay = Math.min(IDLE_POLL_MS, FAILURE_RETRY_MS * 2 ** (failures - 1));
      }
      backgroundRun = null;
      if (again) {
        again = false;
        delay = 0;
      }
      schedule(delay);
    })();
  }

  // a process that has just started answers its first requests before it looks at the outbox
  schedule(STARTUP_DELAY_MS);

  return {
    drain,
    kick: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...drains, ...(backgroundRun ? [backgroundRun] : [])]);
    },
  };
}
