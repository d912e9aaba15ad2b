import type { RouteDef } from '../../core/context';
import { json } from '../../core/answer';
import { dependsOn, keys } from '../../read-model/keys';

const PLAIN = [
  'title',
  'description',
  'logo',
  'icon',
  'cover_image',
  'facebook',
  'twitter',
  'meta_title',
  'meta_description',
  'og_image',
  'og_title',
  'og_description',
  'twitter_image',
  'twitter_title',
  'twitter_description',
  'members_support_address',
] as const;

function navigation(value: string | null | undefined): { label: string; url: string }[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item?.label === 'string' && typeof item?.url === 'string') : [];
  } catch {
    return [];
  }
}

/** Content `settings/`: one public object (contract §2.10); every query parameter but `key` is ignored. */
export const contentSettingsRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: 'settings/',
    api: 'content',
    auth: 'content',
    async handle(ctx) {
      const stored = await ctx.app.storage.settings.all();
      const settings: Record<string, unknown> = {};
      for (const key of PLAIN) settings[key] = stored.get(key) ?? null;
      settings.navigation = navigation(stored.get('navigation'));
      settings.secondary_navigation = navigation(stored.get('secondary_navigation'));
      settings.url = `${ctx.app.options.url}/`;
      settings.active_timezone = stored.get('timezone') ?? 'Etc/UTC';
      settings.default_locale = stored.get('lang') ?? 'en';
      return json(200, { settings, meta: {} }, dependsOn([keys.settings]));
    },
  },
];
