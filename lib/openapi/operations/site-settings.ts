import { z } from 'zod';
import type { Version } from '../../core/context';
import { contentSettingsSchema, settingEntrySchema, siteSchema } from '../../resources/settings/response';
import { writableSettings } from '../../resources/settings/admin-keys';
import { adminForm } from '../../resources/settings/serialize';
import { emptyMeta, listEnvelope } from '../../resources/shared/response';
import type { OperationTable } from '../spec';

/** One `{key, value}` per writable setting, each value with its own schema. */
function settingsInput(version: Version) {
  const entries = writableSettings(version).map((spec) =>
    z.object({ key: z.literal(spec.key), value: spec.off ? z.literal(adminForm(spec.off.value)) : spec.write! }),
  );
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
  'content GET settings/': (v) => ({
    operationId: 'readSettings',
    summary: 'Read the public settings',
    description: 'One object, not a list; every query parameter but `key` is ignored.',
    responses: { 200: { description: 'The settings.', schema: z.object({ settings: contentSettingsSchema(v), meta: emptyMeta }).strict() } },
  }),
  'admin GET settings/': (v) => ({
    operationId: 'browseSettings',
    summary: 'Browse settings',
    description: 'Every readable setting as `{key, value}`, by key.',
    responses: { 200: { description: 'The settings.', schema: listEnvelope('settings', settingEntrySchema(v), { meta: true }) } },
  }),
  'admin PUT settings/': (v) => ({
    operationId: 'editSettings',
    summary: 'Edit settings',
    description: 'Every entry is checked before anything is written. An unknown key → 404; a read-only key or a bad value → 422.',
    body: { type: 'json', schema: settingsInput(v) },
    responses: {
      200: {
        description: 'Every readable setting, as saved.',
        schema: listEnvelope('settings', settingEntrySchema(v), { meta: true }),
        headers: ['x-cache-invalidate'],
      },
    },
    errors: [404],
  }),
};
