// Facts of Ghost's export format (the reference's `db/` export) that import and export share.
import { SETTING_FIELDS, type SettingSpec } from '../resources/settings/fields';

/** The Ghost version whose format an export follows: its importer checks `meta.version` is semver. */
export const EXPORT_FORMAT_VERSION = '5.130.0';

/** One problem an import met and got past: what was skipped or changed, and why. */
export interface ImportProblem {
  message: string;
  /** Which kind of record: `Post`, `Tag`, `User`, `Setting`, `Image`, or the file's table name. */
  help: string;
  /** The record concerned (its id, slug or name), or the table. */
  context: string;
}

/** Ghost writes dates as `YYYY-MM-DD HH:MM:SS` in UTC (SQLite) or ISO 8601 (MySQL); a number is milliseconds. */
export function parseGhostDate(value: unknown): Date | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  let date: Date;
  if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string') {
    // without a zone a date-time is UTC in Ghost's databases, where JavaScript would read local time
    const iso = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
    date = new Date(iso);
  } else return undefined;
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Ghost's exports write booleans as 0/1 (both of its databases); older ones and hand-made files as true/false. */
export function parseGhostBoolean(value: unknown): boolean | undefined {
  if (value === null || value === undefined) return false;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return undefined;
}

/** Dates as Ghost 5 on MySQL exports them (ISO 8601, UTC, milliseconds kept). */
export function ghostDate(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export const ghostBoolean = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** Tables of a Ghost export pressroom reads; anything else is reported as skipped. */
export const READ_TABLES = new Set(['posts', 'posts_meta', 'tags', 'posts_tags', 'users', 'posts_authors', 'roles', 'roles_users', 'settings']);

/** Tables a Ghost export has that pressroom has no feature for, and why each is skipped. */
export const SKIPPED_TABLES: Record<string, string> = {
  members: 'pressroom has no members',
  newsletters: 'pressroom sends no newsletters',
  products: 'pressroom has no tiers or products',
  offers: 'pressroom has no offers',
  snippets: 'pressroom has no snippets',
  stripe_products: 'pressroom has no payments',
  stripe_prices: 'pressroom has no payments',
  custom_theme_settings: 'pressroom serves no theme settings',
  api_keys: 'API keys are secrets of the old site',
  integrations: 'integrations and their keys belong to the old site',
  webhooks: 'webhooks belong to the old site',
  sessions: 'sessions belong to the old site',
};

/** The settings of a Ghost export's `settings` table pressroom keeps (lib/resources/settings/fields.ts `ghost`). */
const GHOST_SETTINGS: SettingSpec[] = (SETTING_FIELDS as readonly SettingSpec[]).filter((spec) => spec.ghost !== undefined);

/** The settings pressroom takes over, by the key an export names them with (Ghost's or pressroom's own: `locale` or `lang`). */
export const SETTINGS_TAKEN: Record<string, string> = Object.fromEntries(
  GHOST_SETTINGS.flatMap((spec) => [
    [spec.ghost, spec.key],
    [spec.key, spec.key],
  ]),
);

/** How a Ghost export carries a stored setting (all of pressroom's are in Ghost's `site` group), or undefined when not exported. */
export function ghostSetting(key: string): { key: string; group: 'site'; type: 'array' | 'string' } | undefined {
  const spec = GHOST_SETTINGS.find((candidate) => candidate.key === key);
  return spec && { key: spec.ghost!, group: 'site', type: spec.list ? 'array' : 'string' };
}
