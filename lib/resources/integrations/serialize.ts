import type { Version } from '../../core/context';
import type { ApiKeyRow, IntegrationRow } from '../../storage/rows';
import type { WebhookRow } from '../../storage/webhook-rows';
import { answerValues } from '../shared/answer-shape';
import { serializeWebhook } from '../webhooks/serialize';
import { API_KEY_FIELDS, INTEGRATION_FIELDS } from './fields';

/** An API key (fields.ts): v2 and v3 show the admin key's secret alone, v5 as `<id>:<secret>` (the reference's). */
export function serializeApiKey(key: ApiKeyRow, version: Version): Record<string, unknown> {
  const secret = version === 'v5' && key.type === 'admin' ? `${key.id}:${key.secret}` : key.secret;
  return answerValues(API_KEY_FIELDS, 'admin', version, key, { secret, role_id: null, user_id: null, last_seen_version: null });
}

export interface IntegrationRelations {
  apiKeys?: ApiKeyRow[];
  webhooks?: WebhookRow[];
}

export function serializeIntegration(row: IntegrationRow, relations: IntegrationRelations, version: Version): Record<string, unknown> {
  const computed: Record<string, unknown> = {};
  if (relations.apiKeys) computed.api_keys = relations.apiKeys.map((key) => serializeApiKey(key, version));
  if (relations.webhooks) computed.webhooks = relations.webhooks.map((webhook) => serializeWebhook(webhook, version));
  return answerValues(INTEGRATION_FIELDS, 'admin', version, row, computed);
}
