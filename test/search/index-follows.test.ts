import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestSite, type TestSite } from '../helpers/service';
import { exportBytes } from '../ghost/fixture';
import { adminUrl, ORIGIN, OWNER, sessionClient, type SessionClient } from '../users/helpers';
import { integrityProblems } from '../robustness/integrity';
import { add, content, search, titles } from './helpers';

// The index is current at commit, and a search answer the read model keeps is evicted by the change:
// each step asks the same search before (a kept answer, X-Cache: HIT) and right after the change.

let site: TestSite;
let cookie: string;
/** The owner, signed in: settings and staff users are theirs to change. */
let owner: SessionClient;

beforeAll(async () => {
  site = await createTestSite({ adminUrl: ORIGIN });
  owner = sessionClient(site.service);
  expect((await owner.login(OWNER.email, OWNER.password)).status).toBe(201);
  cookie = owner.cookie!;
});
afterAll(() => site?.close());

/** The search's titles, after making sure the answer is kept. */
async function kept(text: string): Promise<string[]> {
  const found = await titles(site, text);
  const again = await search(site, text);
  expect(again.cache, text).toBe('HIT');
  expect(again.posts.map((post) => post.title)).toEqual(found);
  return found;
}

async function edit(id: string, change: Record<string, unknown>, resource = 'posts') {
  const current = (await body(await site.admin.get(`${resource}/${id}/`)))[resource][0];
  const res = await site.admin.put(`${resource}/${id}/?source=html`, { [resource]: [{ ...change, updated_at: current.updated_at }] });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

describe('a search answer follows', () => {
  it('an added post', async () => {
    expect(await kept('zebra')).toEqual([]);
    await add(site, { title: 'Zebra crossing', html: '<p>Stripes.</p>', tags: ['Roads'] });
    expect(await titles(site, 'zebra')).toEqual(['Zebra crossing']);
  });

  it('an edit of the title, the excerpt and the body', async () => {
    const post = await add(site, { title: 'Plain title', html: '<p>Nothing much.</p>' });
    expect(await kept('giraffe')).toEqual([]);
    await edit(post.id, { title: 'Giraffe title' });
    expect(await kept('giraffe')).toEqual(['Giraffe title']);
    await edit(post.id, { title: 'Plain title', custom_excerpt: 'An okapi story' });
    expect(await titles(site, 'giraffe')).toEqual([]);
    expect(await kept('okapi')).toEqual(['Plain title']);
    await edit(post.id, { custom_excerpt: null, html: '<p>A tapir in the body.</p>' });
    expect(await titles(site, 'okapi')).toEqual([]);
    expect(await titles(site, 'tapir')).toEqual(['Plain title']);
  });

  it('an unpublish and a delete', async () => {
    const post = await add(site, { title: 'Walrus news', html: '<p>Tusks.</p>' });
    expect(await kept('walrus')).toEqual(['Walrus news']);
    await edit(post.id, { status: 'draft' });
    expect(await kept('walrus')).toEqual([]);
    expect(await titles(site, 'walrus', '', 'admin')).toEqual(['Walrus news']);
    await edit(post.id, { status: 'published' });
    expect(await kept('walrus')).toEqual(['Walrus news']);
    expect((await site.admin.del(`posts/${post.id}/`)).status).toBe(204);
    expect(await titles(site, 'walrus')).toEqual([]);
    expect(await titles(site, 'walrus', '', 'admin')).toEqual([]);
  });

  it('a tag rename', async () => {
    const tag = (await body(await site.admin.get('tags/slug/roads/'))).tags[0];
    expect(await kept('roads')).toEqual(['Zebra crossing']);
    expect(await kept('highways')).toEqual([]);
    const res = await site.admin.put(`tags/${tag.id}/`, { tags: [{ name: 'Highways', updated_at: tag.updated_at }] });
    expect(res.status).toBe(200);
    expect(await titles(site, 'highways')).toEqual(['Zebra crossing']);
    expect(await titles(site, 'roads')).toEqual([]);
  });

  it('an author rename', async () => {
    expect(await kept('lovelace zebra')).toEqual(['Zebra crossing']);
    const res = await owner.put(`users/${String(site.owner.id)}/`, { users: [{ name: 'Ada Byron' }] });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect(await titles(site, 'lovelace zebra')).toEqual([]);
    expect(await titles(site, 'byron zebra')).toEqual(['Zebra crossing']);
  });

  it('a change of the site language, which stems words by the new one', async () => {
    await add(site, { title: 'Häuser am See', html: '<p>Wir bauen schöne Häuser.</p>' });
    expect(await kept('haus ')).toEqual([]);
    const res = await owner.put('settings/', { settings: [{ key: 'lang', value: 'de' }] });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    // German stemming: "Häuser" is "haus", accents folded
    expect(await titles(site, 'haus ')).toEqual(['Häuser am See']);
    expect(await titles(site, 'hauser schon')).toEqual(['Häuser am See']);
    const settings = await body(await content(site, 'settings/'));
    expect(settings.settings.default_locale).toBe('de');
  });

  it('an import (which also brings the site language, German)', async () => {
    expect(await kept('lexical post')).toEqual([]);
    const form = new FormData();
    form.append('importfile', new File([exportBytes() as Uint8Array<ArrayBuffer>], 'export.json', { type: 'application/json' }));
    const res = await site.service.fetch(new Request(adminUrl('db/'), { method: 'POST', headers: { cookie, origin: ORIGIN }, body: form }));
    expect(res.status).toBe(200);
    expect(await titles(site, 'lexical post')).toEqual(['Title lexical-post']);
    expect(await titles(site, 'about', '', 'content', 'pages')).toEqual(['Title about']);
    expect(await integrityProblems(site.driver)).toEqual({});
  });
});
