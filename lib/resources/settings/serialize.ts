import type { Version } from '../../core/context';
import { VERSION } from '../../version';
import { shownSettings, storedValue, type OffValue, type SettingSpec } from './fields';

/** The settings as stored: key → text (lists as JSON text). */
export type StoredSettings = ReadonlyMap<string, string | null>;

/** An Admin API setting: text on v2 and v3; on v5 a feature-off key shows the reference's typed value. */
export interface SettingEntry {
  key: string;
  value: string | boolean | null;
}

function navigation(value: string | null): { label: string; url: string }[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item?.label === 'string' && typeof item?.url === 'string') : [];
  } catch {
    return [];
  }
}

/** How the Admin API carries a feature-off value: lists as JSON text, as every list setting. */
export const adminForm = (value: OffValue): string | boolean | null => (typeof value === 'object' && value !== null ? JSON.stringify(value) : value);

const runningVersion = () => VERSION.split('.').slice(0, 2).join('.');

function objectValue(spec: SettingSpec, stored: StoredSettings, siteUrl: string, site: boolean): unknown {
  if (spec.computed === 'url') return `${siteUrl}/`;
  if (spec.computed === 'version') return runningVersion();
  if (spec.off) return spec.off.value;
  const text = storedValue(spec, stored);
  if (spec.list) return navigation(text);
  return site && spec.siteText ? (text ?? '') : text;
}

/** Content `settings/` (contract §2.10): one object of the public settings. */
export function contentSettings(stored: StoredSettings, version: Version, siteUrl: string): Record<string, unknown> {
  return Object.fromEntries(shownSettings('content', version).map((spec) => [spec.key, objectValue(spec, stored, siteUrl, false)]));
}

/** `site/` (contract §2.8). */
export function siteInfo(stored: StoredSettings, version: Version, siteUrl: string): Record<string, unknown> {
  return Object.fromEntries(shownSettings('site', version).map((spec) => [spec.key, objectValue(spec, stored, siteUrl, true)]));
}

/**
 * Admin `settings/`: v2 and v3 list the stored keys they show, by key; v5 lists every key it shows
 * in the table's order (the reference's order, near enough), as the reference lists its defaults.
 */
export function adminSettings(stored: StoredSettings, version: Version): SettingEntry[] {
  const shown = shownSettings('admin', version);
  if (version !== 'v5') {
    const keys = new Set(shown.map((spec) => spec.key));
    return [...stored]
      .filter(([key]) => keys.has(key))
      .map(([key, value]) => ({ key, value }))
      .sort((a, b) => a.key.localeCompare(b.key));
  }
  return shown.map((spec) => ({ key: spec.key, value: spec.off ? adminForm(spec.off.value) : storedValue(spec, stored) }));
}
