import { z } from 'zod';
import { notFound } from '../../core/errors';
import type { AppContext } from '../../core/context';
import type { Stores } from '../../storage/storage';
import type { ApiKeyRow, IntegrationRow } from '../../storage/rows';
import { randomHex } from '../../util/ids';
import { inputShape } from '../shared/fields';
import { INTEGRATION_FIELDS } from './fields';

const blankIsNull = (v: unknown) => (v === '' ? null : v);

const writable = inputShape(INTEGRATION_FIELDS, 'v2');

/** `PUT integrations/{id}/`: what an Owner or Administrator may change (fields.ts); keys change only by refreshing. */
export const integrationEditInput = z.object({
  name: writable.name.optional(),
  description: z.preprocess(blankIsNull, writable.description).optional(),
  icon_image: z.preprocess(blankIsNull, writable.icon_image).optional(),
});

export type IntegrationEditInput = z.infer<typeof integrationEditInput>;

export async function findIntegration(tx: Stores, id: string): Promise<IntegrationRow> {
  const row = await tx.integrations.findById(id);
  if (!row || row.type !== 'custom') throw notFound('Integration not found.');
  return row;
}

export async function editIntegration(tx: Stores, app: AppContext, id: string, input: IntegrationEditInput): Promise<IntegrationRow> {
  const before = await findIntegration(tx, id);
  const patch: Partial<Pick<IntegrationRow, 'name' | 'description' | 'icon_image' | 'updated_at'>> = {};
  if (input.name !== undefined && input.name !== before.name) patch.name = input.name;
  if (input.description !== undefined && input.description !== before.description) patch.description = input.description;
  if (input.icon_image !== undefined && input.icon_image !== before.icon_image) patch.icon_image = input.icon_image;
  if (Object.keys(patch).length === 0) return before;
  patch.updated_at = app.now();
  return tx.integrations.update(id, patch);
}

/** Deletes the integration; its keys and webhooks go with it, so its tokens and content key stop working. */
export async function destroyIntegration(tx: Stores, id: string): Promise<IntegrationRow> {
  const integration = await findIntegration(tx, id);
  await tx.integrations.delete(id);
  return integration;
}

/**
 * Gives one of the integration's keys a new secret (same id and type). Tokens signed with the old admin
 * secret and the old content key stop working at once; an admin token already used stays used.
 */
export async function refreshApiKey(
  tx: Stores,
  app: Pick<AppContext, 'now'>,
  integrationId: string,
  keyId: string,
): Promise<{ integration: IntegrationRow; type: ApiKeyRow['type'] }> {
  const integration = await findIntegration(tx, integrationId);
  const key = await tx.integrations.findApiKey(keyId);
  if (!key || key.integration_id !== integrationId) throw notFound('API key not found.');
  const secret = key.type === 'admin' ? randomHex(32) : randomHex(13);
  await tx.integrations.refreshKey(integrationId, keyId, secret, app.now());
  return { integration, type: key.type };
}
