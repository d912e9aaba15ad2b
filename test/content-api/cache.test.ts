import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { ByteLru } from '../../lib/util/byte-lru';
import { cacheKey } from '../../lib/http/request-target';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { BASE, adminClient, body, createTestSite, type Client, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';

let clock = Date.parse('2025-06-01T12:00:00.000Z');
let site: TestSite;
let other: Service;
let otherAdmin: Client;

const read = (service: Service, path: string, key = site.contentKey) =>
  service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${key}`));
const titles = async (service: Service, path = 'posts/') => (await body(await read(service, path))).posts.map((p: any) => p.title);

beforeAll(async () => {
  site = await createTestSite({ now: () => new Date(clock), contentApi: { generationCheckMs: 500 } });
  // a second instance on the same database, as a second process would be
  other = checkResponses(
    await createService({ url: BASE, storage: createSqlStorage(site.driver), now: () => new Date(clock), contentApi: { generationCheckMs: 500 } }),
  );
  otherAdmin = adminClient(other, site.adminKey, 'svc', () => new Date(clock));
});
afterAll(() => site.close());

async function publish(title: string, extra: Record<string, unknown> = {}) {
  const res = await site.admin.post('posts/', { posts: [{ title, status: 'published', ...extra }] });
  expect(res.status).toBe(201);
  return (await body(res)).posts[0];
}

describe('response cache invalidation', () => {
  it('serves new data after each kind of write through the same instance', async () => {
    expect(await titles(site.service)).toEqual([]);
    const first = await publish('First');
    expect(await titles(site.service)).toEqual(['First']);

    const edited = (await body(await site.admin.put(`posts/${first.id}/`, { posts: [{ title: 'First, edited', updated_at: first.updated_at }] }))).posts[0];
    expect(await titles(site.service)).toEqual(['First, edited']);

    const tagged = (await body(await site.admin.put(`posts/${first.id}/`, { posts: [{ tags: ['Cached'], updated_at: edited.updated_at }] }))).posts[0];
    const tagsBefore = await body(await read(site.service, 'tags/'));
    expect(tagsBefore.tags.map((t: any) => t.name)).toEqual(['Cached']);
    await site.admin.put(`tags/${tagged.tags[0].id}/`, { tags: [{ name: 'Renamed' }] });
    expect((await body(await read(site.service, 'tags/'))).tags.map((t: any) => t.name)).toEqual(['Renamed']);

    await site.admin.put(`posts/${first.id}/`, { posts: [{ status: 'draft', updated_at: tagged.updated_at }] });
    expect(await titles(site.service)).toEqual([]);
    const again = await publish('Second');
    await site.admin.del(`posts/${again.id}/`);
    expect(await titles(site.service)).toEqual([]);
  });

  it('does not flush the cache for draft-only writes', async () => {
    await publish('Stable');
    const first = await read(site.service, 'posts/');
    const etag = first.headers.get('etag');
    await site.admin.post('posts/', { posts: [{ title: 'Just a draft' }] });
    const { rows } = await site.driver.query<{ value: string }>('SELECT value FROM content_generation');
    const generation = Number(rows[0].value);
    await site.admin.post('posts/', { posts: [{ title: 'Another draft' }] });
    const after = await site.driver.query<{ value: string }>('SELECT value FROM content_generation');
    expect(Number(after.rows[0].value)).toBe(generation);
    expect((await read(site.service, 'posts/')).headers.get('etag')).toBe(etag);
  });

  it('another instance sees a write within its generation check interval', async () => {
    const before = await titles(other);
    await otherAdmin.post('posts/', { posts: [{ title: 'Warm-up', status: 'draft' }] });
    await publish('Seen elsewhere');
    // the other instance may serve its cached page until it re-reads the shared generation…
    clock += 501;
    expect(await titles(other)).toEqual(['Seen elsewhere', ...before]);
    // …and a write through it is visible to itself at once
    const fromOther = (await body(await otherAdmin.post('posts/', { posts: [{ title: 'From other', status: 'published' }] }))).posts[0];
    expect((await titles(other))[0]).toBe(fromOther.title);
  });

  it('publishes due scheduled posts on runDueJobs and lazily on a later request', async () => {
    const due = new Date(clock + 60_000).toISOString();
    await site.admin.post('posts/', { posts: [{ title: 'Scheduled A', status: 'scheduled', published_at: due }] });
    expect(await titles(site.service)).not.toContain('Scheduled A');
    clock += 61_000;
    expect((await site.service.runDueJobs()).published).toBe(1);
    expect(await titles(site.service)).toContain('Scheduled A');

    await site.admin.post('posts/', { posts: [{ title: 'Scheduled B', status: 'scheduled', published_at: new Date(clock + 1000).toISOString() }] });
    expect(await titles(site.service)).not.toContain('Scheduled B');
    clock += 2000;
    expect(await titles(site.service)).toContain('Scheduled B');
    const post = (await body(await read(site.service, 'posts/slug/scheduled-b/'))).posts[0];
    expect(post.published_at).toBe(new Date(clock - 1000).toISOString().replace('Z', '+00:00'));
  });

  it('can be turned off', async () => {
    const uncached = checkResponses(await createService({ url: BASE, storage: createSqlStorage(site.driver), contentApi: { cache: false } }));
    const res = await read(uncached, 'posts/');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
  });
});

describe('cache pieces', () => {
  it('keys ignore the content key, parameter order and escapes, but not the order of a repeated parameter', () => {
    const a = cacheKey('/svc/api/v3/content/posts/?key=abc&limit=2&include=tags,authors');
    expect(cacheKey('/svc/api/v3/content/posts/?include=tags,authors&limit=2&key=def')).toBe(a);
    expect(cacheKey('/svc/api/v3/content/posts/?include=tags%2cauthors&&k%65y=def&limit=%32')).toBe(a);
    expect(cacheKey('/svc/api/v3/content/x/../posts/?include=tags,authors&limit=2#top')).toBe(a);
    expect(cacheKey('/p/?limit=3')).not.toBe(cacheKey('/p/?limit=2'));
    expect(cacheKey('/p/?filter=a%26b')).not.toBe(cacheKey('/p/?filter=a&b'));
    expect(cacheKey('/p/?filter=title:a+b')).toBe(cacheKey('/p/?filter=title:a%20b'));
    expect(cacheKey("/p/?filter=x:'a=b'")).toBe(cacheKey('/p/?filter=x:%27a%3Db%27'));
    // a route reads the first of a repeated parameter: `filter=a&filter=b` is not `filter=b&filter=a`
    expect(cacheKey('/p/?filter=a&filter=b')).not.toBe(cacheKey('/p/?filter=b&filter=a'));
    expect(cacheKey('/p/?include=tags&%69nclude=authors')).not.toBe(cacheKey('/p/?%69nclude=authors&include=tags'));
  });

  it('the LRU stays within its byte budget, evicting the least recently used', () => {
    const lru = new ByteLru<{ size: number; n: number }>(100);
    lru.set('a', { size: 40, n: 1 });
    lru.set('b', { size: 40, n: 2 });
    lru.get('a');
    lru.set('c', { size: 40, n: 3 });
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')?.n).toBe(1);
    expect(lru.totalBytes).toBeLessThanOrEqual(100);
    lru.set('huge', { size: 1000, n: 4 });
    expect(lru.get('huge')).toBeUndefined();
  });
});
