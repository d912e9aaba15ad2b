import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import type { Storage } from '../../lib/storage/storage';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { KnownGeneration } from '../../lib/storage/sql/known-generation';
import { PageMemo } from '../../lib/storage/sql/page-memo';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';

// Reads through several storages over one database see every write at once, whichever storage made
// it. These tests read with the response cache off, so that every answer comes from the storage.

let site: TestSite;
/** Reads through a second storage on the same driver: its memos are not the writer's. */
let elsewhere: Service;
let elsewhereStorage: Storage;

beforeAll(async () => {
  site = await createTestSite({ contentApi: { cache: false } });
  elsewhereStorage = createSqlStorage(site.driver);
  elsewhere = checkResponses(await createService({ url: BASE, storage: elsewhereStorage, contentApi: { cache: false } }));
});
afterAll(() => site.close());

async function json(service: Service, path: string): Promise<any> {
  const res = await service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${site.contentKey}`));
  expect(res.status).toBe(200);
  return body(res);
}

async function publish(title: string, extra: Record<string, unknown> = {}) {
  const res = await site.admin.post('posts/', { posts: [{ title, status: 'published', ...extra }] });
  expect(res.status).toBe(201);
  return (await body(res)).posts[0];
}

/** The tags and authors the Content API lists, with their counts of published posts. */
async function listed(service: Service) {
  const tags = (await json(service, 'tags/?include=count.posts&limit=50')).tags.map((t: any) => `${t.name} ${t.count.posts}`);
  const authors = (await json(service, 'authors/?include=count.posts')).authors.map((a: any) => `${a.name} ${a.count.posts}`);
  return { tags, authors };
}

describe('Content API reads through several storages on one database', () => {
  it('list tags and authors as every write leaves them, through the writing instance and another', async () => {
    const check = async (expected: { tags: string[]; authors: string[] }) => {
      // twice on each: the second read is the one a kept page could answer
      for (const service of [site.service, elsewhere, site.service, elsewhere]) {
        const seen = await listed(service);
        for (const tag of expected.tags) expect(seen.tags).toContain(tag);
        for (const gone of ['Listed', 'Listed renamed'].map((name) => `${name} `)) {
          if (!expected.tags.some((tag) => tag.startsWith(gone))) expect(seen.tags.some((tag: string) => tag.startsWith(gone))).toBe(false);
        }
        expect(seen.authors).toEqual(expected.authors);
      }
    };
    // an author is listed once a post of theirs is published
    await publish('By the owner');
    const before = (await listed(site.service)).authors;
    const count = (n: number) => [before[0].replace(/\d+$/, (c: string) => String(Number(c) + n))];
    await check({ tags: [], authors: before });

    const post = await publish('Listed post', { tags: ['Listed'] });
    await check({ tags: ['Listed 1'], authors: count(1) });

    const second = await publish('Listed again', { tags: ['Listed'] });
    await check({ tags: ['Listed 2'], authors: count(2) });

    const tag = (await body(await site.admin.get('tags/slug/listed/'))).tags[0];
    expect((await site.admin.put(`tags/${tag.id}/`, { tags: [{ name: 'Listed renamed' }] })).status).toBe(200);
    await check({ tags: ['Listed renamed 2'], authors: count(2) });

    const current = (await body(await site.admin.get(`posts/${post.id}/`))).posts[0];
    expect((await site.admin.put(`posts/${post.id}/`, { posts: [{ status: 'draft', updated_at: current.updated_at }] })).status).toBe(200);
    await check({ tags: ['Listed renamed 1'], authors: count(1) });

    expect((await site.admin.del(`posts/${second.id}/`)).status).toBe(204);
    await check({ tags: [], authors: before });
  });

  it('show a change a host commits through the storage itself at once', async () => {
    const post = await publish('Host written');
    expect((await json(elsewhere, `posts/slug/${post.slug}/`)).posts[0].title).toBe('Host written');
    // the host's own transaction, on the storage of another instance: a change and its bump
    await elsewhereStorage.transaction(async (tx) => {
      const row = await tx.posts.findById(post.id);
      await tx.posts.update(post.id, { title: 'Host rewritten' }, undefined, undefined, row!);
      await tx.generation.bump();
    });
    for (const service of [site.service, elsewhere]) {
      expect((await json(service, `posts/slug/${post.slug}/`)).posts[0].title).toBe('Host rewritten');
      expect((await json(service, 'posts/')).posts.map((p: any) => p.title)).toContain('Host rewritten');
    }
    // a bump outside any transaction is a commit too
    await site.driver.query(`UPDATE posts SET title = 'Host, once more' WHERE id = $1`, [post.id]);
    await elsewhereStorage.generation.bump();
    for (const service of [site.service, elsewhere]) {
      expect((await json(service, `posts/slug/${post.slug}/`)).posts[0].title).toBe('Host, once more');
    }
  });
});

describe('KnownGeneration and PageMemo', () => {
  /** A driver whose generation statement answers `value`, running `during` before it answers. */
  function fakeDriver(state: { commits: number; value: number; during?: () => void }): SqlDriver {
    return {
      async query() {
        state.during?.();
        return { rows: [{ value: state.value }] as never[], affectedRows: 1 };
      },
      exec: async () => undefined,
      transaction: () => Promise.reject(new Error('unused')),
      listen: () => Promise.reject(new Error('unused')),
      close: async () => undefined,
    };
  }

  it('keeps the generation it read until the next commit, and nothing read across a commit', async () => {
    const state = { commits: 0, value: 7, during: undefined as (() => void) | undefined };
    const db = fakeDriver(state);
    const known = new KnownGeneration(() => state.commits);
    expect(known.get()).toBeUndefined();
    expect(await known.read(db)).toBe(7);
    expect(known.get()).toBe(7);
    state.commits++;
    expect(known.get()).toBeUndefined();
    // a commit while the statement was on its way: its answer may be from before or after it
    state.value = 8;
    state.during = () => state.commits++;
    expect(await known.read(db)).toBe(8);
    expect(known.get()).toBeUndefined();
    state.during = undefined;
    expect(await known.read(db)).toBe(8);
    expect(known.get()).toBe(8);
  });

  it('keeps an answer for its generation only, frozen, and none found across a commit', async () => {
    const state = { commits: 0, value: 1 };
    const db = fakeDriver(state);
    const pages = new PageMemo(new KnownGeneration(() => state.commits));
    let reads = 0;
    const read = async () => ({ ids: ['a', 'b'], total: 2 + reads++ });
    const first = await pages.remember(db, 'page', read);
    expect(first).toEqual({ value: { ids: ['a', 'b'], total: 2 }, generation: 1 });
    expect(Object.isFrozen(first.value) && Object.isFrozen(first.value.ids)).toBe(true);
    expect((await pages.remember(db, 'page', read)).value.total).toBe(2);

    // a commit that left the generation as it was: asked again, then the answer kept for it serves
    state.commits++;
    expect((await pages.remember(db, 'page', read)).value.total).toBe(2);
    // a newer generation: found again
    state.commits++;
    state.value = 2;
    expect(await pages.remember(db, 'page', read)).toEqual({ value: { ids: ['a', 'b'], total: 3 }, generation: 2 });

    // a commit while it was being found: served, but not kept
    const during = async () => {
      state.commits++;
      return { ids: [], total: 0 };
    };
    expect((await pages.remember(db, 'other', during)).value.total).toBe(0);
    expect((await pages.remember(db, 'other', read)).value.total).toBe(4);
  });

  it('keeps no answer too large to hold, such as a page of a client-chosen size', async () => {
    const db = fakeDriver({ commits: 0, value: 1 });
    const pages = new PageMemo(new KnownGeneration(() => 0));
    let reads = 0;
    const huge = async () => ({ rows: Array.from({ length: 5000 }, (_, i) => ({ id: `tag-${i}`, description: 'x'.repeat(100) })), read: ++reads });
    await pages.remember(db, 'tags?limit=5000', huge);
    expect((await pages.remember(db, 'tags?limit=5000', huge)).value.read).toBe(2);
    const small = async () => ({ rows: [{ id: 'tag' }], read: ++reads });
    await pages.remember(db, 'tags?limit=1', small);
    expect((await pages.remember(db, 'tags?limit=1', small)).value.read).toBe(3);
  });
});
