import type { ApiKeyRow, IntegrationRow } from '../../storage/rows';
import type { WebhookRow } from '../../storage/webhook-rows';
import { adminDate } from '../shared/dates';
import { serializeWebhook } from '../webhooks/serialize';

/** An API key as the reference's admin client reads it: the admin key is `<id>:<secret>`. */
export function serializeApiKey(key: ApiKeyRow): Record<string, unknown> {
  return {
    id: key.id,
    type: key.type,
    secret: key.secret,
    role_id: null,
    integration_id: key.integration_id,
    user_id: null,
    last_seen_at: adminDate(key.last_seen_at),
    last_seen_version: null,
    created_at: adminDate(key.created_at),
    updated_at: adminDate(key.updated_at),
  };
}

export interface IntegrationRelations {
  apiKeys?: ApiKeyRow[];
  webhooks?: WebhookRow[];
}

export function serializeIntegration(row: IntegrationRow, relations: IntegrationRelations): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    type: row.type,
    name: row.name,
    slug: row.slug,
    icon_image: row.icon_image,
    description: row.description,
    created_at: adminDate(row.created_at),
    updated_at: adminDate(row.updated_at),
  };
  if (relations.apiKeys) out.api_keys = relations.apiKeys.map(serializeApiKey);
  if (relations.webhooks) out.webhooks = relations.webhooks.map(serializeWebhook);
  return out;
}
