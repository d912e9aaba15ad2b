import { z } from 'zod';
import { siteSchema } from '../../resources/site/response';
import { contentSettings, settingEntry } from '../../resources/settings/response';
import { writableSettings } from '../../resources/settings/admin-keys';
import { emptyMeta, listEnvelope } from '../../resources/shared/response';
import type { OperationTable } from '../spec';

/** One `{key, value}` per writable setting, each value with its own schema. */
function settingsInput() {
  const entries = writableSettings().map(([key, value]) => z.object({ key: z.literal(key), value }));
  return z.object({
    settings: z
      .array(z.discriminatedUnion('key', entries as [(typeof entries)[number], ...(typeof entries)[number][]]))
      .min(1)
      .max(200),
  });
}

export const siteSettingsOperations: OperationTable = {
  'admin GET site/': (v) => ({
    operationId: 'readSite',
    summary: 'Read the site',
    description: 'No authentication.',
    responses: { 200: { description: 'The site.', schema: z.object({ site: siteSchema(v) }).strict() } },
  }),
  'content GET settings/': () => ({
    operationId: 'readSettings',
    summary: 'Read the public settings',
    description: 'One object, not a list; every query parameter but `key` is ignored.',
    responses: { 200: { description: 'The settings.', schema: z.object({ settings: contentSettings, meta: emptyMeta }).strict() } },
  }),
  'admin GET settings/': () => ({
    operationId: 'browseSettings',
    summary: 'Browse settings',
    description: 'Every readable setting as `{key, value}`, by key.',
    responses: { 200: { description: 'The settings.', schema: listEnvelope('settings', settingEntry, { meta: true }) } },
  }),
  'admin PUT settings/': () => ({
    operationId: 'editSettings',
    summary: 'Edit settings',
    description: 'Every entry is checked before anything is written. An unknown key → 404; a read-only key or a bad value → 422.',
    body: { type: 'json', schema: settingsInput() },
    responses: {
      200: {
        description: 'Every readable setting, as saved.',
        schema: listEnvelope('settings', settingEntry, { meta: true }),
        headers: ['x-cache-invalidate'],
      },
    },
    errors: [404],
  }),
};
