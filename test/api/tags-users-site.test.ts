import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, snapshot, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

const TAG_V2 = ['id', 'name', 'slug', 'description', 'feature_image', 'visibility', 'meta_title', 'meta_description', 'created_at', 'updated_at', 'url'];
const TAG_V3 = [
  ...TAG_V2,
  'og_image',
  'og_title',
  'og_description',
  'twitter_image',
  'twitter_title',
  'twitter_description',
  'codeinjection_head',
  'codeinjection_foot',
  'canonical_url',
  'accent_color',
];

describe('tags/', () => {
  it('adds, reads by id and slug, edits and deletes', async () => {
    const res = await site.admin.post('tags/', { tags: [{ name: 'Getting Started', description: 'First steps' }] });
    expect(res.status).toBe(201);
    const tag = (await body(res)).tags[0];
    expect(res.headers.get('location')).toBe(`${BASE}/svc/api/v3/admin/tags/${tag.id}/`);
    expect(Object.keys(tag).sort()).toEqual([...TAG_V3].sort());
    expect(tag).toMatchObject({ slug: 'getting-started', visibility: 'public', url: `${BASE}/tag/getting-started/` });

    expect((await body(await site.admin.get(`tags/${tag.id}/`))).tags[0].name).toBe('Getting Started');
    expect((await body(await site.admin.get('tags/slug/getting-started/'))).tags[0].id).toBe(tag.id);

    const edited = await site.admin.put(`tags/${tag.id}/`, { tags: [{ name: 'Start Here', slug: 'start-here', accent_color: '#ff0000' }] });
    expect(edited.status).toBe(200);
    expect((await body(edited)).tags[0]).toMatchObject({ name: 'Start Here', slug: 'start-here', accent_color: '#ff0000' });

    const del = await site.admin.del(`tags/${tag.id}/`);
    expect(del.status).toBe(204);
    expect((await site.admin.get(`tags/${tag.id}/`)).status).toBe(404);
  });

  it('v2 tags carry only the v2 field set', async () => {
    const tag = (await body(await site.admin.post('tags/', { tags: [{ name: 'Old school' }] }, 'v2'))).tags[0];
    expect(Object.keys(tag).sort()).toEqual([...TAG_V2].sort());
  });

  it('deleting a tag detaches it from posts and moves primary_tag on', async () => {
    const post = (await body(await site.admin.post('posts/', { posts: [{ title: 'Two tags', tags: ['first-to-go', 'second-stays'] }] }))).posts[0];
    const first = post.tags[0];
    expect(post.primary_tag.id).toBe(first.id);
    expect((await site.admin.del(`tags/${first.id}/`)).status).toBe(204);
    const after = (await body(await site.admin.get(`posts/${post.id}/`))).posts[0];
    expect(after.tags.map((t: any) => t.name)).toEqual(['second-stays']);
    expect(after.primary_tag.name).toBe('second-stays');
  });

  it('counts posts with include=count.posts and filters', async () => {
    await site.admin.post('posts/', { posts: [{ title: 'Counted', tags: ['counted-tag'] }] });
    const list = await body(await site.admin.get('tags/?include=count.posts&filter=slug:counted-tag'));
    expect(list.tags).toHaveLength(1);
    expect(list.tags[0].count).toEqual({ posts: 1 });
    expect(list.meta.pagination.total).toBe(1);
  });

  it('turns # names into internal tags with hash- slugs', async () => {
    const tag = (await body(await site.admin.post('tags/', { tags: [{ name: '#Hidden' }] }))).tags[0];
    expect(tag).toMatchObject({ slug: 'hash-hidden', visibility: 'internal' });
  });

  const bad: [string, unknown, string][] = [
    ['missing name', { tags: [{ description: 'x' }] }, 'name'],
    ['blank name', { tags: [{ name: ' ' }] }, 'name'],
    ['name over 191', { tags: [{ name: 'n'.repeat(192) }] }, 'name'],
    ['description over 500', { tags: [{ name: 'ok', description: 'd'.repeat(501) }] }, 'description'],
    ['no root key', { tag: [{ name: 'x' }] }, 'tags'],
    ['bad accent colour', { tags: [{ name: 'colour', accent_color: 'red' }] }, 'accent_color'],
  ];
  for (const [name, payload, property] of bad) {
    it(`refuses ${name} with 422 and changes nothing`, async () => {
      const before = await snapshot(site.driver);
      const res = await site.admin.post('tags/', payload);
      expect(res.status).toBe(422);
      expect((await body(res)).errors[0].property).toBe(property);
      expect(await snapshot(site.driver)).toEqual(before);
    });
  }

  it('refuses a duplicate name', async () => {
    await site.admin.post('tags/', { tags: [{ name: 'Unique' }] });
    expect((await site.admin.post('tags/', { tags: [{ name: 'unique' }] })).status).toBe(422);
  });
});

describe('users/', () => {
  it('browses and reads users with roles, never their password hash', async () => {
    const list = await site.admin.get('users/');
    expect(list.status).toBe(200);
    const text = await list.clone().text();
    expect(text).not.toContain('pbkdf2');
    expect(text).not.toContain('password');
    const { users, meta } = await body(list);
    expect(meta.pagination.total).toBe(1);
    expect(users[0]).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', slug: 'ada-lovelace', status: 'active' });
    expect(users[0].roles.map((r: any) => r.name)).toEqual(['Owner']);
    expect(Object.keys(users[0].roles[0]).sort()).toEqual(['created_at', 'description', 'id', 'name', 'updated_at']);
    expect((await body(await site.admin.get(`users/${users[0].id}/`))).users[0].id).toBe(users[0].id);
    expect((await body(await site.admin.get('users/slug/ada-lovelace/'))).users[0].id).toBe(users[0].id);
    expect((await site.admin.get('users/slug/nobody/')).status).toBe(404);
  });

  it('integrations may not write users', async () => {
    const res = await site.admin.post('users/', { users: [{ name: 'x' }] });
    expect([403, 404, 405]).toContain(res.status);
    expect(res.status).not.toBe(200);
  });
});

describe('site/', () => {
  it('needs no authentication; v3 adds description and logo', async () => {
    const v3 = await site.service.fetch(new Request(`${BASE}/svc/api/v3/admin/site/`));
    expect(v3.status).toBe(200);
    expect((await body(v3)).site).toEqual({ title: 'Test site', description: 'Thoughts, stories and ideas.', logo: null, url: `${BASE}/`, version: '0.1' });
    const v2 = await body(await site.service.fetch(new Request(`${BASE}/svc/api/v2/admin/site/`)));
    expect(Object.keys(v2.site).sort()).toEqual(['title', 'url', 'version']);
  });
});

describe('routing and the envelope', () => {
  it('redirects GET without a trailing slash and serves other methods as if slashed', async () => {
    const res = await site.service.fetch(new Request(`${BASE}/svc/api/v3/admin/site?x=1`));
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/svc/api/v3/admin/site/?x=1');
    const post = await site.admin.post('posts', { posts: [{ title: 'No slash' }] });
    expect(post.status).toBe(201);
  });

  it('404s unknown versions and routes in the envelope', async () => {
    for (const path of ['/svc/api/v9/admin/site/', '/svc/api/v3/admin/nothing/', '/svc/api/v3/elsewhere/site/', '/other/']) {
      const res = await site.service.fetch(new Request(`${BASE}${path}`));
      expect(res.status).toBe(404);
      const { errors } = await body(res);
      expect(errors[0]).toMatchObject({ type: 'NotFoundError', errorType: 'NotFoundError' });
      expect(errors[0].id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('405 with Allow for a known path and the wrong method', async () => {
    const res = await site.service.fetch(new Request(`${BASE}/svc/api/v3/admin/site/`, { method: 'DELETE' }));
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect((await body(res)).errors[0].type).toBe('MethodNotAllowedError');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await site.service.fetch(new Request(`${BASE}/svc/api/v3/admin/site/`, { method: 'HEAD' }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('refuses a body over the limit with 413 before reading it', async () => {
    const small = await createTestSite({ limits: { jsonBodyBytes: 1000 } });
    try {
      const res = await small.admin.post('posts/', { posts: [{ title: 'x'.repeat(2000) }] });
      expect(res.status).toBe(413);
      expect((await body(res)).errors[0].type).toBe('RequestEntityTooLargeError');
    } finally {
      await small.close();
    }
  });

  it('refuses repeated query parameters and survives malformed percent-encoding', async () => {
    expect((await site.admin.get('posts/?limit=1&limit=2')).status).toBe(400);
    const res = await site.admin.get('posts/slug/%E0%A4%A/');
    expect(res.status).toBeLessThan(500);
  });

  it('works under another name with the scheme word of that name', async () => {
    const ghost = await createTestSite({ name: 'ghost' });
    try {
      const res = await ghost.admin.get('posts/');
      expect(res.status).toBe(200);
      const wrong = await ghost.service.fetch(new Request(`${BASE}/svc/api/v3/admin/posts/`));
      expect(wrong.status).toBe(404);
    } finally {
      await ghost.close();
    }
  });
});

describe('service methods', () => {
  it('setup runs once', async () => {
    await expect(site.service.setup({ name: 'Again', email: 'again@example.com', password: 'another-long-password' })).rejects.toThrow(/already/);
  });

  it('setup refuses insecure passwords', async () => {
    const { createService } = await import('../../lib');
    const fresh = await createService({ auth: { passwordIterations: 1000 } });
    try {
      await expect(fresh.setup({ name: 'Short', email: 's@example.com', password: 'short' })).rejects.toThrow(/at least 10/);
      await expect(fresh.setup({ name: 'Same', email: 's@example.com', password: '1234567890' })).rejects.toThrow(/insecure/);
    } finally {
      await fresh.close();
    }
  });

  it('createIntegration returns keys of the documented shapes', async () => {
    const keys = await site.service.createIntegration({ name: 'Another' });
    expect(keys.adminKey).toMatch(/^[a-f0-9]{24}:[a-f0-9]{64}$/);
    expect(keys.contentKey).toMatch(/^[a-f0-9]{26}$/);
    expect(keys.id).toMatch(/^[a-f0-9]{24}$/);
  });
});
