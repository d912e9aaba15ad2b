import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;
const ids: Record<string, string> = {};

function content(path: string, options: { version?: string; key?: string | null; headers?: Record<string, string>; method?: string } = {}) {
  const key = options.key === null ? '' : `key=${options.key ?? site.contentKey}`;
  const sep = path.includes('?') ? '&' : '?';
  const url = `${BASE}/svc/api/${options.version ?? 'v3'}/content/${path}${key ? sep + key : ''}`;
  return site.service.fetch(new Request(url, { method: options.method ?? 'GET', headers: options.headers }));
}

const mobiledoc = (text: string) => JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, text]]]] });

beforeAll(async () => {
  site = await createTestSite();
  const add = async (root: string, item: Record<string, unknown>) => (await body(await site.admin.post(`${root}/`, { [root]: [item] })))[root][0];
  ids.alpha = (
    await add('posts', {
      title: 'Alpha',
      status: 'published',
      published_at: '2024-01-03T10:00:00.000Z',
      tags: ['News', '#internal-note'],
      mobiledoc: mobiledoc('Alpha body text'),
      custom_excerpt: 'Alpha excerpt',
    })
  ).id;
  ids.beta = (
    await add('posts', {
      title: 'Beta',
      status: 'published',
      published_at: '2024-01-02T10:00:00.000Z',
      tags: ['News', 'Tech'],
      mobiledoc: mobiledoc('Beta body'),
    })
  ).id;
  ids.gamma = (
    await add('posts', {
      title: 'Gamma',
      status: 'published',
      published_at: '2024-01-01T10:00:00.000Z',
      visibility: 'members',
      mobiledoc: mobiledoc('Members only'),
    })
  ).id;
  ids.draft = (await add('posts', { title: 'Draft', tags: ['Unpublished only'] })).id;
  ids.scheduled = (await add('posts', { title: 'Scheduled', status: 'scheduled', published_at: new Date(Date.now() + 3600_000).toISOString() })).id;
  ids.about = (await add('pages', { title: 'About', status: 'published', mobiledoc: mobiledoc('About page') })).id;
  ids.contact = (await add('pages', { title: 'Contact', status: 'published' })).id;
});
afterAll(() => site.close());

const POST_KEYS = [
  'slug',
  'id',
  'uuid',
  'title',
  'html',
  'comment_id',
  'feature_image',
  'featured',
  'created_at',
  'updated_at',
  'published_at',
  'custom_excerpt',
  'codeinjection_head',
  'codeinjection_foot',
  'custom_template',
  'canonical_url',
  'primary_author',
  'primary_tag',
  'url',
  'page',
  'excerpt',
  'og_image',
  'og_title',
  'og_description',
  'twitter_image',
  'twitter_title',
  'twitter_description',
  'meta_title',
  'meta_description',
].sort();
/** The Content API v3 adds these to the contract's list (reference-behaviour §7). */
const POST_KEYS_V3 = [...POST_KEYS, 'reading_time', 'visibility'].sort();
const NESTED_TAG_KEYS = ['description', 'feature_image', 'id', 'meta_description', 'meta_title', 'name', 'slug', 'url', 'visibility'].sort();
const AUTHOR_KEYS = [
  'slug',
  'id',
  'name',
  'profile_image',
  'cover_image',
  'bio',
  'website',
  'location',
  'facebook',
  'twitter',
  'meta_title',
  'meta_description',
  'url',
].sort();
const PRIMARY_TAG_V2 = [
  'id',
  'name',
  'slug',
  'description',
  'feature_image',
  'visibility',
  'meta_title',
  'meta_description',
  'created_at',
  'updated_at',
  'url',
  'parent',
].sort();
const PRIMARY_TAG_V3 = [
  ...PRIMARY_TAG_V2,
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
].sort();
const SETTINGS_KEYS = [
  'title',
  'description',
  'logo',
  'icon',
  'cover_image',
  'facebook',
  'twitter',
  'navigation',
  'secondary_navigation',
  'meta_title',
  'meta_description',
  'og_image',
  'og_title',
  'og_description',
  'twitter_image',
  'twitter_title',
  'twitter_description',
  'members_support_address',
  'url',
  'active_timezone',
  'default_locale',
].sort();

describe('key authentication (reference-behaviour §4)', () => {
  it('401 without a key, 400 with a repeated key, 401 UnauthorizedError for an unknown key — all with CORS', async () => {
    const missing = await content('posts/', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    const repeated = await content(`posts/?key=${site.contentKey}`);
    expect(repeated.status).toBe(400);
    const unknown = await content('posts/', { key: 'ffffffffffffffffffffffffff' });
    expect(unknown.status).toBe(401);
    const err = (await body(unknown)).errors[0];
    expect(err).toMatchObject({ errorType: 'UnauthorizedError', message: 'Unknown Content API Key' });
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('admin keys do not open the Content API', async () => {
    expect((await content('posts/', { key: site.adminKey })).status).toBe(401);
  });

  it('rate limits failed attempts per address with 429 and Retry-After, never successes', async () => {
    const limited = await createTestSite({ contentApi: { keyFailuresPerMinute: 3 } });
    try {
      const from = (address: string, key: string) =>
        limited.service.fetch(new Request(`${BASE}/svc/api/v3/content/settings/?key=${key}`), { clientAddress: address });
      const bad = 'abababababababababababab00';
      for (let i = 0; i < 3; i++) expect((await from('10.0.0.9', bad)).status).toBe(401);
      const blocked = await from('10.0.0.9', bad);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await body(blocked)).errors[0].type).toBe('TooManyRequestsError');
      expect((await from('10.0.0.10', bad)).status).toBe(401);
      expect((await from('10.0.0.9', limited.contentKey)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('posts/', () => {
  it('lists only published posts, newest first, with the exact default field set', async () => {
    const res = await content('posts/');
    expect(res.status).toBe(200);
    const { posts, meta } = await body(res);
    expect(posts.map((p: any) => p.title)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(meta.pagination).toEqual({ page: 1, limit: 15, pages: 1, total: 3, next: null, prev: null });
    for (const post of posts) expect(Object.keys(post).sort()).toEqual(POST_KEYS_V3);
    expect(posts[0]).toMatchObject({ visibility: 'public', reading_time: expect.any(Number) });
    // v2 keeps exactly the contract's list
    const v2 = (await body(await content('posts/', { version: 'v2' }))).posts;
    for (const post of v2) expect(Object.keys(post).sort()).toEqual(POST_KEYS);
    expect(posts[0]).toMatchObject({ primary_author: null, primary_tag: null, page: false, url: `${BASE}/alpha/`, excerpt: 'Alpha excerpt' });
    expect(posts[0].published_at).toBe('2024-01-03T10:00:00.000+00:00');
    expect(posts[0].html).toContain('Alpha body text');
  });

  it('include=tags,authors adds the reduced nested shapes and primary_tag with full fields and parent', async () => {
    for (const [version, primaryKeys] of [
      ['v2', PRIMARY_TAG_V2],
      ['v3', PRIMARY_TAG_V3],
    ] as const) {
      const { posts } = await body(await content('posts/?include=tags,authors&filter=slug:alpha', { version }));
      const post = posts[0];
      expect(Object.keys(post).sort()).toEqual([...(version === 'v3' ? POST_KEYS_V3 : POST_KEYS), 'authors', 'tags'].sort());
      expect(post.tags.map((t: any) => t.name)).toEqual(['News', '#internal-note']);
      for (const tag of post.tags) expect(Object.keys(tag).sort()).toEqual(NESTED_TAG_KEYS);
      for (const author of post.authors) expect(Object.keys(author).sort()).toEqual(AUTHOR_KEYS);
      expect(Object.keys(post.primary_tag).sort()).toEqual(primaryKeys);
      expect(post.primary_tag.parent).toBeNull();
      expect(Object.keys(post.primary_author).sort()).toEqual(AUTHOR_KEYS);
      expect(JSON.stringify(post)).not.toContain('ada@example.com');
    }
  });

  it('formats=html,plaintext adds plaintext; fields restricts output and still honours include', async () => {
    const { posts } = await body(await content('posts/?formats=html,plaintext&filter=slug:alpha'));
    expect(posts[0].plaintext).toBe('Alpha body text');
    const restricted = await body(await content('posts/?fields=title,slug&include=tags'));
    expect(Object.keys(restricted.posts[0]).sort()).toEqual(['primary_tag', 'slug', 'tags', 'title']);
  });

  it('lists a members-only post without its body', async () => {
    const { posts } = await body(await content('posts/?filter=slug:gamma&formats=html,plaintext'));
    expect(posts[0]).toMatchObject({ html: '', plaintext: '', excerpt: '' });
  });

  it('404s drafts and scheduled posts, by id and by slug', async () => {
    for (const id of [ids.draft, ids.scheduled]) {
      const res = await content(`posts/${id}/`);
      expect(res.status).toBe(404);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await content('posts/slug/draft/')).status).toBe(404);
    expect((await content(`posts/${ids.alpha}/`)).status).toBe(200);
    expect((await body(await content('posts/slug/beta/'))).posts[0].id).toBe(ids.beta);
  });

  it('overrides a status clause in the filter', async () => {
    const { posts } = await body(await content('posts/?filter=status:draft'));
    expect(posts.map((p: any) => p.title)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const combined = await body(await content('posts/?filter=status:draft%2Btag:tech'));
    expect(combined.posts.map((p: any) => p.title)).toEqual(['Beta']);
  });

  it('returns slug:[a,b,c] in that order when no order is given', async () => {
    const { posts } = await body(await content(`posts/?filter=${encodeURIComponent('slug:[gamma,alpha,beta]')}`));
    expect(posts.map((p: any) => p.slug)).toEqual(['gamma', 'alpha', 'beta']);
    const ordered = await body(await content(`posts/?filter=${encodeURIComponent('slug:[gamma,alpha,beta]')}&order=title%20asc`));
    expect(ordered.posts.map((p: any) => p.slug)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('paginates: past the end is an empty 200, limit=0 means 15, limit=all, bad values 422', async () => {
    const past = await body(await content('posts/?limit=2&page=5'));
    expect(past.posts).toEqual([]);
    expect(past.meta.pagination).toEqual({ page: 5, limit: 2, pages: 2, total: 3, next: null, prev: 4 });
    expect((await body(await content('posts/?limit=0'))).meta.pagination.limit).toBe(15);
    expect((await body(await content('posts/?limit=all'))).posts).toHaveLength(3);
    for (const q of ['limit=ten', 'page=-1', 'limit=1.5']) {
      const res = await content(`posts/?${q}`);
      expect(res.status).toBe(422);
    }
  });

  it('orders by several clauses', async () => {
    const { posts } = await body(await content('posts/?order=featured%20desc,title%20desc'));
    expect(posts.map((p: any) => p.title)).toEqual(['Gamma', 'Beta', 'Alpha']);
  });
});

describe('pages/', () => {
  it('lists published pages by title with page: true', async () => {
    const { pages } = await body(await content('pages/'));
    expect(pages.map((p: any) => p.title)).toEqual(['About', 'Contact']);
    expect(pages[0].page).toBe(true);
    expect(Object.keys(pages[0]).sort()).toEqual(POST_KEYS_V3);
    const v2 = (await body(await content('pages/', { version: 'v2' }))).pages;
    expect(Object.keys(v2[0]).sort()).toEqual(POST_KEYS);
    expect((await content(`pages/${ids.about}/`)).status).toBe(200);
    expect((await content('pages/slug/about/')).status).toBe(200);
    expect((await content(`pages/${ids.alpha}/`)).status).toBe(404);
  });
});

describe('tags/ and authors/', () => {
  it('lists tags with published posts, internal ones included, by name', async () => {
    const { tags } = await body(await content('tags/'));
    expect(tags.map((t: any) => t.name)).toEqual(['#internal-note', 'News', 'Tech']);
    for (const tag of tags) expect(Object.keys(tag).sort()).toEqual(NESTED_TAG_KEYS);
    const publicOnly = await body(await content('tags/?filter=visibility:public'));
    expect(publicOnly.tags.map((t: any) => t.name)).toEqual(['News', 'Tech']);
    expect((await content('tags/slug/unpublished-only/')).status).toBe(404);
    expect((await content('tags/slug/news/')).status).toBe(200);
  });

  it('counts published posts with include=count.posts, and sorts by the count', async () => {
    const { tags } = await body(await content('tags/?include=count.posts&filter=slug:news'));
    expect(tags[0].count).toEqual({ posts: 2 });
    const sorted = await body(await content('tags/?include=count.posts&order=count.posts%20desc,name%20asc'));
    expect(sorted.tags.map((t: any) => [t.name, t.count.posts])).toEqual([
      ['News', 2],
      ['#internal-note', 1],
      ['Tech', 1],
    ]);
    expect(Object.keys(tags[0]).sort()).toEqual([...NESTED_TAG_KEYS, 'count'].sort());
  });

  it('lists only authors with published posts, without private fields', async () => {
    const lonely = await site.service.createIntegration({ name: 'unused' });
    expect(lonely.id).toBeTruthy();
    const { authors } = await body(await content('authors/?include=count.posts'));
    expect(authors).toHaveLength(1);
    expect(Object.keys(authors[0]).sort()).toEqual([...AUTHOR_KEYS, 'count'].sort());
    expect(authors[0].count.posts).toBe(3); // Alpha, Beta, Gamma: the pages About and Contact are not posts
    const sorted = await body(await content('authors/?include=count.posts&order=count.posts%20desc'));
    expect(sorted.authors).toEqual(authors);
    expect((await content(`authors/${authors[0].id}/`)).status).toBe(200);
    expect((await content(`authors/slug/${authors[0].slug}/`)).status).toBe(200);
  });
});

describe('settings/', () => {
  it('returns one object with the contract fields and empty meta, ignoring other parameters', async () => {
    const res = await content('settings/?limit=abc&filter=((');
    expect(res.status).toBe(200);
    const json = await body(res);
    expect(Object.keys(json.settings).sort()).toEqual(SETTINGS_KEYS);
    expect(json.meta).toEqual({});
    expect(json.settings).toMatchObject({ title: 'Test site', navigation: [{ label: 'Home', url: '/' }], secondary_navigation: [], url: `${BASE}/` });
  });
});

describe('HTTP behaviour', () => {
  it('sends Cache-Control, a strong ETag, and 304 on If-None-Match', async () => {
    const res = await content('posts/');
    expect(res.headers.get('cache-control')).toBe('public, max-age=0');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await content('posts/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('access-control-allow-origin')).toBe('*');
    expect((await content('posts/', { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('gives an edited post a new ETag, so a client revalidating with the old one gets the new body', async () => {
    const post = (await body(await site.admin.post('posts/', { posts: [{ title: 'Validated', status: 'published' }] }))).posts[0];
    const first = await content(`posts/slug/${post.slug}/`);
    const etag = first.headers.get('etag')!;
    expect((await content(`posts/slug/${post.slug}/`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const edited = await site.admin.put(`posts/${post.id}/`, { posts: [{ custom_excerpt: 'Edited for the validator', updated_at: post.updated_at }] });
    expect(edited.status).toBe(200);
    const after = await content(`posts/slug/${post.slug}/`, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await body(after)).posts[0].custom_excerpt).toBe('Edited for the validator');
    await site.admin.del(`posts/${post.id}/`);
  });

  it('answers preflight and refuses writes with 405 and Allow', async () => {
    const preflight = await site.service.fetch(
      new Request(`${BASE}/svc/api/v3/content/posts/`, {
        method: 'OPTIONS',
        headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept-version' },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('accept-version');
    const post = await content('posts/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers HEAD without a body', async () => {
    const res = await content('posts/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(await res.text()).toBe('');
  });
});

describe('filters the public may not use', () => {
  it('refuses filters on private author data with 400, while the Admin API allows them', async () => {
    for (const path of ['posts/?filter=authors.email:ada@example.com', 'authors/?filter=email:ada@example.com', 'authors/?filter=status:active']) {
      const res = await content(path);
      expect(res.status).toBe(400);
      expect((await body(res)).errors[0].code).toBe('INVALID_FILTER');
    }
    const adminRes = await site.admin.get(`posts/?filter=${encodeURIComponent('authors.email:ada@example.com')}`);
    expect(adminRes.status).toBe(200);
  });
});
