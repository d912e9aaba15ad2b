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
