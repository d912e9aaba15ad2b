// Filters on tags and authors test each post's own arrays of related ids (migrations/009), which the
// storage layer keeps beside the link tables. Every write that changes a post's links must change what
// the filters find, and afterwards the arrays must agree with the links again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASE, body } from '../helpers/service';
import { integrityProblems } from '../robustness/integrity';
import { createStaffSite, type StaffSite } from '../users/staff-site';

let site: StaffSite;

beforeAll(async () => {
  site = await createStaffSite();
});
afterAll(() => site.close());

async function titles(filter: string): Promise<string[]> {
  const url = `${BASE}/svc/api/v3/content/posts/?key=${site.contentKey}&limit=all&filter=${encodeURIComponent(filter)}`;
  const res = await site.service.fetch(new Request(url));
  expect(res.status, filter).toBe(200);
  return (await body(res)).posts.map((post: { title: string }) => post.title).sort();
}

async function expectConsistent(): Promise<void> {
  expect(await integrityProblems(site.driver)).toEqual({});
}

async function addPost(title: string, tags: string[], authorIds: string[]): Promise<{ id: string; updated_at: string }> {
  const res = await site.as.Owner.post('posts/', {
    posts: [{ title, status: 'published', tags: tags.map((slug) => ({ slug, name: slug })), authors: authorIds.map((id) => ({ id })) }],
  });
  expect(res.status).toBe(201);
  return (await body(res)).posts[0];
}

it('filters follow every write that changes a post’s tags or authors', async () => {
  const { Owner: owner, Author: author, Editor: editor } = site.ids;
  const ownerSlug = (await body(await site.as.Owner.get(`users/${owner}/`))).users[0].slug;

  // created with their links in one statement
  const alpha = await addPost('Alpha', ['news', 'tech'], [owner]);
  const beta = await addPost('Beta', ['tech'], [author, owner]);
  await addPost('Gamma', [], [author]);
  await addPost('Delta', ['news'], [editor]);
  await expectConsistent();
  expect(await titles('tag:news')).toEqual(['Alpha', 'Delta']);
  expect(await titles('tag:tech+tag:-news')).toEqual(['Beta']);
  expect(await titles(`authors.id:${author}`)).toEqual(['Beta', 'Gamma']);
  expect(await titles(`author:${ownerSlug}+tag:tech`)).toEqual(['Alpha', 'Beta']);

  // an edit that replaces the tags, and one that reorders them
  let res = await site.as.Owner.put(`posts/${beta.id}/`, { posts: [{ tags: [{ slug: 'news' }], updated_at: beta.updated_at }] });
  expect(res.status).toBe(200);
  res = await site.as.Owner.put(`posts/${alpha.id}/`, { posts: [{ tags: [{ slug: 'tech' }, { slug: 'news' }], updated_at: alpha.updated_at }] });
  expect(res.status).toBe(200);
  expect((await body(res)).posts[0].primary_tag.slug).toBe('tech');
  await expectConsistent();
  expect(await titles('tag:news')).toEqual(['Alpha', 'Beta', 'Delta']);
  expect(await titles('tag:tech')).toEqual(['Alpha']);

  // a deleted tag leaves no trace in what the filters find
  const news = (await body(await site.as.Owner.get('tags/slug/news/'))).tags[0];
  expect((await site.as.Owner.del(`tags/${news.id}/`)).status).toBe(204);
  await expectConsistent();
  expect(await titles('tag:news')).toEqual([]);
  expect(await titles(`tags.id:${news.id}`)).toEqual([]);
  expect(await titles('tag:-news')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
  expect(await titles('tag:-tech')).toEqual(['Beta', 'Delta', 'Gamma']);

  // a deleted author's posts pass to the Owner: once only where the Owner already co-writes
  expect((await site.as.Owner.del(`users/${author}/`)).status).toBe(204);
  await expectConsistent();
  expect(await titles(`authors.id:${author}`)).toEqual([]);
  expect(await titles(`author:${ownerSlug}`)).toEqual(['Alpha', 'Beta', 'Gamma']);
  expect(await titles(`author:-${ownerSlug}`)).toEqual(['Delta']);
});
