import { z } from 'zod';
import type { Version } from '../../core/context';
import { nullableText, siteUrl } from '../shared/response';
import { SETTING_FIELDS, shownSettings, type SettingsShape, type SettingSpec } from './fields';

/**
 * The shapes of Content `settings/` (contract §2.10), `site/` (§2.8) and Admin `settings/`
 * (reference-behaviour §12), derived from the table in fields.ts: one schema per answer and version,
 * made once (the OpenAPI documents refer to each by name).
 */

const navigationItem = z.object({ label: z.string(), url: z.string() }).strict();

const runningVersion = z
  .string()
  .regex(/^\d+\.\d+$/)
  .meta({ description: '`major.minor` of the running service.' });

function offSchema(value: NonNullable<SettingSpec['off']>['value']): z.ZodType {
  if (value === null) return nullableText;
  if (typeof value === 'object') return z.array(z.string());
  return z.literal(value);
}

function valueSchema(spec: SettingSpec, site: boolean): z.ZodType {
  if (spec.computed === 'url') return siteUrl;
  if (spec.computed === 'version') return runningVersion;
  if (spec.off) return offSchema(spec.off.value);
  if (spec.list) return z.array(navigationItem);
  const source = SETTING_FIELDS.find((other) => other.key === (spec.from ?? spec.key)) ?? spec;
  if ('fallback' in source || (site && spec.siteText)) return z.string();
  return nullableText;
}

function objectSchema(answer: 'content' | 'site', version: Version): z.ZodObject {
  return z.object(Object.fromEntries(shownSettings(answer, version).map((spec) => [spec.key, valueSchema(spec, answer === 'site')]))).strict();
}

const SITE_DESCRIPTIONS: Record<Version, string> = {
  v2: 'The site (v2).',
  v3: 'The site (v3): v2 plus description and logo.',
  v5: 'The site (v5): v3 plus icon, accent_color and locale.',
};

function perVersion<T>(make: (version: Version) => T): (version: Version) => T {
  const made = new Map<Version, T>();
  return (version) => made.get(version) ?? made.set(version, make(version)).get(version)!;
}

export const contentSettingsSchema = perVersion((version) =>
  objectSchema('content', version).meta({ description: 'The public settings of the site (Content API), a single object.' }),
);

export const siteSchema = perVersion((version) => objectSchema('site', version).meta({ description: SITE_DESCRIPTIONS[version] }));

/** One Admin API setting; values travel as text, lists as JSON text. */
const settingEntryText = z
  .object({ key: z.string(), value: z.string().nullable() })
  .strict()
  .meta({ description: 'One setting (Admin API): its key and its value as text (lists as JSON text).' });

/** On v5 a key of a feature pressroom lacks shows the reference's typed value (a boolean for a flag). */
const settingEntryV5 = z
  .object({ key: z.string(), value: z.union([z.string(), z.boolean()]).nullable() })
  .strict()
  .meta({ description: 'One setting (Admin API): its key and its value as text (lists as JSON text), or a boolean for a flag.' });

export const settingEntrySchema = (version: Version) => (version === 'v5' ? settingEntryV5 : settingEntryText);

export type Settings = SettingsShape<'content', 'v3'>;
export type Setting = z.infer<typeof settingEntryText>;
export type Site = SettingsShape<'site', 'v3'>;
