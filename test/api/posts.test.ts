import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, snapshot, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
});
afterAll(() => site.close());

const mobiledoc = (text: string) => JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, text]]]] });

async function add(fields: Record<string, unknown>, path = 'posts/', version = 'v3') {
  const res = await site.admin.post(path, { [path.replace('/', '')]: [fields] }, version);
  return { res, json: await body(res) };
}

const ADMIN_POST_KEYS_V3 = [
  'id',
  'uuid',
  'title',
  'slug',
  'mobiledoc',
  'comment_id',
  'feature_image',
  'featured',
  'status',
  'visibility',
  'created_at',
  'updated_at',
  'published_at',
  'custom_excerpt',
  'codeinjection_head',
  'codeinjection_foot',
  'custom_template',
  'canonical_url',
  'tags',
  'authors',
  'primary_author',
  'primary_tag',
  'url',
  'excerpt',
  'reading_time',
  'og_image',
  'og_title',
  'og_description',
  'twitter_image',
  'twitter_title',
  'twitter_description',
  'meta_title',
  'meta_description',
  'email_subject',
  'send_email_when_published',
  'email',
];
const V3_ONLY = ['reading_time', 'email_subject', 'send_email_when_published', 'email'];

describe('POST posts/', () => {
  it('creates a draft with defaults, 201 and a Location header', async () => {
    const { res, json } = await add({ title: 'Hello world' });
    expect(res.status).toBe(201);
    const post = json.posts[0];
    expect(res.headers.get('location')).toBe(`${BASE}/svc/api/v3/admin/posts/${post.id}/`);
    expect(Object.keys(post).sort()).toEqual([...ADMIN_POST_KEYS_V3].sort());
    expect(post).toMatchObject({
      title: 'Hello world',
      slug: 'hello-world',
      status: 'draft',
      visibility: 'public',
      featured: false,
      published_at: null,
      comment_id: post.id,
      url: `${BASE}/p/${post.uuid}/`,
      email: null,
      send_email_when_published: false,
    });
    expect(post.id).toMatch(/^[a-f0-9]{24}$/);
    expect(post.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // rule 5: the integration's post belongs to the Owner
    expect(post.authors.map((a: any) => a.email)).toEqual(['ada@example.com']);
    expect(post.primary_author.id).toBe(site.owner.id);
    expect(post.authors[0].roles.map((r: any) => r.name)).toEqual(['Owner']);
    expect(post.tags).toEqual([]);
    expect(post.primary_tag).toBeNull();
  });

  it('v2 responses omit the v3-only fields', async () => {
    const { res, json } = await add({ title: 'Version two' }, 'posts/', 'v2');
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toContain('/svc/api/v2/admin/posts/');
    for (const key of V3_ONLY) expect(json.posts[0]).not.toHaveProperty(key);
  });

  it('publishes with published_at defaulting to now and the slug URL', async () => {
    const before = Date.now();
    const { json } = await add({ title: 'Published one', status: 'published', mobiledoc: mobiledoc('Some words here') });
    const post = json.posts[0];
    expect(post.status).toBe('published');
    expect(Date.parse(post.published_at)).toBeGreaterThanOrEqual(before - 5);
    expect(post.url).toBe(`${BASE}/published-one/`);
    expect(post.excerpt).toBe('Some words here');
  });

  it('returns html only when formats asks for it', async () => {
    const { json } = await add({ title: 'Formats', mobiledoc: mobiledoc('Body text') });
    const id = json.posts[0].id;
    const plain = await body(await site.admin.get(`posts/${id}/`));
    expect(plain.posts[0]).toHaveProperty('mobiledoc');
    expect(plain.posts[0]).not.toHaveProperty('html');
    const both = await body(await site.admin.get(`posts/${id}/?formats=html,mobiledoc`));
    expect(both.posts[0].html).toContain('Body text');
    expect(both.posts[0].mobiledoc).toBe(mobiledoc('Body text'));
    const bad = await site.admin.get(`posts/${id}/?formats=html,pdf`);
    expect(bad.status).toBe(422);
    expect((await body(bad)).errors[0].property).toBe('formats');
  });

  it('converts html with ?source=html and ignores html without it', async () => {
    const html = '<p>Hello <strong>there</strong></p>';
    const ignored = (await body(await site.admin.post('posts/', { posts: [{ title: 'From html', html }] }))).posts[0];
    expect(JSON.parse(ignored.mobiledoc).sections).toEqual([]);
    const res = await site.admin.post('posts/?source=html&formats=html,mobiledoc', { posts: [{ title: 'From html 2', html }] });
    expect(res.status).toBe(201);
    const converted = (await body(res)).posts[0];
    expect(converted.html).toContain('<strong>there</strong>');
    expect(JSON.parse(converted.mobiledoc).sections.length).toBeGreaterThan(0);
  });

  it('links tags in short and long form, auto-creating unknown ones (rules 3–4)', async () => {
    const existing = await body(await site.admin.post('tags/', { tags: [{ name: 'Existing', slug: 'existing-tag' }] }));
    const { json } = await add({
      title: 'Tagged',
      tags: ['Brand New', { slug: 'existing-tag' }, { name: 'Described', description: 'Long form' }, '#Internal'],
    });
    const post = json.posts[0];
    expect(post.tags.map((t: any) => t.name)).toEqual(['Brand New', 'Existing', 'Described', '#Internal']);
    expect(post.tags[1].id).toBe(existing.tags[0].id);
    expect(post.tags[2].description).toBe('Long form');
    expect(post.tags[3]).toMatchObject({ slug: 'hash-internal', visibility: 'internal' });
    expect(post.primary_tag).toMatchObject({ name: 'Brand New' });
    // a tag is matched by name case-insensitively, not created twice
    const again = (await add({ title: 'Tagged again', tags: ['brand new'] })).json.posts[0];
    expect(again.tags[0].id).toBe(post.tags[0].id);
  });

  it('primary_tag is null when the first tag is internal', async () => {
    const { json } = await add({ title: 'Internal first', tags: ['#secret', 'Public'] });
    expect(json.posts[0].primary_tag).toBeNull();
  });

  it('links authors by email, id or slug, and falls back to the Owner (rule 5)', async () => {
    const byEmail = (await add({ title: 'A1', authors: ['ada@example.com'] })).json.posts[0];
    expect(byEmail.authors[0].id).toBe(site.owner.id);
    const byId = (await add({ title: 'A2', authors: [{ id: site.owner.id }] })).json.posts[0];
    expect(byId.authors[0].id).toBe(site.owner.id);
    const unknown = (await add({ title: 'A3', authors: ['nobody@example.com'] })).json.posts[0];
    expect(unknown.authors.map((a: any) => a.id)).toEqual([site.owner.id]);
    const none = await add({ title: 'A4', authors: [] });
    expect(none.res.status).toBe(422);
    expect(none.json.errors[0].message).toBe('At least one author is required.');
  });

  it('gives clashing slugs -2, -3 across posts and pages', async () => {
    const a = (await add({ title: 'Same Title' })).json.posts[0];
    const b = (await add({ title: 'Same Title' })).json.posts[0];
    const c = (await add({ title: 'Same Title' }, 'pages/')).json.pages[0];
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
    const custom = (await add({ title: 'Whatever', slug: 'Custom Slug!' })).json.posts[0];
    expect(custom.slug).toBe('custom-slug');
  });

  it('schedules only with a future published_at', async () => {
    const bad = await add({ title: 'Too late', status: 'scheduled', published_at: '2001-01-01T00:00:00.000Z' });
    expect(bad.res.status).toBe(422);
    expect(bad.json.errors[0].property).toBe('published_at');
    const later = new Date(Date.now() + 3600_000).toISOString();
    const ok = await add({ title: 'Later', status: 'scheduled', published_at: later });
    expect(ok.res.status).toBe(201);
    expect(ok.json.posts[0]).toMatchObject({ status: 'scheduled', published_at: later });
  });
});

describe('rejected writes (reference-behaviour §2) leave the database unchanged', () => {
  const cases: [string, () => Promise<Response>, number, string | null][] = [
    ['missing title', () => site.admin.post('posts/', { posts: [{ status: 'draft' }] }), 422, 'title'],
    ['blank title', () => site.admin.post('posts/', { posts: [{ title: '   ' }] }), 422, 'title'],
    ['title over 255', () => site.admin.post('posts/', { posts: [{ title: 'x'.repeat(256) }] }), 422, 'title'],
    ['custom_excerpt over 300', () => site.admin.post('posts/', { posts: [{ title: 't', custom_excerpt: 'x'.repeat(301) }] }), 422, 'custom_excerpt'],
    ['slug over 191', () => site.admin.post('posts/', { posts: [{ title: 't', slug: 'x'.repeat(192) }] }), 422, 'slug'],
    ['no root key', () => site.admin.post('posts/', { post: [{ title: 't' }] }), 422, 'posts'],
    ['wrong types', () => site.admin.post('posts/', { posts: [{ title: 't', featured: 'yes' }] }), 422, 'featured'],
    ['tags not an array', () => site.admin.post('posts/', { posts: [{ title: 't', tags: { name: 'x' } }] }), 422, 'tags'],
    ['bad status', () => site.admin.post('posts/', { posts: [{ title: 't', status: 'live' }] }), 422, 'status'],
    ['invalid mobiledoc', () => site.admin.post('posts/', { posts: [{ title: 't', mobiledoc: '{"version":"9"}' }] }), 422, 'mobiledoc'],
    ['mobiledoc not JSON', () => site.admin.post('posts/', { posts: [{ title: 't', mobiledoc: 'nope' }] }), 422, 'mobiledoc'],
    ['invalid JSON', () => site.admin.request('POST', 'posts/', { body: '{"posts": [', headers: { 'content-type': 'application/json' } }), 400, null],
    [
      'JSON without content type',
      () => site.admin.request('POST', 'posts/', { body: '{"posts":[{"title":"t"}]}', headers: { 'content-type': 'text/plain' } }),
      415,
      null,
    ],
    ['empty body', () => site.admin.request('POST', 'posts/', { headers: { 'content-type': 'application/json' } }), 422, 'posts'],
    ['bad published_at', () => site.admin.post('posts/', { posts: [{ title: 't', published_at: 'yesterday' }] }), 422, 'published_at'],
  ];

  for (const [name, send, status, property] of cases) {
    it(`${name} → ${status}`, async () => {
      const before = await snapshot(site.driver);
      const res = await send();
      expect(res.status).toBe(status);
      const { errors } = await body(res);
      if (property) expect(errors[0].property).toBe(property);
      expect(errors[0].message.length).toBeGreaterThan(10);
      expect(await snapshot(site.driver)).toEqual(before);
    });
  }
});

describe('GET posts/', () => {
  it('paginates with meta and honours limit, page and order', async () => {
    for (let i = 0; i < 5; i++) await add({ title: `Paging ${i}`, status: 'published', tags: ['paging'] });
    const first = await body(await site.admin.get('posts/?filter=tag:paging&limit=2&order=title%20asc'));
    expect(first.posts.map((p: any) => p.title)).toEqual(['Paging 0', 'Paging 1']);
    expect(first.meta.pagination).toEqual({ page: 1, limit: 2, pages: 3, total: 5, next: 2, prev: null });
    const last = await body(await site.admin.get('posts/?filter=tag:paging&limit=2&page=3&order=title%20asc'));
    expect(last.posts.map((p: any) => p.title)).toEqual(['Paging 4']);
    expect(last.meta.pagination).toMatchObject({ page: 3, next: null, prev: 2 });
    const past = await body(await site.admin.get('posts/?filter=tag:paging&limit=2&page=9'));
    expect(past.posts).toEqual([]);
    expect(past.meta.pagination).toMatchObject({ page: 9, pages: 3, total: 5 });
    const all = await body(await site.admin.get('posts/?filter=tag:paging&limit=all'));
    expect(all.posts).toHaveLength(5);
  });

  it('orders drafts and scheduled before published by default', async () => {
    const list = await body(await site.admin.get('posts/?limit=all'));
    const statuses: string[] = list.posts.map((p: any) => p.status);
    const rank = (s: string) => ({ scheduled: 0, draft: 1, published: 2 })[s] ?? 3;
    expect(statuses.map(rank)).toEqual([...statuses.map(rank)].sort((a, b) => a - b));
  });

  it('restricts output with fields', async () => {
    const list = await body(await site.admin.get('posts/?fields=title,slug&limit=1'));
    expect(Object.keys(list.posts[0]).sort()).toEqual(['slug', 'title']);
  });

  it('refuses bad limit and page values with 422 naming the parameter, and a bad filter with 400', async () => {
    for (const [query, property] of [
      ['limit=abc', 'limit'],
      ['limit=-1', 'limit'],
      ['page=0', 'page'],
      ['page=x', 'page'],
    ]) {
      const res = await site.admin.get(`posts/?${query}`);
      expect(res.status).toBe(422);
      expect((await body(res)).errors[0].property).toBe(property);
    }
    const bad = await site.admin.get('posts/?filter=' + encodeURIComponent('title:(('));
    expect(bad.status).toBe(400);
    expect((await body(bad)).errors[0].context).toMatch(/character \d+/);
    const unknown = await site.admin.get('posts/?filter=nosuchfield:1');
    expect(unknown.status).toBe(400);
  });

  it('keeps pages and posts apart', async () => {
    const page = (await add({ title: 'About us' }, 'pages/')).json.pages[0];
    expect((await site.admin.get(`posts/${page.id}/`)).status).toBe(404);
    expect((await site.admin.get(`pages/${page.id}/`)).status).toBe(200);
    const posts = await body(await site.admin.get('posts/?limit=all'));
    expect(posts.posts.some((p: any) => p.id === page.id)).toBe(false);
  });
});

describe('read by id and slug', () => {
  it('reads by id and by slug', async () => {
    const post = (await add({ title: 'Readable' })).json.posts[0];
    expect((await body(await site.admin.get(`posts/${post.id}/`))).posts[0].id).toBe(post.id);
    expect((await body(await site.admin.get(`posts/slug/${post.slug}/`))).posts[0].id).toBe(post.id);
  });

  it('422 for a malformed id, 404 for an unknown one', async () => {
    const malformed = await site.admin.get('posts/not-an-id/');
    expect(malformed.status).toBe(422);
    const unknown = await site.admin.get('posts/aaaaaaaaaaaaaaaaaaaaaaaa/');
    expect(unknown.status).toBe(404);
    expect((await body(unknown)).errors[0]).toMatchObject({ type: 'NotFoundError', message: 'Post not found.' });
    expect((await site.admin.get('posts/slug/no-such-slug/')).status).toBe(404);
  });
});

describe('PUT posts/{id}/', () => {
  it('edits with updated_at and replaces tags and authors (rule 7)', async () => {
    const post = (await add({ title: 'Editable', tags: ['one', 'two'] })).json.posts[0];
    const res = await site.admin.put(`posts/${post.id}/`, { posts: [{ title: 'Edited', tags: ['three'], updated_at: post.updated_at }] });
    expect(res.status).toBe(200);
    const edited = (await body(res)).posts[0];
    expect(edited.title).toBe('Edited');
    expect(edited.tags.map((t: any) => t.name)).toEqual(['three']);
    expect(Date.parse(edited.updated_at)).toBeGreaterThan(Date.parse(post.updated_at));
    // omitted tags stay as they are
    const again = (await body(await site.admin.put(`posts/${post.id}/`, { posts: [{ featured: true, updated_at: edited.updated_at }] }))).posts[0];
    expect(again.tags.map((t: any) => t.name)).toEqual(['three']);
    expect(again.featured).toBe(true);
  });

  it('re-slugs a never-published draft on title change unless the slug was customised', async () => {
    const post = (await add({ title: 'First name' })).json.posts[0];
    const renamed = (await body(await site.admin.put(`posts/${post.id}/`, { posts: [{ title: 'Second name', updated_at: post.updated_at }] }))).posts[0];
    expect(renamed.slug).toBe('second-name');
    const custom = (await add({ title: 'Kept', slug: 'my-own' })).json.posts[0];
    const kept = (await body(await site.admin.put(`posts/${custom.id}/`, { posts: [{ title: 'Changed', updated_at: custom.updated_at }] }))).posts[0];
    expect(kept.slug).toBe('my-own');
  });

  it('requires updated_at: 422', async () => {
    const post = (await add({ title: 'Needs stamp' })).json.posts[0];
    const before = await snapshot(site.driver);
    const res = await site.admin.put(`posts/${post.id}/`, { posts: [{ title: 'x' }] });
    expect(res.status).toBe(422);
    expect((await body(res)).errors[0].property).toBe('updated_at');
    expect(await snapshot(site.driver)).toEqual(before);
  });

  it('refuses a stale updated_at with 409 UPDATE_COLLISION, but not for tag-only edits', async () => {
    const post = (await add({ title: 'Contended' })).json.posts[0];
    const first = (await body(await site.admin.put(`posts/${post.id}/`, { posts: [{ title: 'Winner', updated_at: post.updated_at }] }))).posts[0];
    const before = await snapshot(site.driver);
    const stale = await site.admin.put(`posts/${post.id}/`, { posts: [{ title: 'Loser', updated_at: post.updated_at }] });
    expect(stale.status).toBe(409);
    const err = (await body(stale)).errors[0];
    expect(err).toMatchObject({ type: 'UpdateCollisionError', code: 'UPDATE_COLLISION' });
    expect(err.details).toEqual({ clientUpdatedAt: post.updated_at, serverUpdatedAt: first.updated_at });
    expect(await snapshot(site.driver)).toEqual(before);
    const tagsOnly = await site.admin.put(`posts/${post.id}/`, { posts: [{ tags: ['late tag'], updated_at: post.updated_at }] });
    expect(tagsOnly.status).toBe(200);
  });

  it('publishes a draft and unpublishes it again keeping published_at', async () => {
    const post = (await add({ title: 'Lifecycle' })).json.posts[0];
    const published = (await body(await site.admin.put(`posts/${post.id}/`, { posts: [{ status: 'published', updated_at: post.updated_at }] }))).posts[0];
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();
    const draft = (await body(await site.admin.put(`posts/${post.id}/`, { posts: [{ status: 'draft', updated_at: published.updated_at }] }))).posts[0];
    expect(draft.status).toBe('draft');
    expect(draft.published_at).toBe(published.published_at);
  });

  it('404 for an unknown id, 422 for a malformed one', async () => {
    expect((await site.admin.put('posts/bbbbbbbbbbbbbbbbbbbbbbbb/', { posts: [{ title: 'x', updated_at: new Date().toISOString() }] })).status).toBe(404);
    expect((await site.admin.put('posts/xyz/', { posts: [{ title: 'x', updated_at: new Date().toISOString() }] })).status).toBe(422);
  });
});

describe('DELETE posts/{id}/', () => {
  it('deletes with 204 and an empty body', async () => {
    const post = (await add({ title: 'Doomed', tags: ['doomed-tag'] })).json.posts[0];
    const res = await site.admin.del(`posts/${post.id}/`);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await site.admin.get(`posts/${post.id}/`)).status).toBe(404);
    const { rows } = await site.driver.query('SELECT * FROM posts_tags WHERE post_id = $1', [post.id]);
    expect(rows).toEqual([]);
    expect((await site.admin.del(`posts/${post.id}/`)).status).toBe(404);
  });

  it('marks deletes of published posts for cache invalidation', async () => {
    const post = (await add({ title: 'Public doomed', status: 'published' })).json.posts[0];
    const res = await site.admin.del(`posts/${post.id}/`);
    expect(res.headers.get('x-cache-invalidate')).toBe('/*');
  });
});
