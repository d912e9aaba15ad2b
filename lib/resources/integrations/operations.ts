import { z } from 'zod';
import { slugify } from '../../content';
import type { Actor, AppContext } from '../../core/context';
import { recordActions } from '../../events/actions';
import { integrationEntries } from '../shared/action-entries';
import { objectId, randomHex } from '../../util/ids';
import { parseWith } from '../shared/validate';
import { inputShape } from '../shared/fields';
import { INTEGRATION_FIELDS } from './fields';

const writable = inputShape(INTEGRATION_FIELDS, 'v2');

/** `POST integrations/`: a name, and a description if wanted (fields.ts). */
export const integrationInput = z.object({ name: writable.name, description: writable.description.optional() });

export type IntegrationInput = z.infer<typeof integrationInput>;

export interface IntegrationKeys {
  id: string;
  /** `<24-hex id>:<64-hex secret>`, for Admin API tokens. */
  adminKey: string;
  /** 26 hex characters, for the Content API's `key` parameter. */
  contentKey: string;
}

/** A custom integration with a fresh admin key and content key. */
export async function createIntegration(app: Pick<AppContext, 'storage' | 'now'>, raw: unknown, actor: Actor | null = null): Promise<IntegrationKeys> {
  const input = parseWith(integrationInput, raw, 'integrations');
  const now = app.now();
  const id = objectId(now);
  const admin = { id: objectId(now), secret: randomHex(32) };
  const content = { id: objectId(now), secret: randomHex(13) };
  await app.storage.transaction(async (tx) => {
    const slug = await tx.integrations.freeSlug(slugify(input.name) || 'integration');
    await tx.integrations.insert(
      { id, name: input.name, slug, type: 'custom', description: input.description ?? null, icon_image: null, created_at: now, updated_at: now },
      [
        { id: admin.id, type: 'admin', secret: admin.secret, integration_id: id, last_seen_at: null, created_at: now, updated_at: now },
        { id: content.id, type: 'content', secret: content.secret, integration_id: id, last_seen_at: null, created_at: now, updated_at: now },
      ],
    );
    await recordActions(tx, app, actor, integrationEntries('added', { id, name: input.name }));
  });
  return { id, adminKey: `${admin.id}:${admin.secret}`, contentKey: content.secret };
}
