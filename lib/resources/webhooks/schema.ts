import { z } from 'zod';
import { inputShape, type FieldSpec } from '../shared/fields';
import { WEBHOOK_FIELDS } from './fields';

/** Fields a client may send inside `{webhooks: [ … ]}` (fields.ts); which are used depends on add or edit. */
export const webhookInput = z.object(inputShape(WEBHOOK_FIELDS, 'v2')).partial();

export type WebhookInput = z.infer<typeof webhookInput>;

/** The fields an edit may change (contract §4.3): the writable ones but those only a new webhook takes. */
export const EDITABLE_WEBHOOK_FIELDS = (WEBHOOK_FIELDS as readonly FieldSpec[])
  .filter((field) => field.write && !field.write.onCreate)
  .map((field) => field.name as keyof WebhookInput);

/** What `PUT webhooks/{id}/` reads of its input. */
export const webhookEditInput = webhookInput.pick(Object.fromEntries(EDITABLE_WEBHOOK_FIELDS.map((name) => [name, true])) as Record<keyof WebhookInput, true>);
