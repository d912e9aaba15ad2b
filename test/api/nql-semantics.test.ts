// reference-behaviour §8 through HTTP: filters mean what the reference's SQL means, where that differs
// from a naive reading. Each case names the post a naive reading would wrongly include or leave out.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
  const posts = [
    { title: 'Excerpted', custom_excerpt: 'x', tags: ['News', 'Tech'], featured: true },
    { title: 'Bare', tags: [] },
    { title: 'Other excerpt', custom_excerpt: 'y', tags: ['#secret', 'News'] },
    { title: 'Secret news', tags: ['#secret-news'] },
  ];
  for (const post of posts) {
    const res = await site.admin.post('posts/', { posts: [{ status: 'published', ...post }] });
    expect(res.status).toBe(201);
  }
});
afterAll(() => site.close());

async function titles(filter: string, api: 'admin' | 'content' = 'content'): Promise<string[]> {
  const query = `filter=${encodeURIComponent(filter)}&limit=all`;
  const res =
    api === 'admin'
      ? await site.admin.get(`posts/?${query}`)
      : await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?${query}&key=${site.contentKey}`));
  expect(res.status, filter).toBe(200);
  return (await body(res)).posts.map((post: { title: string }) => post.title).sort();
}

it('a negation on a nullable column does not match where it is null', async () => {
  // naive: Bare and Secret news (no excerpt) would match too
  expect(await titles("custom_excerpt:-'x'")).toEqual(['Other excerpt']);
  expect(await titles("custom_excerpt:-['x']", 'admin')).toEqual(['Other excerpt']);
  expect(await titles("custom_excerpt:-~'x'")).toEqual(['Other excerpt']);
  expect(await titles('custom_excerpt:null')).toEqual(['Bare', 'Secret news']);
});

it('conditions on one relation in one AND group hold for the same related row', async () => {
  // naive: Other excerpt has a tag `news` and an internal tag, but no tag that is both
  expect(await titles('tags.slug:news+tags.visibility:internal')).toEqual([]);
  expect(await titles('tags.slug:hash-secret-news+tags.visibility:internal')).toEqual(['Secret news']);
  // one tag in the range: Excerpted has news (< 'o') and tech (> 'o') but none between
  expect(await titles("tags.slug:>'o'+tags.slug:<'p'")).toEqual([]);
  // the same column twice, or separate groups, is "has both"
  expect(await titles('tag:news+tag:tech')).toEqual(['Excerpted']);
  expect(await titles('(tags.slug:news,slug:none)+(tags.visibility:internal,slug:none)')).toEqual(['Other excerpt']);
});

it('primary_tag:-x needs a public first tag', async () => {
  // naive: Bare (no tags), Other excerpt and Secret news (internal first tags) would match
  expect(await titles('primary_tag:-tech')).toEqual(['Excerpted']);
  expect(await titles('primary_tag:-news')).toEqual([]);
  expect(await titles('primary_tag:null')).toEqual(['Bare', 'Other excerpt', 'Secret news']);
});

it('null, true and false are case-insensitive keywords, also inside in-groups', async () => {
  expect(await titles('featured:TRUE')).toEqual(['Excerpted']);
  expect(await titles('featured:[true,false]')).toEqual(['Bare', 'Excerpted', 'Other excerpt', 'Secret news']);
  expect(await titles('featured:-[True]')).toEqual(['Bare', 'Other excerpt', 'Secret news']);
  expect(await titles('custom_excerpt:NULL')).toEqual(['Bare', 'Secret news']);
  expect(await titles("custom_excerpt:[null,'y']")).toEqual(['Bare', 'Other excerpt', 'Secret news']);
});
