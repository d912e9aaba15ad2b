import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, snapshot } from '../helpers/service';
import { createStaffSite, type StaffSite } from './staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

const valueOf = (settings: { key: string; value: unknown }[], key: string) => settings.find((s) => s.key === key)?.value;
const contentSettings = async () => (await body(await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/settings/?key=${site.contentKey}`)))).settings;

async function expectRejected(status: number, settings: unknown[], property: string) {
  const before = await snapshot(site.driver);
  const res = await site.as.Owner.put('settings/', { settings });
  expect(res.status).toBe(status);
  expect((await body(res)).errors[0].property).toBe(property);
  expect({ ...(await snapshot(site.driver)), sessions: null }).toEqual({ ...before, sessions: null });
}

describe('GET settings/', () => {
  it('lists {key, value} pairs; internal keys are not shown', async () => {
    const res = await site.as.Contributor.get('settings/');
    expect(res.status).toBe(200);
    const { settings, meta } = await body(res);
    expect(meta).toEqual({});
    expect(valueOf(settings, 'title')).toBe('Test site');
    expect(valueOf(settings, 'navigation')).toBe('[{"label":"Home","url":"/"}]');
    expect(valueOf(settings, 'active_theme')).toBe('casper');
    expect(settings.some((s: { key: string }) => s.key === 'setup_done')).toBe(false);
    for (const entry of settings) expect(Object.keys(entry).sort()).toEqual(['key', 'value']);
  });
});

describe('PUT settings/', () => {
  it('changes values; the Content API sees them at once (its cache is invalidated)', async () => {
    expect((await contentSettings()).title).toBe('Test site');
    const res = await site.as.Administrator.put('settings/', {
      settings: [
        { key: 'title', value: 'Renamed site' },
        { key: 'description', value: null },
        {
          key: 'navigation',
          value: [
            { label: 'Home', url: '/' },
            { label: 'About', url: '/about/' },
          ],
        },
        { key: 'secondary_navigation', value: '[{"label":"RSS","url":"/rss/"}]' },
        { key: 'accent_color', value: '#ff0088' },
        { key: 'timezone', value: 'Europe/Lisbon' },
        { key: 'logo', value: '/content/images/2024/01/logo.png' },
        { key: 'members_support_address', value: 'help@example.com' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache-invalidate')).toBe('/*');
    const { settings } = await body(res);
    expect(valueOf(settings, 'title')).toBe('Renamed site');
    expect(valueOf(settings, 'navigation')).toBe('[{"label":"Home","url":"/"},{"label":"About","url":"/about/"}]');
    const content = await contentSettings();
    expect(content).toMatchObject({
      title: 'Renamed site',
      description: null,
      active_timezone: 'Europe/Lisbon',
      logo: '/content/images/2024/01/logo.png',
      secondary_navigation: [{ label: 'RSS', url: '/rss/' }],
    });
    expect(content.navigation).toHaveLength(2);
  });

  it('fires site.changed for listeners (and webhooks)', async () => {
    const seen: string[] = [];
    const off = site.service.on('site.changed', (event) => void seen.push(event.name));
    await site.as.Owner.put('settings/', { settings: [{ key: 'meta_title', value: 'Meta' }] });
    off();
    expect(seen).toEqual(['site.changed']);
  });

  it('an unchanged value changes nothing and fires nothing', async () => {
    const seen: string[] = [];
    const off = site.service.on('site.changed', (event) => void seen.push(event.name));
    const res = await site.as.Owner.put('settings/', { settings: [{ key: 'meta_title', value: 'Meta' }] });
    off();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache-invalidate')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('unknown keys, including internal ones, are 404 and nothing changes', async () => {
    await expectRejected(
      404,
      [
        { key: 'title', value: 'Would change' },
        { key: 'no_such_setting', value: 'x' },
      ],
      'no_such_setting',
    );
    await expectRejected(404, [{ key: 'setup_done', value: 'false' }], 'setup_done');
  });

  it('read-only keys are 422', async () => {
    await expectRejected(422, [{ key: 'active_theme', value: 'other' }], 'active_theme');
  });

  const bad: [string, unknown][] = [
    ['title', ''],
    ['title', 't'.repeat(151)],
    ['title', null],
    ['title', 42],
    ['description', 'd'.repeat(201)],
    ['meta_description', 'm'.repeat(501)],
    ['logo', 'javascript:alert(1)'],
    ['cover_image', 'not a url'],
    ['accent_color', 'red'],
    ['timezone', 'Mars/Olympus_Mons'],
    ['lang', 'english please'],
    ['navigation', '[{"label":"x"}]'],
    ['navigation', 'not json'],
    ['navigation', [{ label: 'Home', url: '/', extra: 1 }]],
    ['navigation', { label: 'Home', url: '/' }],
    ['members_support_address', 'not-an-email'],
  ];
  for (const [key, value] of bad) {
    it(`validates ${key} = ${JSON.stringify(value).slice(0, 40)} → 422`, async () => {
      await expectRejected(422, [{ key, value }], key);
    });
  }

  it('refuses a body without the settings list', async () => {
    for (const payload of [{}, { settings: [] }, { settings: [{ value: 'x' }] }, { settings: [{ key: 'title' }] }]) {
      const res = await site.as.Owner.put('settings/', payload);
      expect(res.status).toBe(422);
    }
  });

  it('Editors and below may read but not change settings', async () => {
    for (const role of ['Editor', 'Author', 'Contributor'] as const) {
      expect((await site.as[role].put('settings/', { settings: [{ key: 'title', value: 'Mine' }] })).status).toBe(403);
    }
  });
});
