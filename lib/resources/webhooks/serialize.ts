import type { Version } from '../../core/context';
import type { WebhookRow } from '../../storage/webhook-rows';
import { answerValues } from '../shared/answer-shape';
import { WEBHOOK_FIELDS } from './fields';

/** A webhook as the Admin API at `version` shows it (contract §2.9; fields.ts). */
export function serializeWebhook(webhook: WebhookRow, version: Version): Record<string, unknown> {
  return answerValues(WEBHOOK_FIELDS, 'admin', version, webhook);
}
