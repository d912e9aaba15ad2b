import { z } from 'zod';
import type { Version } from '../../core/context';
import { answerShape } from '../shared/answer-shape';
import { webhookSchema } from '../webhooks/response';
import { API_KEY_FIELDS, INTEGRATION_FIELDS } from './fields';

/** The shapes `serializeIntegration` and `serializeApiKey` emit (fields.ts), made once per version. */

function apiKeyShape<V extends Version>(version: V) {
  const secret =
    version === 'v5'
      ? z.string().meta({ description: 'Hexadecimal; an admin key shows `<id>:<secret>`, the key a client signs with.' })
      : z.string().meta({ description: 'Hexadecimal; an admin key is used as `<id>:<secret>`.' });
  return z
    .object(answerShape(API_KEY_FIELDS, 'admin', version, { secret, role_id: z.null(), user_id: z.null(), last_seen_version: z.null() }))
    .strict()
    .meta({ description: 'An API key of an integration.' });
}

function integrationShape<V extends Version>(version: V, apiKey: ReturnType<typeof apiKeyShape<V>>) {
  return z
    .object(
      answerShape(INTEGRATION_FIELDS, 'admin', version, {
        api_keys: z.array(apiKey).optional().meta({ description: 'With `include=api_keys`, and always after creating or refreshing.' }),
        webhooks: z.array(webhookSchema(version)).optional().meta({ description: 'With `include=webhooks`, and always after creating.' }),
      }),
    )
    .strict()
    .meta({ description: 'A custom integration.' });
}

function shapes<V extends Version>(version: V) {
  const apiKey = apiKeyShape(version);
  return { apiKey, integration: integrationShape(version, apiKey) };
}

const SCHEMAS = { v2: shapes('v2'), v3: shapes('v3'), v5: shapes('v5') };

export const apiKeySchema = <V extends Version>(version: V): (typeof SCHEMAS)[V]['apiKey'] => SCHEMAS[version].apiKey;
export const integrationSchema = <V extends Version>(version: V): (typeof SCHEMAS)[V]['integration'] => SCHEMAS[version].integration;

export type Integration = z.infer<(typeof SCHEMAS)['v3']['integration']>;
export type ApiKey = z.infer<(typeof SCHEMAS)['v3']['apiKey']>;
