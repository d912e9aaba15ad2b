import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { PublicMemo, type HeldPost } from '../../lib/storage/sql/public-memo';
import { adminClient, BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';
import { countingDriver } from '../helpers/counting-driver';
import { OWNER, sessionClient } from '../users/helpers';
import { createPgStorage } from '../../lib/storage/pg';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from '../helpers/postgres';

const postgres = await postgresAvailable();

// The storage keeps published posts' rows, and their tags and authors, between Content API reads of
// one generation of public content (public-memo.ts). These tests read with the response cache off, so
// that every answer comes from the storage, and check that a read never shows what a write replaced.

let site: TestSite;
/** Reads through the instance that writes. */
let reader: Service;
/** Reads through a second storage on the same database, as another process would. */
let elsewhere: Service;
/** Reads through a storage that keeps no rows: every read goes to the tables. */
let tablesOnly: Service;
/** The statements `counted` runs. */
const statements: string[] = [];
/** Their parameters, in the same order. */
const parameters: unknown[][] = [];
/** Each of its reads asks for the generation. */
let counted: Service;

const uncached = async (driver: SqlDriver, publicRowBytes?: number) =>
  checkResponses(await createService({ url: BASE, storage: createSqlStorage(driver, { publicRowBytes }), contentApi: { cache: false } }));

beforeAll(async () => {
  site = await createTestSite({ contentApi: { cache: false } });
  reader = site.service;
  elsewhere = await uncached(site.driver);
  counted = await uncached(countingDriver(site.driver, statements, { params: parameters }));
  tablesOnly = await uncached(site.driver, 0);
});
afterAll(() => site.close());

async function read(service: Service, path: string, key = site.contentKey): Promise<Response> {
  return service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${path.includes('?') ? '&' : '?'}key=${key}`));
}

async function json(service: Service, path: string, key?: string): Promise<any> {
  const res = await read(service, path, key);
  expect(res.status).toBe(200);
  return body(res);
}

/** What a reader sees of one post, on the first page and by its slug. */
async function seen(service: Service, slug: string, key?: string) {
  const page = (await json(service, 'posts/?include=tags,authors', key)).posts.find((p: any) => p.slug === slug);
  const res = await read(service, `posts/slug/${slug}/?include=tags,authors`, key);
  const one = res.status === 200 ? (await body(res)).posts[0] : null;
  expect(one).toEqual(page ?? null);
  return one && { title: one.title, tags: one.tags.map((t: any) => t.name), authors: one.authors.map((a: any) => a.name) };
}

async function publish(title: string, extra: Record<string, unknown> = {}) {
  const res = await site.admin.post('posts/', { posts: [{ title, status: 'published', ...extra }] });
  expect(res.status).toBe(201);
  return (await body(res)).posts[0];
}

async function edit(id: string, change: Record<string, unknown>) {
  const current = (await body(await site.admin.get(`posts/${id}/`))).posts[0];
  const res = await site.admin.put(`posts/${id}/`, { posts: [{ ...change, updated_at: current.updated_at }] });
  expect(res.status).toBe(200);
}

describe('Content API reads of rows kept between requests', () => {
  it('show every kind of write at once, on the writing instance and on another', async () => {
    const post = await publish('Kept', { tags: ['Alpha', 'Beta'] });
    const check = async (expected: unknown) => {
      // read twice on each: the second read is the one the kept rows could answer
      for (const service of [reader, elsewhere, reader, elsewhere, tablesOnly]) expect(await seen(service, post.slug)).toEqual(expected);
    };
    await check({ title: 'Kept', tags: ['Alpha', 'Beta'], authors: ['Ada Lovelace'] });

    await edit(post.id, { title: 'Kept, edited' });
    await check({ title: 'Kept, edited', tags: ['Alpha', 'Beta'], authors: ['Ada Lovelace'] });

    const alpha = (await body(await site.admin.get('tags/slug/alpha/'))).tags[0];
    expect((await site.admin.put(`tags/${alpha.id}/`, { tags: [{ name: 'Alpha renamed' }] })).status).toBe(200);
    await check({ title: 'Kept, edited', tags: ['Alpha renamed', 'Beta'], authors: ['Ada Lovelace'] });

    // only staff edit users: the owner, signed in
    const staff = sessionClient(site.service);
    expect((await staff.login(OWNER.email, OWNER.password)).status).toBe(201);
    expect((await staff.put(`users/${(site.owner as { id: string }).id}/`, { users: [{ name: 'Ada King' }] })).status).toBe(200);
    await check({ title: 'Kept, edited', tags: ['Alpha renamed', 'Beta'], authors: ['Ada King'] });

    await edit(post.id, { tags: ['Beta', 'Gamma'] });
    await check({ title: 'Kept, edited', tags: ['Beta', 'Gamma'], authors: ['Ada King'] });

    const beta = (await body(await site.admin.get('tags/slug/beta/'))).tags[0];
    expect((await site.admin.del(`tags/${beta.id}/`)).status).toBe(204);
    await check({ title: 'Kept, edited', tags: ['Gamma'], authors: ['Ada King'] });

    await edit(post.id, { status: 'draft' });
    await check(null);
    expect((await read(reader, `posts/${post.id}/`)).status).toBe(404);

    await edit(post.id, { status: 'published' });
    await check({ title: 'Kept, edited', tags: ['Gamma'], authors: ['Ada King'] });
    expect((await json(elsewhere, `posts/${post.id}/?include=tags`)).posts[0].tags.map((t: any) => t.name)).toEqual(['Gamma']);

    expect((await site.admin.del(`posts/${post.id}/`)).status).toBe(204);
    await check(null);
  });

  it('give each read the bodies it asks for', async () => {
    const post = await publish('Bodies', {
      mobiledoc: JSON.stringify({ version: '0.3.1', atoms: [], cards: [], markups: [], sections: [[1, 'p', [[0, [], 0, 'Hello body']]]] }),
    });
    const html = (await json(reader, `posts/slug/${post.slug}/`)).posts[0];
    expect(html.html).toContain('Hello body');
    expect(html.mobiledoc).toBeUndefined();
    const both = (await json(reader, `posts/slug/${post.slug}/?formats=mobiledoc,html`)).posts[0];
    expect(JSON.parse(both.mobiledoc).sections[0][2][0][3]).toBe('Hello body');
    expect(both.html).toContain('Hello body');
    const again = (await json(reader, `posts/?filter=slug:${post.slug}`)).posts[0];
    expect(again.html).toContain('Hello body');
    expect(again.mobiledoc).toBeUndefined();
  });

  it('answer a page read before, or a post it showed, with one statement, and never read a row twice', async () => {
    for (let i = 0; i < 3; i++) await publish(`Counted ${i}`, { tags: ['Counted'] });
    await json(counted, 'posts/?include=tags,authors');
    statements.length = 0;
    const page = await json(counted, 'posts/?include=tags,authors');
    expect(statements).toHaveLength(1);
    expect(page.posts.slice(0, 3).map((p: any) => p.title)).toEqual(['Counted 2', 'Counted 1', 'Counted 0']);

    // another page of the same posts: its walk and its total, but no post, tag or author read again
    statements.length = 0;
    const filtered = await json(counted, 'posts/?include=tags,authors&filter=tag:counted');
    expect(filtered.posts).toEqual(page.posts.slice(0, 3));
    expect(
      statements.some((sql) => /FROM (posts p WHERE p\.type = \$1 AND p\.status = 'published' AND p\.id|tags t WHERE t\.id|users u WHERE u\.id)/.test(sql)),
    ).toBe(false);

    statements.length = 0;
    const one = await json(counted, `posts/slug/${page.posts[1].slug}/?include=tags,authors`);
    expect(one.posts[0]).toEqual(page.posts[1]);
    expect(statements).toHaveLength(1);
  });

  it('after a write, read in full only the rows it changed, and check the others by their version', async () => {
    for (let i = 0; i < 3; i++) await publish(`Versioned ${i}`, { tags: ['Versioned'] });
    const before = await json(counted, 'posts/?include=tags,authors');
    const target = before.posts[1];
    await edit(target.id, { title: 'Versioned, edited' });
    statements.length = 0;
    parameters.length = 0;
    const after = await json(counted, 'posts/?include=tags,authors');
    expect(after.posts.map((p: any) => p.title)).toEqual(before.posts.map((p: any) => (p.id === target.id ? 'Versioned, edited' : p.title)));
    expect(after).toEqual(await json(tablesOnly, 'posts/?include=tags,authors'));
    const readInFull = statements.flatMap((sql, i) =>
      /^SELECT (?!\w\.id, \w\.xmin)/.test(sql) && /\.xmin::text AS version_/.test(sql) ? [parameters[i]] : [],
    );
    // one post read in full, by its id alone; its tags and authors, unchanged, only checked
    expect(readInFull).toEqual([['post', target.id]]);
    expect(statements.filter((sql) => /^SELECT \w\.id, \w\.xmin::text AS version_ FROM (posts p|tags t|users u) /.test(sql))).toHaveLength(3);
  });
});

describe.skipIf(!postgres.ok)('Content API reads of kept rows on a PostgreSQL server', () => {
  it('show a write through one instance at once through another', async () => {
    const schema = uniqueSchema();
    const storage = () => createPgStorage({ connectionString: POSTGRES_URL, schema });
    const writer = await createService({ url: BASE, storage: await storage(), auth: { passwordIterations: 1000 } });
    const reading = await createService({ url: BASE, storage: await storage(), contentApi: { cache: false } });
    try {
      await writer.setup({ name: 'Owner', email: 'owner@example.com', password: 'a-long-password-1' });
      const keys = await writer.createIntegration({ name: 'pg' });
      const client = adminClient(writer, keys.adminKey);
      const created = await client.post('posts/', { posts: [{ title: 'On a server', status: 'published', tags: ['One'] }] });
      const post = (await body(created)).posts[0];
      for (let i = 0; i < 2; i++) expect(await seen(reading, post.slug, keys.contentKey)).toEqual({ title: 'On a server', tags: ['One'], authors: ['Owner'] });
      const edited = await client.put(`posts/${post.id}/`, { posts: [{ title: 'Edited on a server', tags: ['Two'], updated_at: post.updated_at }] });
      expect(edited.status).toBe(200);
      expect(await seen(reading, post.slug, keys.contentKey)).toEqual({ title: 'Edited on a server', tags: ['Two'], authors: ['Owner'] });
      expect((await client.del(`posts/${post.id}/`)).status).toBe(204);
      expect(await seen(reading, post.slug, keys.contentKey)).toBeNull();
    } finally {
      await Promise.all([writer.close(), reading.close()]);
      await dropSchema(schema);
    }
  });
});

describe('PublicMemo', () => {
  const post = (id: string, html = 'x'): HeldPost => ({ id, html, tag_ids: [], author_ids: [], version_: '1' }) as unknown as HeldPost;

  it('holds rows as current for the generation they were read for, and for a newer one once found unchanged', () => {
    const memo = new PublicMemo(1 << 20);
    memo.setPost(3, 'html', post('a'));
    expect(memo.at(3)).toBe(true);
    expect(memo.post('html', 'a')).toMatchObject({ row: { id: 'a' }, checkedAt: 3 });
    expect(memo.post('html,mobiledoc', 'a')).toBeUndefined();
    // a reader of an older generation gets nothing it could take as current, and files nothing
    expect(memo.at(2)).toBe(false);
    memo.setPost(2, 'html', post('b'));
    expect(memo.post('html', 'b')).toBeUndefined();
    // a newer generation keeps the row, as not yet found current in it, until a reader confirms it
    expect(memo.at(4)).toBe(true);
    const held = memo.post('html', 'a')!;
    expect(held.checkedAt).toBe(3);
    memo.confirm(held, 4);
    expect(memo.post('html', 'a')!.checkedAt).toBe(4);
    // a reader that began before generation 5 was met confirms nothing
    memo.at(5);
    memo.confirm(held, 4);
    expect(memo.post('html', 'a')!.checkedAt).toBe(4);
  });

  it('holds about as many bytes as it is given, dropping the least recently read post first', () => {
    const memo = new PublicMemo(3000);
    memo.setPost(1, 'html', post('a', 'x'.repeat(700)));
    memo.setPost(1, 'html', post('b', 'x'.repeat(700)));
    memo.post('html', 'a');
    memo.setPost(1, 'html', post('c', 'x'.repeat(700)));
    expect(['a', 'b', 'c'].map((id) => memo.post('html', id)?.row.id)).toEqual(['a', undefined, 'c']);
  });

  it('hands out rows that cannot be changed by a reader', () => {
    const memo = new PublicMemo(1 << 20);
    memo.setPost(1, 'html', post('a'));
    expect(() => {
      (memo.post('html', 'a')!.row as { html: string }).html = 'changed';
    }).toThrow(TypeError);
  });
});
