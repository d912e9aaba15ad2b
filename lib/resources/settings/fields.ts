import type { Version } from '../../core/context';
import { shownAt, type ShowsAt, type ShownFrom } from '../shared/fields';
import * as value from './values';
import type { SettingValueSchema } from './values';

/**
 * The one declaration of the settings, in the order answers show them: the Admin `settings/` list
 * and what PUT accepts (admin-keys.ts), the Content `settings/` object and `site/` (serialize.ts),
 * their response schemas and so the OpenAPI documents (response.ts), and Ghost export and import
 * (lib/ghost/format.ts). Stored values are text (lists as JSON text); migrations/003-settings.ts
 * wrote every stored key's default.
 *
 * Adding a key to a version's answer is one entry here (`show`: from which version — or in exactly
 * which versions — each answer shows it) plus its test.
 */

/** The three answers that show settings: Admin `settings/` (a list), Content `settings/` and `site/` (objects). */
export type SettingAnswer = 'admin' | 'content' | 'site';

/** A version: shown from it on; a list: shown in exactly those versions. */
export type SettingShown = Partial<Record<SettingAnswer, ShownFrom>>;

/** A value the reference shows for a feature pressroom does not have, as it shows it with that feature off. */
export type OffValue = boolean | string | null | readonly string[];

export interface SettingSpec {
  key: string;
  show: SettingShown;
  /** JSON text of `{label, url}` items, which the Content API shows parsed. */
  list?: true;
  /** Another key's stored value under this name (v5's `locale` is pressroom's `lang`); writes go to that key. */
  from?: string;
  /** The value answers show when the store has none. */
  fallback?: string;
  /** `site/` shows '' when the value is null (its title and description are always text). */
  siteText?: true;
  /** Made for the answer: the site's address, or the running version's `major.minor`. */
  computed?: 'url' | 'version';
  /** A feature pressroom lacks (README): always `value`; a write of another value is refused naming the feature. */
  off?: { value: OffValue; feature: string };
  /** What a new value must pass; absent, the key is read-only (`active_theme` changes through themes/). */
  write?: SettingValueSchema;
  /** The key in a Ghost export's `settings` table (group `site`); absent, not exported or imported. */
  ghost?: string;
}

/** Keeps the table's literal types, so the answers' types are derived from it. */
function defineSettings<const T extends readonly SettingSpec[]>(settings: T): T {
  return settings;
}

const V2 = { admin: 'v2', content: 'v2' } as const;

export const SETTING_FIELDS = defineSettings([
  { key: 'title', show: { ...V2, site: 'v2' }, siteText: true, write: value.title, ghost: 'title' },
  { key: 'description', show: { ...V2, site: 'v3' }, siteText: true, write: value.nullableText(200), ghost: 'description' },
  { key: 'logo', show: { ...V2, site: 'v3' }, write: value.imageRef, ghost: 'logo' },
  { key: 'icon', show: { ...V2, site: 'v5' }, write: value.imageRef, ghost: 'icon' },
  { key: 'accent_color', show: { admin: 'v2', content: 'v5', site: 'v5' }, write: value.accentColor, ghost: 'accent_color' },
  { key: 'cover_image', show: V2, write: value.imageRef, ghost: 'cover_image' },
  { key: 'facebook', show: V2, write: value.nullableText(2000), ghost: 'facebook' },
  { key: 'twitter', show: V2, write: value.nullableText(2000), ghost: 'twitter' },
  { key: 'meta_title', show: V2, write: value.nullableText(300), ghost: 'meta_title' },
  { key: 'meta_description', show: V2, write: value.nullableText(500), ghost: 'meta_description' },
  { key: 'og_image', show: V2, write: value.imageRef, ghost: 'og_image' },
  { key: 'og_title', show: V2, write: value.nullableText(300), ghost: 'og_title' },
  { key: 'og_description', show: V2, write: value.nullableText(500), ghost: 'og_description' },
  { key: 'twitter_image', show: V2, write: value.imageRef, ghost: 'twitter_image' },
  { key: 'twitter_title', show: V2, write: value.nullableText(300), ghost: 'twitter_title' },
  { key: 'twitter_description', show: V2, write: value.nullableText(500), ghost: 'twitter_description' },
  { key: 'members_support_address', show: V2, write: value.supportAddress },
  { key: 'navigation', show: V2, list: true, write: value.navigation, ghost: 'navigation' },
  { key: 'secondary_navigation', show: V2, list: true, write: value.navigation, ghost: 'secondary_navigation' },
  // the reference's `locale`: v5 Admin shows and writes it under that name only, v5 Content under both
  { key: 'lang', show: { admin: ['v2', 'v3'], content: 'v5' }, fallback: 'en', write: value.lang, ghost: 'locale' },
  { key: 'locale', show: { admin: 'v5', content: 'v5', site: 'v5' }, from: 'lang', write: value.lang },
  { key: 'timezone', show: { admin: 'v2', content: 'v5' }, fallback: 'Etc/UTC', write: value.timezone, ghost: 'timezone' },
  { key: 'codeinjection_head', show: { admin: 'v2', content: 'v5' }, write: value.nullableText(65535), ghost: 'codeinjection_head' },
  { key: 'codeinjection_foot', show: { admin: 'v2', content: 'v5' }, write: value.nullableText(65535), ghost: 'codeinjection_foot' },
  { key: 'url', show: { content: 'v2', site: 'v2' }, computed: 'url' },
  { key: 'version', show: { content: 'v5', site: 'v2' }, computed: 'version' },
  // v2 and v3 names of timezone and lang on the Content API (contract §2.10); v5 shows timezone, lang and locale
  { key: 'active_timezone', show: { content: ['v2', 'v3'] }, from: 'timezone' },
  { key: 'default_locale', show: { content: ['v2', 'v3'] }, from: 'lang' },
  { key: 'active_theme', show: { admin: 'v2' } },
  // the format the admin client writes new posts in (migrations/019 chose it for each site)
  { key: 'editor_default_format', show: { admin: 'v2' }, write: value.editorFormat },
  // v5 keys of features pressroom does not have, with the values the reference shows with them off (README)
  adminOff('is_private', false, 'private sites'),
  adminOff('default_content_visibility', 'public', 'members'),
  adminOff('members_signup_access', 'none', 'members'),
  off('members_enabled', false, 'members'),
  off('members_invite_only', false, 'members'),
  off('allow_self_signup', false, 'members'),
  off('paid_members_enabled', false, 'paid members'),
  off('portal_name', true, 'Portal'),
  off('portal_button', true, 'Portal'),
  off('portal_plans', ['free'], 'Portal'),
  off('portal_default_plan', 'yearly', 'Portal'),
  off('portal_button_style', 'icon-and-text', 'Portal'),
  off('portal_button_icon', null, 'Portal'),
  off('portal_button_signup_text', 'Subscribe', 'Portal'),
  off('portal_signup_terms_html', null, 'Portal'),
  off('portal_signup_checkbox_required', false, 'Portal'),
  off('editor_default_email_recipients', 'disabled', 'newsletters'),
  off('comments_enabled', 'off', 'comments'),
  off('recommendations_enabled', false, 'recommendations'),
  off('outbound_link_tagging', false, 'outbound link tagging'),
  off('firstpromoter_account', null, 'FirstPromoter'),
]);

/** A v5 key of a feature pressroom lacks, shown on v5 Admin and Content. */
function off<const K extends string, const O extends OffValue>(key: K, value: O, feature: string) {
  return { key, show: { admin: 'v5', content: 'v5' }, off: { value, feature } } as const;
}

/** A v5 key of a feature pressroom lacks that only the Admin API shows. */
function adminOff<const K extends string, const O extends OffValue>(key: K, value: O, feature: string) {
  return { key, show: { admin: 'v5' }, off: { value, feature } } as const;
}

/** Whether `answer` at `version` shows the setting. */
export function shows(spec: SettingSpec, answer: SettingAnswer, version: Version): boolean {
  return shownAt(spec.show[answer], version);
}

const BY_KEY = new Map<string, SettingSpec>(SETTING_FIELDS.map((spec) => [spec.key, spec]));

/** The declaration of `key`, whatever shows it. */
export function settingSpec(key: string): SettingSpec | undefined {
  return BY_KEY.get(key);
}

/** The settings `answer` at `version` shows, in the table's order. */
export function shownSettings(answer: SettingAnswer, version: Version): SettingSpec[] {
  return SETTING_FIELDS.filter((spec) => shows(spec, answer, version));
}

/** The stored key a setting reads and writes. */
export const storedKey = (spec: SettingSpec): string => spec.from ?? spec.key;

/** The stored text of a setting, or its fallback (the stored key's) when the store has none. */
export function storedValue(spec: SettingSpec, stored: ReadonlyMap<string, string | null>): string | null {
  const source = BY_KEY.get(storedKey(spec)) ?? spec;
  return stored.get(source.key) ?? source.fallback ?? null;
}

// ---- the answers' types, derived from the table

interface NavigationItem {
  label: string;
  url: string;
}

type ShownAt<E, A extends SettingAnswer, V extends Version> = E extends { show: { [K in A]: infer S } } ? ShowsAt<S, V> : false;

type Aliased<E> = E extends { from: infer F } ? Extract<(typeof SETTING_FIELDS)[number], { key: F }> : E;

/** A setting's value in a Content or site answer. */
export type SettingValue<E, A extends SettingAnswer> = E extends { computed: string }
  ? string
  : E extends { list: true }
    ? NavigationItem[]
    : E extends { off: { value: infer O } }
      ? O
      : Aliased<E> extends { fallback: string }
        ? string
        : A extends 'site'
          ? E extends { siteText: true }
            ? string
            : string | null
          : string | null;

/** The object `A` (content or site) at `V` answers with. */
export type SettingsShape<A extends 'content' | 'site', V extends Version> = {
  [E in (typeof SETTING_FIELDS)[number] as ShownAt<E, A, V> extends true ? E['key'] : never]: SettingValue<E, A>;
};
