import type { z } from 'zod';
import type { Version } from '../../core/context';
import { notFound, validation } from '../../core/errors';
import { settingSpec, shownSettings, shows, storedKey, type SettingSpec } from './fields';
import { adminForm } from './serialize';

/**
 * What Admin `PUT settings/` (and a Ghost import) accepts, from the table in fields.ts. Keys the
 * Admin API does not show at a version (`setup_done` and other internal state) do not exist to a
 * client: 404. A shown key without a schema is read-only: 422. A v5 key of a feature pressroom lacks
 * takes only the value it shows (a client saving back what it read), any other value is a 422 naming
 * the key and the feature: nothing a client sends is dropped silently.
 */

/** The key → value to store for one entry of a write, or null when it changes nothing (a feature-off key's own value). */
export function parseSettingEntry(key: string, value: unknown, version: Version): { key: string; value: string | null } | null {
  const spec = settingSpec(key);
  if (!spec || !shows(spec, 'admin', version)) throw notFound(`Problem finding setting: ${key.slice(0, 100)}`, { property: key.slice(0, 100) });
  if (spec.off) {
    const same = [adminForm(spec.off.value), spec.off.value].some((shown) => JSON.stringify(shown) === JSON.stringify(value));
    if (same) return null;
    throw validation(`Setting ${key} cannot be changed: pressroom has no ${spec.off.feature}.`, { property: key });
  }
  if (!spec.write) throw validation(`Setting ${key} cannot be changed through settings/.`, { property: key });
  return { key: storedKey(spec), value: parse(spec, spec.write, value) };
}

/** The value to store for the stored key `key` (a Ghost import), or a 422 that names the key and what is wrong. */
export function parseSettingValue(key: string, value: unknown): string | null {
  const spec = settingSpec(key);
  if (!spec?.write || spec.from) throw validation(`Setting ${key.slice(0, 100)} cannot be changed.`, { property: key.slice(0, 100) });
  return parse(spec, spec.write, value);
}

function parse(spec: SettingSpec, schema: z.ZodType<string | null, unknown>, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = ['settings', spec.key, ...issue.path.map(String)].join('.');
  const detail = issue.code === 'invalid_type' ? `must be ${issue.expected === 'null' ? 'null' : `a ${issue.expected}`}` : issue.message;
  throw validation(`Value in [${where}] is invalid: ${detail}.`, { property: spec.key });
}

/** The settings a write at `version` may change, for the OpenAPI documents: writable keys, and feature-off keys with their one value. */
export function writableSettings(version: Version): SettingSpec[] {
  return shownSettings('admin', version).filter((spec) => spec.write || spec.off);
}
