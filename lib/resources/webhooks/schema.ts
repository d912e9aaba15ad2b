import { z } from 'zod';
import { VERSIONS } from '../../core/context';

/** Fields a client may send inside `{webhooks: [ … ]}`; which are used depends on add or edit. */
export const webhookInput = z
  .object({
    event: z.string().max(50),
    target_url: z.string().max(2000),
    name: z.string().max(191).nullable(),
    secret: z.string().max(191).nullable(),
    api_version: z.enum(VERSIONS),
    integration_id: z.string().max(24),
  })
  .partial();

export type WebhookInput = z.infer<typeof webhookInput>;
