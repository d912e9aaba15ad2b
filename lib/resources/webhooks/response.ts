import { z } from 'zod';
import { VERSIONS } from '../../core/context';
import { EVENT_NAMES } from '../../events/names';
import { adminTimestamp, nullableText, recordId } from '../shared/response';

/** The webhook shape `serializeWebhook` emits (contract §2.9); the same in v2 and v3. */
export const webhook = z
  .object({
    id: recordId,
    event: z.enum(EVENT_NAMES),
    target_url: z.string(),
    name: nullableText,
    secret: nullableText,
    api_version: z.enum(VERSIONS).meta({ description: 'The API version deliveries are serialised with.' }),
    integration_id: recordId,
    status: z.string().meta({ description: '`available`.' }),
    last_triggered_at: adminTimestamp.nullable(),
    last_triggered_status: z.string().nullable().meta({ description: 'The HTTP status of the last delivery attempt, as text; null when none answered.' }),
    last_triggered_error: nullableText,
    created_at: adminTimestamp,
    updated_at: adminTimestamp,
  })
  .strict()
  .meta({ description: 'A webhook: an integration’s subscription to an event.' });

export type Webhook = z.infer<typeof webhook>;
