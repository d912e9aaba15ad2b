// Response shapes and counts as the reference answers them (reference-behaviour §6–§7), each with the
// request that showed the difference.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite();
  const posts = [
    { title: 'First', status: 'published', tags: ['News'] },
    { title: 'Second', status: 'published', tags: ['News', 'Tech'], email_subject: 'Hello' },
    { title: 'Draft', status: 'draft', tags: ['News'] },
  ];
  for (const post of posts) {
    const res = await site.admin.post('posts/', { posts: [post] });
    expect(res.status).toBe(201);
  }
  // a published page by the same author, with the same tag: not a post
  const res = await site.admin.post('pages/', { pages: [{ title: 'About', status: 'published', tags: ['News'] }] });
  expect(res.status).toBe(201);
});
afterAll(() => site.close());

function content(path: string, version = 'v3'): Promise<Response> {
  const separator = path.includes('?') ? '&' : '?';
  return site.service.fetch(new Request(`${BASE}/svc/api/${version}/content/${path}${separator}key=${site.contentKey}`));
}

describe('include', () => {
  it('an explicit include replaces the Admin default of tags and authors', async () => {
    const all = (await body(await site.admin.get('posts/'))).posts[0];
    expect(all.tags).toBeDefined();
    expect(all.authors).toBeDefined();
    const tagsOnly = (await body(await site.admin.get('posts/?include=tags'))).posts[0];
    expect(tagsOnly.tags.length).toBeGreaterThan(0);
    expect(tagsOnly).not.toHaveProperty('authors');
    expect(tagsOnly.primary_author).toBeNull();
    const authorsOnly = (await body(await site.admin.get(`posts/${all.id}/?include=authors`))).posts[0];
    expect(authorsOnly).not.toHaveProperty('tags');
    expect(authorsOnly.authors.length).toBe(1);
  });
});

describe('count.posts', () => {
  it('of an author and of a tag is the total of posts/ filtered by it: published posts, not pages or drafts', async () => {
    const authors = (await body(await content('authors/?include=count.posts'))).authors;
    expect(authors.length).toBe(1);
    const [author] = authors;
    const byAuthor = (await body(await content(`posts/?filter=authors.slug:${author.slug}`))).meta.pagination.total;
    expect(byAuthor).toBe(2);
    expect(author.count.posts).toBe(byAuthor);
    const single = (await body(await content(`authors/slug/${author.slug}/?include=count.posts`))).authors[0];
    expect(single.count.posts).toBe(byAuthor);

    const news = (await body(await content('tags/slug/news/?include=count.posts'))).tags[0];
    const byTag = (await body(await content('posts/?filter=tag:news'))).meta.pagination.total;
    expect(byTag).toBe(2);
    expect(news.count.posts).toBe(byTag);
    const counted = (await body(await content('tags/?include=count.posts&order=count.posts%20desc'))).tags;
    expect(counted.find((tag: { slug: string }) => tag.slug === 'news').count.posts).toBe(byTag);
    // filtering by the count counts the same way
    const filtered = (await body(await content('tags/?filter=count.posts:2'))).tags;
    expect(filtered.map((tag: { slug: string }) => tag.slug)).toEqual(['news']);
    // the Admin API counts every post and page
    const adminNews = (await body(await site.admin.get('tags/slug/news/?include=count.posts'))).tags[0];
    expect(adminNews.count.posts).toBe(4);
  });
});

describe('an in-group joined by +', () => {
  it('is all of its values, on the Content and the Admin API (reference-behaviour §8)', async () => {
    const slugs = async (res: Response) => {
      const answer = await body(res);
      expect(res.status, JSON.stringify(answer)).toBe(200);
      return answer.posts.map((post: { slug: string }) => post.slug);
    };
    expect(await slugs(await content('posts/?filter=tag:[news%2Btech]'))).toEqual(['second']);
    expect(await slugs(await content('posts/?filter=tags:[news%2Btech]%2Bfeatured:false'))).toEqual(['second']);
    expect(await slugs(await content('posts/?filter=tags:[news%2Btech]%2Bfeatured:true'))).toEqual([]);
    expect(await slugs(await site.admin.get('posts/?filter=tag:[news%2Btech]'))).toEqual(['second']);
    expect((await content('posts/?filter=tag:[news,tech%2Bx]')).status).toBe(400);
  });
});

describe('limit=all', () => {
  it('reports meta.pagination.limit as "all" on every browse, as the reference does', async () => {
    for (const path of ['posts/?limit=all', 'tags/?limit=all', 'authors/?limit=all', 'pages/?limit=all']) {
      const { meta } = await body(await content(path));
      expect(meta.pagination, path).toMatchObject({ page: 1, limit: 'all', pages: 1, next: null, prev: null });
    }
    const admin = (await body(await site.admin.get('posts/?limit=all'))).meta.pagination;
    expect(admin).toEqual({ page: 1, limit: 'all', pages: 1, total: 3, next: null, prev: null });
    // a number stays a number
    expect((await body(await content('posts/?limit=1'))).meta.pagination).toMatchObject({ limit: 1, pages: 2 });
  });
});
