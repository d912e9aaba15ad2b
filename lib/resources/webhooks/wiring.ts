import type { AppContext } from '../../core/context';
import { outboxStager } from '../../events/outbox';
import { guardedFetch } from '../../events/transport';
import { createWebhookWorker, type WebhookWorker } from '../../events/worker';
import { webhookPayload } from './payload';

/**
 * Webhooks on the event bus: deliveries are staged into the outbox inside each writing transaction,
 * and the worker is woken once that transaction has committed.
 */
export function wireWebhooks(app: AppContext): WebhookWorker {
  const { options } = app;
  const worker = createWebhookWorker({
    storage: app.storage,
    now: () => app.now(),
    name: options.name,
    transport: options.webhooks.transport ?? guardedFetch(options.webhooks),
    timeoutMs: options.webhooks.timeoutMs,
    retries: options.webhooks.retries,
    backoffMs: options.webhooks.backoffMs,
    background: options.webhooks.worker,
    logger: options.logger,
  });
  let staged = false;
  app.events.addStager(
    outboxStager({
      payload: (event, version) => webhookPayload(event, version, options.url),
      now: () => app.now(),
      onStaged: () => (staged = true),
    }),
  );
  app.events.on('*', () => {
    if (!staged) return;
    staged = false;
    worker.kick();
  });
  return worker;
}
