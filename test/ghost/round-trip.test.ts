import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { adminUrl, ORIGIN, OWNER, sessionClient } from '../users/helpers';
import { exportZip } from './fixture';

type Site = TestSite & { cookie: string };
let a: Site;
let b: Site;
let exported: string;

async function site(): Promise<Site> {
  const s = await createTestSite({ adminUrl: ORIGIN });
  const client = sessionClient(s.service);
  expect((await client.login(OWNER.email, OWNER.password)).status).toBe(201);
  return Object.assign(s, { cookie: client.cookie! });
}

async function importInto(s: Site, data: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append('importfile', new File([data as Uint8Array<ArrayBuffer>], filename, { type }));
  return s.service.fetch(new Request(adminUrl('db/'), { method: 'POST', headers: { cookie: s.cookie, origin: ORIGIN }, body: form }));
}

const contentGet = (s: TestSite, path: string) =>
  s.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${s.contentKey}`));

/**
 * Site A's Owner is B's Owner (the same email): B kept its own, created before the import, so that
 * user's id and own timestamps are the only thing allowed to differ.
 */
async function text(s: TestSite, response: Promise<Response>): Promise<string> {
  const res = await response;
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll(String(s.owner.id), 'OWNER');
}

async function staffJson(s: TestSite, response: Promise<Response>): Promise<unknown> {
  return JSON.parse(await text(s, response), function (key, value) {
    if (this && (this as { id?: string }).id === 'OWNER' && ['created_at', 'updated_at', 'last_seen'].includes(key)) return undefined;
    return value;
  });
}

const CONTENT = [
  'posts/?limit=all&include=tags,authors&formats=html,plaintext',
  'posts/?limit=all&filter=tag:news&fields=id,title,slug,url,excerpt,reading_time',
  'posts/slug/every-card/?include=tags,authors&formats=html,plaintext',
  'posts/slug/written-here/?include=tags,authors&formats=html',
  'pages/?limit=all&include=tags,authors&formats=html',
  'tags/?limit=all&include=count.posts',
  'tags/?limit=all&filter=visibility:internal',
  'authors/?limit=all&include=count.posts',
  'settings/',
];
const ADMIN = [
  'posts/?limit=all&formats=mobiledoc,html,plaintext&include=tags,authors',
  'pages/?limit=all&formats=mobiledoc,html',
  'tags/?limit=all&include=count.posts',
  'settings/',
  'users/?limit=all&include=roles,count.posts',
];

beforeAll(async () => {
  [a, b] = await Promise.all([site(), site()]);
  expect((await importInto(a, exportZip(), 'export.zip', 'application/zip')).status).toBe(200);
  const written = await a.admin.post('posts/?source=html', {
    posts: [
      {
        title: 'Written here',
        slug: 'written-here',
        status: 'published',
        html: '<h2>Hi</h2><p>Made in <a href="http://127.0.0.1:2368/about/">pressroom</a>.</p>',
        tags: ['news', '#internal-note'],
        featured: true,
      },
    ],
  });
  expect(written.status).toBe(201);
  // the Content API's caches of B have seen it empty before the import
  expect((await body(await contentGet(b, 'posts/'))).posts).toEqual([]);
  const res = await a.service.fetch(new Request(adminUrl('db/'), { headers: { cookie: a.cookie, origin: ORIGIN } }));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="svc\.ghost\.\d{4}-\d\d-\d\d\.json"/);
  exported = await res.text();
  const imported = await importInto(b, new TextEncoder().encode(exported), 'export.json', 'application/json');
  expect(imported.status).toBe(200);
}, 120_000);
afterAll(() => Promise.all([a?.close(), b?.close()]));

describe('export from one site, import into an empty one', () => {
  it('reproduces every Content API response', async () => {
    for (const path of CONTENT) expect(await text(b, contentGet(b, path)), path).toBe(await text(a, contentGet(a, path)));
  });

  it('reproduces the Admin API responses of posts, pages, tags and settings', async () => {
    // as the Owner signed in (settings are for staff only)
    const get = (s: Site, path: string) => s.service.fetch(new Request(adminUrl(path), { headers: { cookie: s.cookie, origin: ORIGIN } }));
    for (const path of ADMIN) expect(await staffJson(b, get(b, path)), path).toEqual(await staffJson(a, get(a, path)));
  });

  it('writes an export the reference importer accepts: its tables, columns and value types', () => {
    const file = JSON.parse(exported);
    expect(Object.keys(file)).toEqual(['db']);
    const { meta, data } = file.db[0];
    expect(typeof meta.exported_on).toBe('number');
    expect(meta.version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const table of ['posts', 'posts_meta', 'tags', 'posts_tags', 'users', 'posts_authors', 'roles', 'roles_users', 'settings']) {
      expect(Array.isArray(data[table]), table).toBe(true);
    }
    const objectId = /^[0-9a-f]{24}$/;
    const date = (v: unknown) => typeof v === 'string' && !Number.isNaN(new Date(v).getTime());
    const ids = (table: string) => new Set(data[table].map((r: { id: string }) => r.id));
    const [posts, tags, users, roles] = ['posts', 'tags', 'users', 'roles'].map(ids);
    for (const post of data.posts) {
      expect(post.id).toMatch(objectId);
      expect(post.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof post.title).toBe('string');
      expect(typeof post.slug).toBe('string');
      expect(['post', 'page']).toContain(post.type);
      expect(['published', 'draft', 'scheduled']).toContain(post.status);
      expect([0, 1]).toContain(post.featured);
      expect(date(post.created_at) && date(post.updated_at)).toBe(true);
      expect((post.mobiledoc === null) !== (post.lexical === null), post.slug).toBe(true);
      expect(typeof post.html).toBe('string');
      expect(post.html).not.toContain(BASE);
    }
    for (const link of data.posts_tags) expect(posts.has(link.post_id) && tags.has(link.tag_id)).toBe(true);
    for (const link of data.posts_authors) expect(posts.has(link.post_id) && users.has(link.author_id)).toBe(true);
    for (const meta of data.posts_meta) expect(posts.has(meta.post_id)).toBe(true);
    for (const link of data.roles_users) expect(users.has(link.user_id) && roles.has(link.role_id)).toBe(true);
    for (const user of data.users) {
      expect(user).not.toHaveProperty('password');
      expect(user).not.toHaveProperty('password_hash');
      expect(typeof user.email).toBe('string');
    }
    for (const setting of data.settings)
      expect(Object.keys(setting).sort()).toEqual(['created_at', 'flags', 'group', 'id', 'key', 'type', 'updated_at', 'value']);
    expect(exported).not.toMatch(/pbkdf2|secret|session/i);
    expect(data.posts.filter((p: { lexical: unknown }) => p.lexical !== null)).toHaveLength(2);
  });
});
