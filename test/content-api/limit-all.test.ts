// `limit=all` is streamed in batches (lib/http/json-stream.ts): the same JSON as the pages it spans,
// never held whole, and correct when posts change while it is being read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../../lib';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

const POSTS = 230; // more than two batches of 100

let site: TestSite;
const content = (path: string) => site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}&key=${site.contentKey}`));

beforeAll(async () => {
  site = await createTestSite();
  for (let i = 0; i < POSTS; i++) {
    const res = await site.admin.post('posts/', {
      posts: [{ title: `Streamed ${i}`, status: 'published', published_at: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(), tags: [`Tag ${i % 3}`] }],
    });
    expect(res.status).toBe(201);
  }
}, 120_000);
afterAll(() => site.close());

describe('GET posts/?limit=all', () => {
  it('answers the same posts as the pages it spans, with the whole list in meta.pagination', async () => {
    const paged = [];
    for (let page = 1; page <= 3; page++) paged.push(...(await body(await content(`posts/?include=tags,authors&limit=100&page=${page}`))).posts);
    const res = await content('posts/?include=tags,authors&limit=all');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const all = await body(res);
    expect(all.posts).toHaveLength(POSTS);
    expect(all.posts).toEqual(paged);
    expect(all.meta.pagination).toEqual({ page: 1, limit: 'all', pages: 1, total: POSTS, next: null, prev: null });
  });

  it('leaves out a post deleted while the list is being read, and counts what it sent', async () => {
    // an instance without the tests' response checker, which would read the whole body at once;
    // not closed: it shares the site's database
    const plain = await createService({ url: BASE, storage: createSqlStorage(site.driver) });
    const res = await plain.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?limit=all&fields=id,slug&key=${site.contentKey}`));
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    // the opening and the first batch
    for (let i = 0; i < 2; i++) chunks.push((await reader.read()).value!);
    const last = (await body(await content('posts/?limit=1&page=' + POSTS + '&fields=id,slug'))).posts[0];
    expect((await site.admin.del(`posts/${last.id}/`)).status).toBe(204);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
    const all = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(all.posts).toHaveLength(POSTS - 1);
    expect(all.posts.map((p: { slug: string }) => p.slug)).not.toContain(last.slug);
    expect(all.meta.pagination.total).toBe(POSTS - 1);
  });

  it('leaves out a post unpublished while the list is being read, rather than showing the draft', async () => {
    const plain = await createService({ url: BASE, storage: createSqlStorage(site.driver) });
    const res = await plain.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?limit=all&fields=id,slug,title&key=${site.contentKey}`));
    const total = POSTS - 1; // the previous test deleted one
    const reader = res.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < 2; i++) chunks.push((await reader.read()).value!);
    const last = (await body(await content(`posts/?limit=1&page=${total}&fields=id,slug,updated_at`))).posts[0];
    const full = (await body(await site.admin.get(`posts/${last.id}/`))).posts[0];
    const res2 = await site.admin.put(`posts/${last.id}/`, { posts: [{ status: 'draft', title: 'Now a draft', updated_at: full.updated_at }] });
    expect(res2.status).toBe(200);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(chunk.value);
    const all = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    expect(all.posts.map((p: { title: string }) => p.title)).not.toContain('Now a draft');
    expect(all.posts).toHaveLength(total - 1);
    expect(all.meta.pagination.total).toBe(total - 1);
  });

  it('answers a HEAD without reading the posts, and a bad filter with the error envelope', async () => {
    const head = await site.service.fetch(new Request(`${BASE}/svc/api/v3/content/posts/?limit=all&key=${site.contentKey}`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    const bad = await content('posts/?limit=all&filter=' + encodeURIComponent('tag:('));
    expect(bad.status).toBe(400);
    expect((await body(bad)).errors[0].type).toBe('BadRequestError');
  });
});
