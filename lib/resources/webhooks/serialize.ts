import type { WebhookRow } from '../../storage/webhook-rows';
import { adminDate } from '../shared/dates';

/** A webhook as the Admin API shows it (contract §2.9); the same in v2 and v3. */
export function serializeWebhook(webhook: WebhookRow): Record<string, unknown> {
  return {
    id: webhook.id,
    event: webhook.event,
    target_url: webhook.target_url,
    name: webhook.name,
    secret: webhook.secret,
    api_version: webhook.api_version,
    integration_id: webhook.integration_id,
    status: webhook.status,
    last_triggered_at: adminDate(webhook.last_triggered_at),
    last_triggered_status: webhook.last_triggered_status,
    last_triggered_error: webhook.last_triggered_error,
    created_at: adminDate(webhook.created_at),
    updated_at: adminDate(webhook.updated_at),
  };
}
