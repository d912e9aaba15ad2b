import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { BASE, createTestSite, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';

// The read model keeps each post's JSON per shape of request (resources/posts/content-reads.ts) and
// whole answers. What the Content API answers must be, byte for byte, what a service that keeps
// nothing answers.

let site: TestSite;
/** Keeps nothing between reads: every post is read from the tables and serialised afresh. */
let keepsNothing: Service;

beforeAll(async () => {
  site = await createTestSite();
  keepsNothing = checkResponses(await createService({ url: BASE, storage: createSqlStorage(site.driver), contentApi: { cache: false } }));
  for (let i = 0; i < 4; i++) {
    const res = await site.admin.post('posts/', {
      posts: [
        {
          title: `Rendered ${i}`,
          status: 'published',
          tags: i % 2 ? ['Odd', 'Rendered'] : ['Rendered'],
          custom_excerpt: i === 3 ? 'Its "own" excerpt, \u00e9' : null,
        },
      ],
    });
    expect(res.status).toBe(201);
  }
  const page = await site.admin.post('pages/', { pages: [{ title: 'A rendered page', status: 'published' }] });
  expect(page.status).toBe(201);
});
afterAll(() => site.close());

async function read(service: Service, path: string) {
  const res = await service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`));
  expect(res.status).toBe(200);
  return { text: await res.text(), etag: res.headers.get('etag') };
}

const PATHS = [
  'posts/?include=tags,authors',
  'posts/',
  'posts/?include=tags',
  'posts/?fields=title,slug,url',
  'posts/?include=authors&fields=title',
  'posts/?formats=html,plaintext&include=tags,authors',
  'posts/?filter=tag:odd&include=tags,authors&limit=1&page=2',
  'posts/slug/rendered-1/?include=tags,authors',
  'posts/slug/rendered-1/?fields=title',
  'pages/?include=authors',
  'pages/slug/a-rendered-page/',
];

describe('Content API posts rendered from kept JSON', () => {
  it('answer, byte for byte, what a service that keeps nothing answers, in every shape', async () => {
    // each shape read three times, the shapes interleaved: later reads take the kept JSON
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) expect(await read(site.service, path), path).toEqual(await read(keepsNothing, path));
    }
  });

  it('show a change to a post, its tag or its author in every shape kept before', async () => {
    for (const path of PATHS) await read(site.service, path);
    const tag = (await (await site.admin.get('tags/slug/odd/')).json()).tags[0];
    expect((await site.admin.put(`tags/${tag.id}/`, { tags: [{ name: 'Odd, renamed' }] })).status).toBe(200);
    const post = (await (await site.admin.get('posts/slug/rendered-1/')).json()).posts[0];
    expect((await site.admin.put(`posts/${post.id}/`, { posts: [{ title: 'Rendered 1, edited', updated_at: post.updated_at }] })).status).toBe(200);
    for (const path of PATHS) {
      const seen = await read(site.service, path);
      expect(seen, path).toEqual(await read(keepsNothing, path));
      if (path.startsWith('posts/slug/rendered-1/')) expect(seen.text).toContain('Rendered 1, edited');
      if (path === 'posts/?include=tags,authors') expect(seen.text).toContain('Odd, renamed');
    }
  });
});
