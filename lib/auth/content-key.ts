import { badRequest, unauthorized } from '../http/errors';
import type { Actor, AppContext } from '../http/context';

const CONTENT_KEY = /^[a-f0-9]{26}$/;

/** Authenticates a Content API request by its `key` query parameter (reference-behaviour §4). */
export async function authenticateContent(query: URLSearchParams, app: AppContext): Promise<Actor> {
  const keys = query.getAll('key');
  if (keys.length === 0) {
    throw unauthorized('Authorization failed: a Content API key is required in the key parameter.', { code: 'NO_CREDENTIALS' });
  }
  if (keys.length > 1) throw badRequest('Query parameter \'key\' may be given only once.', { code: 'INVALID_KEY' });
  const row = CONTENT_KEY.test(keys[0]) ? await app.storage.integrations.findContentKey(keys[0]) : null;
  if (!row) throw unauthorized('Unknown Content API Key', { code: 'UNKNOWN_CONTENT_API_KEY' });
  return { kind: 'integration', integrationId: row.integration_id, apiKeyId: row.id };
}
