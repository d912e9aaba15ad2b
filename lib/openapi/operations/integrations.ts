import { webhookEditInput, webhookInput } from '../../resources/webhooks/schema';
import { webhookSchema } from '../../resources/webhooks/response';
import { integrationInput } from '../../resources/integrations/operations';
import { integrationEditInput } from '../../resources/integrations/manage';
import { integrationSchema } from '../../resources/integrations/response';
import { listEnvelope } from '../../resources/shared/response';
import type { Version } from '../../core/context';
import type { OperationTable } from '../spec';
import { jsonEnvelope, noContent } from './helpers';

const webhooks = (v: Version) => listEnvelope('webhooks', webhookSchema(v));
const integrations = (v: Version) => listEnvelope('integrations', integrationSchema(v));

/** Webhooks (contract §2.9, §4.3) and the custom integrations that own them. */
export const integrationsOperations: OperationTable = {
  'admin POST webhooks/': (v) => ({
    operationId: 'addWebhook',
    summary: 'Add a webhook',
    description:
      '`event` and `target_url` are required; `integration_id` too with user authentication (with a token, the integration is the ' +
      'authenticated one). Unknown events, targets on private addresses and a second webhook of one event and target → 422.',
    body: jsonEnvelope('webhooks', webhookInput.required({ event: true, target_url: true })),
    responses: { 201: { description: 'The new webhook.', schema: webhooks(v) } },
  }),
  'admin PUT webhooks/:id/': (v) => ({
    operationId: 'editWebhook',
    summary: 'Edit a webhook',
    description: 'v3 only. Writable: `event`, `target_url`, `name`, `api_version`.',
    body: jsonEnvelope('webhooks', webhookEditInput),
    responses: { 200: { description: 'The webhook as saved.', schema: webhooks(v) } },
  }),
  'admin DELETE webhooks/:id/': () => ({
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook',
    responses: { 204: noContent('The webhook is gone.') },
  }),
  'admin GET integrations/': (v) => ({
    operationId: 'browseIntegrations',
    summary: 'Browse custom integrations',
    query: ['include', 'limit', 'page'],
    includes: ['api_keys', 'webhooks'],
    responses: { 200: { description: 'A page of integrations.', schema: listEnvelope('integrations', integrationSchema(v), { browse: true }) } },
  }),
  'admin GET integrations/:id/': (v) => ({
    operationId: 'readIntegration',
    summary: 'Read a custom integration',
    query: ['include'],
    includes: ['api_keys', 'webhooks'],
    responses: { 200: { description: 'The integration.', schema: integrations(v) } },
  }),
  'admin POST integrations/': (v) => ({
    operationId: 'addIntegration',
    summary: 'Add a custom integration',
    description: 'It gets a fresh admin key and content key, returned with it.',
    query: ['include'],
    body: jsonEnvelope('integrations', integrationInput),
    responses: { 201: { description: 'The new integration with its keys.', schema: integrations(v), headers: ['location'] } },
  }),
  'admin PUT integrations/:id/': (v) => ({
    operationId: 'editIntegration',
    summary: 'Edit a custom integration',
    query: ['include'],
    body: jsonEnvelope('integrations', integrationEditInput),
    responses: { 200: { description: 'The integration as saved.', schema: integrations(v) } },
  }),
  'admin DELETE integrations/:id/': () => ({
    operationId: 'deleteIntegration',
    summary: 'Delete a custom integration',
    description: 'Its keys and webhooks go with it.',
    responses: { 204: noContent('The integration is gone.') },
  }),
  'admin POST integrations/:id/api_key/:keyid/refresh/': (v) => ({
    operationId: 'refreshApiKey',
    summary: 'Give an API key a new secret',
    description: 'Tokens signed with the old admin secret, and the old content key, stop working at once.',
    query: ['include'],
    responses: { 200: { description: 'The integration with its keys.', schema: integrations(v) } },
  }),
};
