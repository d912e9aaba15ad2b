import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import type { PostRow } from '../../lib/storage/rows';
import { RenderedPosts, shapeOf } from '../../lib/resources/posts/rendered';
import { BASE, createTestSite, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';

// The Content API keeps each post's JSON with the frozen row the storage's memo hands out
// (rendered.ts). What it answers must be, byte for byte, what a service that keeps nothing answers.

let site: TestSite;
/** Keeps nothing between reads: every post is read from the tables and serialised afresh. */
let keepsNothing: Service;

beforeAll(async () => {
  site = await createTestSite({ contentApi: { cache: false } });
  keepsNothing = checkResponses(
    await createService({ url: BASE, storage: createSqlStorage(site.driver, { publicRowBytes: 0 }), contentApi: { cache: false } }),
  );
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

describe('RenderedPosts', () => {
  const ctx = { api: 'content' as const, version: 'v3' as const, site: 'https://example.com' };
  const options = { include: new Set(['tags']), fields: null, formats: new Set(['html' as const]) };
  const shape = shapeOf(ctx, options);

  function counter() {
    let calls = 0;
    return { serialize: () => ({ n: ++calls }), calls: () => calls };
  }

  it('serialises a frozen post once per shape and set of related rows', () => {
    const rendered = new RenderedPosts();
    const row = Object.freeze({ id: 'a' }) as PostRow;
    const tag = Object.freeze({ id: 't' });
    const { serialize, calls } = counter();
    expect(rendered.json(row, [tag], shape, serialize)).toBe('{"n":1}');
    expect(rendered.json(row, [tag], shape, serialize)).toBe('{"n":1}');
    // another object for the tag (read again after a change): serialised again
    expect(rendered.json(row, [Object.freeze({ id: 't' })], shape, serialize)).toBe('{"n":2}');
    expect(rendered.json(row, [], shape, serialize)).toBe('{"n":3}');
    const fields = shapeOf(ctx, { ...options, fields: new Set(['title']) });
    expect(rendered.json(row, [tag], fields, serialize)).toBe('{"n":4}');
    expect(rendered.json(row, [tag], shapeOf({ ...ctx, site: 'https://other.example' }, options), serialize)).toBe('{"n":5}');
    expect(calls()).toBe(5);
  });

  it('keeps nothing made from a row a caller could change', () => {
    const rendered = new RenderedPosts();
    const { serialize, calls } = counter();
    const open = { id: 'a' } as PostRow;
    rendered.json(open, [], shape, serialize);
    rendered.json(open, [], shape, serialize);
    const frozen = Object.freeze({ id: 'b' }) as PostRow;
    const tag = { id: 't' };
    rendered.json(frozen, [tag], shape, serialize);
    rendered.json(frozen, [tag], shape, serialize);
    expect(calls()).toBe(4);
  });

  it('keeps a few shapes of a post, dropping the oldest', () => {
    const rendered = new RenderedPosts();
    const row = Object.freeze({ id: 'a' }) as PostRow;
    const { serialize, calls } = counter();
    const shapes = ['a', 'b', 'c', 'd', 'e'].map((field) => shapeOf(ctx, { ...options, fields: new Set([field]) }));
    for (const each of shapes) rendered.json(row, [], each, serialize);
    expect(calls()).toBe(5);
    rendered.json(row, [], shapes[4], serialize);
    expect(calls()).toBe(5);
    rendered.json(row, [], shapes[0], serialize);
    expect(calls()).toBe(6);
  });
});
