// v5 shapes of Admin `settings/`, Content `settings/` and `site/` at the unversioned roots, as the
// reference (Ghost 5) shows them: its e2e snapshots admin/settings, content/settings and admin/site.
// Keys of features pressroom lacks show the values the reference has with them off (README).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, snapshot } from '../helpers/service';
import { createStaffSite, type StaffSite } from '../users/staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

const admin = (method: string, path: string, payload?: unknown) => site.as.Owner.request(method, path, { body: payload, version: 'v5' });
const content = (root: string, path: string) => site.service.fetch(new Request(`${BASE}/svc/api/${root}content/${path}?key=${site.contentKey}`));
const valueOf = (settings: { key: string; value: unknown }[], key: string) => settings.find((s) => s.key === key)?.value;

/** The Content settings keys of the reference's snapshot (content/__snapshots__/settings.test.js.snap). */
const REFERENCE_CONTENT_KEYS = [
  'accent_color',
  'allow_self_signup',
  'codeinjection_foot',
  'codeinjection_head',
  'comments_enabled',
  'cover_image',
  'default_email_address',
  'description',
  'editor_default_email_recipients',
  'facebook',
  'firstpromoter_account',
  'icon',
  'labs',
  'lang',
  'locale',
  'logo',
  'members_enabled',
  'members_invite_only',
  'members_support_address',
  'meta_description',
  'meta_title',
  'navigation',
  'og_description',
  'og_image',
  'og_title',
  'outbound_link_tagging',
  'paid_members_enabled',
  'portal_button',
  'portal_button_icon',
  'portal_button_signup_text',
  'portal_button_style',
  'portal_default_plan',
  'portal_name',
  'portal_plans',
  'portal_signup_checkbox_required',
  'portal_signup_terms_html',
  'recommendations_enabled',
  'secondary_navigation',
  'support_email_address',
  'timezone',
  'title',
  'twitter',
  'twitter_description',
  'twitter_image',
  'twitter_title',
  'url',
  'version',
];
/** Absent on pressroom's v5 (README): it sends no member email and has no labs flags. */
const ABSENT = ['default_email_address', 'support_email_address', 'labs'];

describe('v5 Admin settings/', () => {
  it('lists the reference’s keys pressroom has, locale for lang, and feature-off keys with their typed values', async () => {
    const res = await admin('GET', 'settings/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-version')).toBe('v5.130');
    const { settings, meta } = await body(res);
    expect(meta).toEqual({});
    const keys = settings.map((s: { key: string }) => s.key);
    // the reference lists its defaults in its own order, title first; pressroom's v2/v3 sort by key
    expect(keys.slice(0, 3)).toEqual(['title', 'description', 'logo']);
    expect(keys).toContain('locale');
    expect(keys).not.toContain('lang');
    expect(keys).not.toContain('setup_done');
    expect(valueOf(settings, 'locale')).toBe('en');
    expect(valueOf(settings, 'title')).toBe('Test site');
    expect(valueOf(settings, 'navigation')).toBe('[{"label":"Home","url":"/"}]');
    expect(valueOf(settings, 'members_enabled')).toBe(false);
    expect(valueOf(settings, 'members_signup_access')).toBe('none');
    expect(valueOf(settings, 'is_private')).toBe(false);
    expect(valueOf(settings, 'portal_plans')).toBe('["free"]');
    expect(valueOf(settings, 'comments_enabled')).toBe('off');
    expect(valueOf(settings, 'firstpromoter_account')).toBeNull();
    // secrets and keys of integrations pressroom does not have are not shown at all
    for (const key of ['stripe_secret_key', 'mailgun_api_key', 'labs', 'public_hash', 'password']) expect(keys).not.toContain(key);
  });

  it('writes locale into lang, which v3 and both Content versions then show', async () => {
    const res = await admin('PUT', 'settings/', { settings: [{ key: 'locale', value: 'fr' }] });
    expect(res.status).toBe(200);
    expect(valueOf((await body(res)).settings, 'locale')).toBe('fr');
    const v3 = await body(await site.as.Owner.get('settings/'));
    expect(valueOf(v3.settings, 'lang')).toBe('fr');
    const v5Content = (await body(await content('', 'settings/'))).settings;
    expect(v5Content).toMatchObject({ lang: 'fr', locale: 'fr' });
    expect((await body(await content('v3/', 'settings/'))).settings.default_locale).toBe('fr');
    const bad = await admin('PUT', 'settings/', { settings: [{ key: 'locale', value: 'not a tag' }] });
    expect(bad.status).toBe(422);
    expect((await body(bad)).errors[0].property).toBe('locale');
    expect((await admin('PUT', 'settings/', { settings: [{ key: 'locale', value: 'en' }] })).status).toBe(200);
  });

  it('takes back a feature-off key’s own value and refuses any other, naming it; lang and unknown keys are 404', async () => {
    const before = await snapshot(site.driver);
    const same = await admin('PUT', 'settings/', {
      settings: [
        { key: 'members_enabled', value: false },
        { key: 'portal_plans', value: '["free"]' },
        { key: 'portal_button_icon', value: null },
      ],
    });
    expect(same.status).toBe(200);
    const other = await admin('PUT', 'settings/', {
      settings: [
        { key: 'title', value: 'Not saved' },
        { key: 'members_signup_access', value: 'all' },
      ],
    });
    expect(other.status).toBe(422);
    const error = (await body(other)).errors[0];
    expect(error.property).toBe('members_signup_access');
    expect(error.message).toMatch(/members_signup_access.*members/);
    for (const key of ['lang', 'stripe_secret_key']) {
      const res = await admin('PUT', 'settings/', { settings: [{ key, value: 'x' }] });
      expect(res.status).toBe(404);
      expect((await body(res)).errors[0].property).toBe(key);
    }
    expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
  });
});

describe('v5 Content settings/', () => {
  it('shows the reference’s keys but those README lists as absent, with their v5 names', async () => {
    const res = await content('', 'settings/');
    expect(res.status).toBe(200);
    const { settings } = await body(res);
    expect(Object.keys(settings).sort()).toEqual(REFERENCE_CONTENT_KEYS.filter((key) => !ABSENT.includes(key)));
    expect(settings).toMatchObject({
      title: 'Test site',
      timezone: 'Etc/UTC',
      lang: 'en',
      locale: 'en',
      accent_color: null,
      codeinjection_head: null,
      url: `${BASE}/`,
      members_enabled: false,
      paid_members_enabled: false,
      portal_plans: ['free'],
      comments_enabled: 'off',
      recommendations_enabled: false,
      navigation: [{ label: 'Home', url: '/' }],
    });
    expect(settings.version).toMatch(/^\d+\.\d+$/);
    // v2 and v3 keep their names for timezone and lang
    const v3 = (await body(await content('v3/', 'settings/'))).settings;
    expect(v3).toMatchObject({ active_timezone: 'Etc/UTC', default_locale: 'en' });
    expect(v3).not.toHaveProperty('locale');
  });
});

describe('v5 site/', () => {
  it('adds icon, accent_color and locale in the reference’s order', async () => {
    expect((await admin('PUT', 'settings/', { settings: [{ key: 'accent_color', value: '#FF1A75' }] })).status).toBe(200);
    const res = await site.service.fetch(new Request(`${BASE}/svc/api/admin/site/`));
    expect(res.status).toBe(200);
    const info = (await body(res)).site;
    expect(Object.keys(info)).toEqual(['title', 'description', 'logo', 'icon', 'accent_color', 'locale', 'url', 'version']);
    expect(info).toMatchObject({ title: 'Test site', icon: null, accent_color: '#FF1A75', locale: 'en', url: `${BASE}/` });
    const v3 = (await body(await site.service.fetch(new Request(`${BASE}/svc/api/v3/admin/site/`)))).site;
    expect(Object.keys(v3)).toEqual(['title', 'description', 'logo', 'url', 'version']);
  });
});

describe('v5 OpenAPI documents', () => {
  it('describe the v5 settings and site (every answer above was checked against them)', async () => {
    const adminDoc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/admin/openapi.json`)));
    expect(Object.keys(adminDoc.components.schemas.Site.properties)).toEqual([
      'title',
      'description',
      'logo',
      'icon',
      'accent_color',
      'locale',
      'url',
      'version',
    ]);
    expect(JSON.stringify(adminDoc.components.schemas.Setting.properties.value)).toContain('boolean');
    const put = JSON.stringify(adminDoc.paths['/settings/'].put.requestBody);
    expect(put).toContain('"locale"');
    expect(put).toContain('"members_enabled"');
    const contentDoc = await body(await site.service.fetch(new Request(`${BASE}/svc/api/content/openapi.json`)));
    expect(Object.keys(contentDoc.components.schemas.Settings.properties).sort()).toEqual(REFERENCE_CONTENT_KEYS.filter((key) => !ABSENT.includes(key)));
  });
});
