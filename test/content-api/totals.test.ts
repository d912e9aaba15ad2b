// Pagination totals and post counts of the Content API: a write must show in the next read, through
// the instance that wrote or through another one on the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { BASE, adminClient, body, createTestSite, type Client, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';

let site: TestSite;
let other: Service;
let otherAdmin: Client;

const read = async (service: Service, path: string) =>
  body(await service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`)));
const total = async (service: Service, path: string) => (await read(service, path)).meta.pagination.total as number;
const tagCount = async (service: Service, slug: string) =>
  (await read(service, 'tags/?include=count.posts')).tags.find((t: any) => t.slug === slug)?.count.posts as number | undefined;
const authorCount = async (service: Service) => (await read(service, 'authors/?include=count.posts')).authors[0]?.count.posts as number | undefined;

/** Every total and count these tests watch, read through one instance. */
async function figures(service: Service) {
  return {
    posts: await total(service, 'posts/'),
    tagged: await total(service, 'posts/?filter=tag:memo'),
    tagsShown: await total(service, 'tags/'),
    tagPosts: await tagCount(service, 'memo'),
    authorPosts: await authorCount(service),
  };
}

async function add(client: Client, title: string, status: 'draft' | 'published') {
  const res = await client.post('posts/', { posts: [{ title, status, tags: ['Memo'] }] });
  expect(res.status).toBe(201);
  return (await body(res)).posts[0];
}

async function setStatus(client: Client, post: { id: string; updated_at: string }, status: string) {
  const res = await client.put(`posts/${post.id}/`, { posts: [{ status, updated_at: post.updated_at }] });
  expect(res.status).toBe(200);
  return (await body(res)).posts[0];
}

beforeAll(async () => {
  site = await createTestSite({ contentApi: { cache: false } });
  // a second instance on the same database, with counts of its own, as a second process would have
  other = checkResponses(await createService({ url: BASE, storage: createSqlStorage(site.driver), contentApi: { cache: false } }));
  otherAdmin = adminClient(other, site.adminKey);
});
// closing `other` would close the database both share
afterAll(() => site.close());

describe('Content API totals after writes', () => {
  it('change right after an add, a publish, an unpublish and a delete through the same instance', async () => {
    const { service } = site;
    expect(await figures(service)).toEqual({ posts: 0, tagged: 0, tagsShown: 0, tagPosts: undefined, authorPosts: undefined });

    const first = await add(site.admin, 'First', 'published');
    expect(await figures(service)).toEqual({ posts: 1, tagged: 1, tagsShown: 1, tagPosts: 1, authorPosts: 1 });
    // read twice: the second answer comes from the memo and must be the same
    expect(await figures(service)).toEqual({ posts: 1, tagged: 1, tagsShown: 1, tagPosts: 1, authorPosts: 1 });

    const draft = await add(site.admin, 'Draft', 'draft');
    expect(await figures(service)).toEqual({ posts: 1, tagged: 1, tagsShown: 1, tagPosts: 1, authorPosts: 1 });

    const published = await setStatus(site.admin, draft, 'published');
    expect(await figures(service)).toEqual({ posts: 2, tagged: 2, tagsShown: 1, tagPosts: 2, authorPosts: 2 });

    await setStatus(site.admin, published, 'draft');
    expect(await figures(service)).toEqual({ posts: 1, tagged: 1, tagsShown: 1, tagPosts: 1, authorPosts: 1 });

    expect((await site.admin.del(`posts/${first.id}/`)).status).toBe(204);
    expect(await figures(service)).toEqual({ posts: 0, tagged: 0, tagsShown: 0, tagPosts: undefined, authorPosts: undefined });
    await site.admin.del(`posts/${draft.id}/`);
  });

  it('are never served stale by an instance that did not make the write', async () => {
    const before = await figures(site.service);
    await figures(other);

    const post = await add(otherAdmin, 'Elsewhere', 'published');
    expect(await figures(site.service)).toEqual({ posts: before.posts + 1, tagged: before.tagged + 1, tagsShown: 1, tagPosts: 1, authorPosts: 1 });

    await setStatus(otherAdmin, post, 'draft');
    expect(await figures(site.service)).toEqual(before);
    expect(await figures(other)).toEqual(before);
  });

  it('page through a filter on tags the same way whichever way the filter runs', async () => {
    // a tag on most posts, read one post per page: the first pages walk only a few posts, so the filter
    // is tested post by post; later pages and limit=all read the same filter through hashed sets
    for (let i = 0; i < 30; i++) {
      const res = await site.admin.post('posts/', {
        posts: [
          {
            title: `Walk ${i}`,
            status: 'published',
            published_at: new Date(Date.UTC(2024, 0, 1 + i)).toISOString(),
            tags: i % 6 === 5 ? ['Other'] : ['Common'],
          },
        ],
      });
      expect(res.status).toBe(201);
    }
    const all = (await read(site.service, 'posts/?filter=tag:common&limit=all')).posts.map((p: any) => p.slug);
    expect(all).toHaveLength(25);
    const paged: string[] = [];
    for (let page = 1; page <= 26; page++) {
      const result = await read(site.service, `posts/?filter=tag:common&limit=1&page=${page}`);
      expect(result.meta.pagination.total).toBe(25);
      paged.push(...result.posts.map((p: any) => p.slug));
    }
    expect(paged).toEqual(all);
    const negated = (await read(site.service, 'posts/?filter=tag:-common&limit=1')).posts.map((p: any) => p.slug);
    expect(negated).toEqual(['walk-29']);
  });
});
