import { z } from 'zod';
import { adminTimestamp, nullableText, recordId } from '../shared/response';
import { webhook } from '../webhooks/response';

/** The shapes `serializeIntegration` and `serializeApiKey` emit. */

export const apiKey = z
  .object({
    id: recordId,
    type: z.enum(['admin', 'content']),
    secret: z.string().meta({ description: 'Hexadecimal; an admin key is used as `<id>:<secret>`.' }),
    role_id: z.null(),
    integration_id: recordId,
    user_id: z.null(),
    last_seen_at: adminTimestamp.nullable(),
    last_seen_version: z.null(),
    created_at: adminTimestamp,
    updated_at: adminTimestamp,
  })
  .strict()
  .meta({ description: 'An API key of an integration.' });

export const integration = z
  .object({
    id: recordId,
    type: z.string(),
    name: z.string(),
    slug: z.string(),
    icon_image: nullableText,
    description: nullableText,
    created_at: adminTimestamp,
    updated_at: adminTimestamp,
    api_keys: z.array(apiKey).optional().meta({ description: 'With `include=api_keys`, and always after creating or refreshing.' }),
    webhooks: z.array(webhook).optional().meta({ description: 'With `include=webhooks`, and always after creating.' }),
  })
  .strict()
  .meta({ description: 'A custom integration.' });

export type Integration = z.infer<typeof integration>;
export type ApiKey = z.infer<typeof apiKey>;
