import { z } from 'zod';
import type { Version } from '../../core/context';
import { answerShape } from '../shared/answer-shape';
import { WEBHOOK_FIELDS } from './fields';

/** The webhook shape `serializeWebhook` emits at a version (fields.ts), made once per version. */
function webhookShape<V extends Version>(version: V) {
  return z
    .object(answerShape(WEBHOOK_FIELDS, 'admin', version, {}))
    .strict()
    .meta({ description: 'A webhook: an integration’s subscription to an event.' });
}

const SCHEMAS = { v2: webhookShape('v2'), v3: webhookShape('v3'), v5: webhookShape('v5') };

export const webhookSchema = <V extends Version>(version: V): (typeof SCHEMAS)[V] => SCHEMAS[version];

export type Webhook = z.infer<(typeof SCHEMAS)['v3']>;
