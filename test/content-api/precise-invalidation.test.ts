import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import type { CacheInvalidateEvent } from '../../lib/read-model/read-model';
import { createPgStorage } from '../../lib/storage/pg';
import { adminClient, BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from '../helpers/postgres';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { OWNER, sessionClient } from '../users/helpers';

const postgres = await postgresAvailable();

// A change evicts exactly the answers that showed what it touched (lib/read-model): the answers say
// whether they were kept (`X-Cache`) and what they depend on (`Cache-Tag`), and the host hears of
// every change's keys (`service.on('cache.invalidate')`).

let site: TestSite;
const posts: Record<string, { id: string; slug: string; updated_at: string }> = {};
const heard: CacheInvalidateEvent[] = [];

async function publish(title: string, tags: string[]) {
  const res = await site.admin.post('posts/', { posts: [{ title, status: 'published', tags }] });
  expect(res.status).toBe(201);
  return (await body(res)).posts[0];
}

async function edit(name: string, change: Record<string, unknown>) {
  const res = await site.admin.put(`posts/${posts[name].id}/`, { posts: [{ ...change, updated_at: posts[name].updated_at }] });
  expect(res.status).toBe(200);
  posts[name] = (await body(res)).posts[0];
}

function get(path: string, service: Service = site.service, key = site.contentKey): Promise<Response> {
  return service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${key}`));
}

/** Whether each path was answered from what the read model kept. */
async function cached(paths: string[]): Promise<Record<string, string | null>> {
  const seen: Record<string, string | null> = {};
  for (const path of paths) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    seen[path] = res.headers.get('x-cache');
  }
  return seen;
}

const tagsOf = (res: Response) => (res.headers.get('cache-tag') ?? '').split(',');

beforeAll(async () => {
  site = await createTestSite();
  site.service.on('cache.invalidate', (event) => heard.push(event));
  posts.a = await publish('Post A', ['Apples']);
  posts.b = await publish('Post B', ['Bananas']);
  posts.c = await publish('Post C', ['Apples', 'Cherries']);
});
afterAll(() => site.close());

describe('precise invalidation', () => {
  const bySlug = (name: string) => `posts/slug/${posts[name].slug}/?include=tags,authors`;
  const pages = () => ({
    aSlug: bySlug('a'),
    bSlug: bySlug('b'),
    cSlug: bySlug('c'),
    home: 'posts/?include=tags,authors',
    apples: 'posts/?filter=tag:apples&include=tags',
    bananas: 'posts/?filter=tag:bananas&include=tags',
    cherries: 'posts/?filter=tag:cherries',
    tags: 'tags/?include=count.posts',
    settings: 'settings/',
  });

  it('an edit of a post evicts every answer that showed it and leaves the others kept', async () => {
    const p = pages();
    const all = Object.values(p);
    await cached(all);
    expect(Object.values(await cached(all))).toEqual(all.map(() => 'HIT'));

    heard.length = 0;
    await edit('a', { custom_excerpt: 'A new excerpt' });
    expect(heard.flatMap((event) => event.keys).sort()).toEqual([`any:posts`, `post:${posts.a.id}`].sort());

    expect(await cached(all)).toEqual({
      [p.aSlug]: 'MISS', // its slug read
      [p.bSlug]: 'HIT',
      [p.cSlug]: 'HIT',
      [p.home]: 'MISS', // a list page it is on
      [p.apples]: 'MISS', // its tag's page
      [p.bananas]: 'HIT', // a tag page it is not on
      [p.cherries]: 'HIT',
      [p.tags]: 'HIT', // an excerpt moves no post in or out of a list, and counts nothing
      [p.settings]: 'HIT',
    });
    const res = await get(p.aSlug);
    expect((await body(res)).posts[0].custom_excerpt).toBe('A new excerpt');
  });

  it('a publish evicts the lists it enters, not the pages of other tags or the reads of other posts', async () => {
    const p = pages();
    const all = Object.values(p);
    await cached(all);
    heard.length = 0;
    posts.d = await publish('Post D', ['Dates']);
    expect(heard.flatMap((event) => event.keys)).toEqual(expect.arrayContaining([`post:${posts.d.id}`, 'list:posts', 'list:posts:tag:dates']));
    const seen = await cached(all);
    // the lists it is in, and the tags' counts of published posts
    for (const list of [p.home, p.tags]) expect(seen[list], list).toBe('MISS');
    for (const read of [p.aSlug, p.bSlug, p.cSlug, p.apples, p.bananas, p.cherries, p.settings]) expect(seen[read], read).toBe('HIT');
    expect((await body(await get(p.home))).posts.map((post: { title: string }) => post.title)).toContain('Post D');

    posts.e = await publish('Post E', ['Bananas']);
    const after = await cached([p.apples, p.bananas, p.cherries]);
    expect(after).toEqual({ [p.apples]: 'HIT', [p.bananas]: 'MISS', [p.cherries]: 'HIT' });
    expect((await body(await get(p.bananas))).posts.map((post: { title: string }) => post.title)).toEqual(['Post E', 'Post B']);
  });

  it("a tag taken off a post evicts that tag's pages", async () => {
    const p = pages();
    await cached([p.apples, p.cherries]);
    await edit('c', { tags: ['Apples'] });
    const seen = await cached([p.apples, p.cherries]);
    expect(seen).toEqual({ [p.apples]: 'MISS', [p.cherries]: 'MISS' });
    expect((await body(await get(p.cherries))).posts).toEqual([]);
  });

  it('a change to a tag evicts the answers showing it, and one to settings only settings', async () => {
    const p = pages();
    const all = Object.values(p);
    await cached(all);
    const apples = (await body(await site.admin.get('tags/slug/apples/'))).tags[0];
    expect((await site.admin.put(`tags/${apples.id}/`, { tags: [{ description: 'Red' }] })).status).toBe(200);
    const seen = await cached(all);
    for (const showing of [p.aSlug, p.cSlug, p.apples, p.tags]) expect(seen[showing], showing).toBe('MISS');
    for (const other of [p.bSlug, p.bananas, p.settings]) expect(seen[other], other).toBe('HIT');

    // only staff edit settings: the owner, signed in
    const staff = sessionClient(site.service);
    expect((await staff.login(OWNER.email, OWNER.password)).status).toBe(201);
    expect((await staff.put('settings/', { settings: [{ key: 'title', value: 'Renamed site' }] })).status).toBe(200);
    const after = await cached(all);
    expect(after[p.settings]).toBe('MISS');
    expect(Object.entries(after).filter(([path]) => path !== p.settings)).toEqual(all.filter((path) => path !== p.settings).map((path) => [path, 'HIT']));
  });

  it('names in Cache-Tag what an answer depends on', async () => {
    const one = await get(bySlug('c'));
    const tags = (await body(await site.admin.get(`posts/${posts.c.id}/?include=tags,authors`))).posts[0];
    expect(tagsOf(one).sort()).toEqual(
      [`post:${posts.c.id}`, ...tags.tags.map((tag: { id: string }) => `tag:${tag.id}`), ...tags.authors.map((a: { id: string }) => `author:${a.id}`)].sort(),
    );
    const list = await get('posts/?filter=tag:bananas&include=tags');
    // it lists posts tagged bananas: only a change to one of those moves it
    expect(tagsOf(list)).toEqual(expect.arrayContaining(['list:posts:tag:bananas', `post:${posts.b.id}`]));
    expect(tagsOf(list)).not.toContain('list:posts');
    expect(tagsOf(list)).not.toContain(`post:${posts.a.id}`);
    // a list ordered by a column any edit changes depends on every edit
    expect(tagsOf(await get('posts/?order=updated_at%20desc'))).toContain('any:posts');
    expect(tagsOf(await get('settings/'))).toEqual(['settings']);
    const authors = await get('authors/');
    expect(tagsOf(authors)).toEqual(expect.arrayContaining(['list:authors', 'list:posts']));
    // a whole list is streamed: it depends on every post, tag and author
    const everything = await get('posts/?limit=all');
    expect(everything.headers.get('x-cache')).toBe('MISS');
    expect(tagsOf(everything)).toEqual(['list:posts', 'any:posts', 'list:tags', 'list:authors']);
    await everything.arrayBuffer();
  });

  it('names the keys in Surrogate-Key too when asked', async () => {
    // a second service over the same database; closing it must leave the database open
    const storage = { ...createSqlStorage(site.driver), close: async () => {} };
    const service = await createService({ url: BASE, storage, contentApi: { surrogateKeys: true } });
    try {
      const res = await get(bySlug('b'), service);
      expect(res.headers.get('surrogate-key')).toBe(res.headers.get('cache-tag')!.replaceAll(',', ' '));
      expect((await get(bySlug('b'))).headers.get('surrogate-key')).toBeNull();
    } finally {
      await service.close();
    }
  });

  it("keeps what a 304 and a HEAD send: the kept answer's validator and headers", async () => {
    const first = await get(bySlug('b'));
    const etag = first.headers.get('etag')!;
    const revalidated = await site.service.fetch(
      new Request(`${BASE}/svc/api/v3/content/${bySlug('b')}&key=${site.contentKey}`, { headers: { 'if-none-match': etag } }),
    );
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('x-cache')).toBe('HIT');
    expect(revalidated.headers.get('cache-tag')).toBe(first.headers.get('cache-tag'));
  });

  it('a change to more than 50 posts at once (a tag taken off all its posts) evicts everything and says so', async () => {
    const bulk = [];
    for (let i = 0; i < 51; i++) bulk.push(await publish(`Bulk ${i}`, ['Bulk']));
    const p = pages();
    const all = Object.values(p);
    await cached(all);
    expect(Object.values(await cached(all))).toEqual(all.map(() => 'HIT'));
    const tag = (await body(await get('tags/?filter=slug:bulk'))).tags[0];
    heard.length = 0;
    const removed = await site.admin.del(`tags/${tag.id}/`);
    expect(removed.status).toBe(204);
    expect(heard).toEqual([{ keys: [], all: true }]);
    // settings and posts the change did not touch are read again too: the change named no keys
    expect(Object.values(await cached(all))).toEqual(all.map(() => 'MISS'));
    expect((await body(await get(bySlug('a')))).posts[0].id).toBe(posts.a.id);
    expect((await body(await get(`posts/slug/${bulk[0].slug}/?include=tags`))).posts[0].tags).toEqual([]);
  });
});

describe.skipIf(!postgres.ok)('two instances on one PostgreSQL', () => {
  it('each evicts what the other changed, and hears its keys', async () => {
    const schema = uniqueSchema();
    const storage = () => createPgStorage({ connectionString: POSTGRES_URL, schema });
    const writer = await createService({ url: BASE, storage: await storage(), auth: { passwordIterations: 1000 } });
    const reader = await createService({ url: BASE, storage: await storage(), contentApi: { generationCheckMs: 60_000 } });
    try {
      await writer.setup({ name: 'Owner', email: 'owner@example.com', password: 'a-long-password-1' });
      const keys = await writer.createIntegration({ name: 'pg' });
      const admin = adminClient(writer, keys.adminKey);
      const one = (await body(await admin.post('posts/', { posts: [{ title: 'One', status: 'published' }] }))).posts[0];
      const two = (await body(await admin.post('posts/', { posts: [{ title: 'Two', status: 'published' }] }))).posts[0];
      const heardThere: string[] = [];
      reader.on('cache.invalidate', (event) => heardThere.push(...event.keys));
      const read = (slug: string) => get(`posts/slug/${slug}/`, reader, keys.contentKey);
      for (const slug of [one.slug, two.slug, one.slug, two.slug]) expect((await read(slug)).status).toBe(200);
      // on a loaded machine other sites' NOTIFYs (one channel per database) may make it ask the database again first
      await expect.poll(async () => (await read(one.slug)).headers.get('x-cache'), { timeout: 5000 }).toBe('HIT');

      const edited = await admin.put(`posts/${one.id}/`, { posts: [{ title: 'One, edited', updated_at: one.updated_at }] });
      expect(edited.status).toBe(200);
      // the reader checks the database only every minute: the NOTIFY is what tells it
      await expect.poll(() => heardThere, { timeout: 5000 }).toContain(`post:${one.id}`);
      const after = await read(one.slug);
      expect(after.headers.get('x-cache')).toBe('MISS');
      expect((await body(after)).posts[0].title).toBe('One, edited');
      await expect.poll(async () => (await read(two.slug)).headers.get('x-cache'), { timeout: 5000 }).toBe('HIT');
    } finally {
      await Promise.all([writer.close(), reader.close()]);
      await dropSchema(schema);
    }
  });
});
