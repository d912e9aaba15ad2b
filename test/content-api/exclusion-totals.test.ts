import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../lib';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

// A filter that leaves posts out by id or slug (`id:-{{id}}`, "other posts than this one") has its
// total worked out from the kept total of the same list without the exclusion, less the left-out posts
// that list holds (lib/resources/posts/content-reads.ts). Each total is checked against the posts a
// `limit=all` read of the same filter lists, which counts nothing, through writes that move the lists.

let site: TestSite;
const posts: Record<string, { id: string; slug: string }> = {};

async function read(service: Service, path: string) {
  const res = await service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}&key=${site.contentKey}`));
  expect(res.status, path).toBe(200);
  return body(res);
}

/** The total a page of `filter` shows, its first page's ids, and the posts a whole read of it lists. */
async function seen(filter: string) {
  const q = encodeURIComponent(filter);
  const page = await read(site.service, `posts/?filter=${q}&limit=2&fields=id`);
  const all = await read(site.service, `posts/?filter=${q}&limit=all&fields=id`);
  const ids = all.posts.map((post: { id: string }) => post.id);
  return { total: page.meta.pagination.total, pageIds: page.posts.map((post: { id: string }) => post.id), ids };
}

/** Every filter below: its total is the number of posts it lists, and its first page their first two. */
async function expectTotalsTrue(filters: string[]) {
  for (const filter of filters) {
    const { total, pageIds, ids } = await seen(filter);
    expect(total, filter).toBe(ids.length);
    expect(pageIds, filter).toEqual(ids.slice(0, 2));
  }
}

async function create(title: string, status: 'published' | 'draft', tags: string[]) {
  const res = await site.admin.post('posts/', { posts: [{ title, status, tags }] });
  expect(res.status).toBe(201);
  const post = (await body(res)).posts[0];
  posts[title] = { id: post.id, slug: post.slug };
  return post;
}

beforeAll(async () => {
  site = await createTestSite();
  for (let i = 0; i < 6; i++) await create(`News ${i}`, 'published', ['News']);
  for (let i = 0; i < 3; i++) await create(`Other ${i}`, 'published', ['Other']);
  await create('Draft', 'draft', ['News']);
});
afterAll(() => site.close());

describe('totals of filters that leave posts out by id or slug', () => {
  const filters = () => [
    `id:-'${posts['News 0'].id}'`,
    `id:-${posts['News 5'].id}`,
    `id:-'no-such-post'`,
    `id:-[${posts['News 1'].id},${posts['Draft'].id},${posts['Other 2'].id}]`,
    `tag:news+id:-'${posts['News 2'].id}'`,
    `tag:news+id:-'${posts['Other 0'].id}'`,
    `slug:-${posts['News 3'].slug}+tag:news`,
    `tag:news+id:-'${posts['News 4'].id}'+slug:-'${posts['News 4'].slug}'`,
    `tag:news+slug:-[${posts['News 1'].slug},${posts['Other 1'].slug}]+id:-'${posts['News 0'].id}'`,
    `id:-'${posts['News 0'].id}',tag:other`,
  ];

  it('are the number of posts the filter lists, with the lists without the exclusions read first or not', async () => {
    await expectTotalsTrue(filters());
    // now with the totals of the lists without the exclusions kept
    await read(site.service, 'posts/?limit=1');
    await read(site.service, 'posts/?filter=tag:news&limit=1');
    await expectTotalsTrue(filters());
  });

  it('follow publishing, unpublishing and retagging of the posts left out and of the others', async () => {
    await expectTotalsTrue(filters());
    await create('News 6', 'published', ['News']);
    await expectTotalsTrue(filters());
    const unpublished = await site.admin.put(`posts/${posts['News 0'].id}/`, {
      posts: [{ status: 'draft', updated_at: (await body(await site.admin.get(`posts/${posts['News 0'].id}/`))).posts[0].updated_at }],
    });
    expect(unpublished.status).toBe(200);
    await expectTotalsTrue(filters());
    const current = (await body(await site.admin.get(`posts/${posts['Other 0'].id}/`))).posts[0];
    const retagged = await site.admin.put(`posts/${posts['Other 0'].id}/`, { posts: [{ tags: ['News'], updated_at: current.updated_at }] });
    expect(retagged.status).toBe(200);
    await expectTotalsTrue(filters());
    expect((await seen(`tag:news+id:-'${posts['Other 0'].id}'`)).total).toBe((await seen('tag:news')).total - 1);
  });
});
