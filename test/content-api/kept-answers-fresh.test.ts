import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { adminClient, BASE, body, createTestSite, type TestSite } from '../helpers/service';
import { checkResponses } from '../helpers/openapi-check';
import { OWNER, sessionClient } from '../users/helpers';
import { createPgStorage } from '../../lib/storage/pg';
import { dropSchema, POSTGRES_URL, postgresAvailable, uniqueSchema } from '../helpers/postgres';

const postgres = await postgresAvailable();

// The read model keeps whole answers and each post's JSON until a committed change touches what they
// show (lib/read-model). These tests read through the writing instance and through a second storage on
// the same database, as another process would, both keeping answers, and through one that keeps
// nothing, and check that a read never shows what a write replaced.

let site: TestSite;
/** Reads through the instance that writes. */
let reader: Service;
/** Reads through a second storage on the same database, as another process would. */
let elsewhere: Service;
/** Reads through a service that keeps nothing: every read goes to the tables. */
let tablesOnly: Service;

const over = async (driver: SqlDriver, cache: boolean) =>
  checkResponses(await createService({ url: BASE, storage: createSqlStorage(driver), contentApi: { cache } }));

beforeAll(async () => {
  site = await createTestSite();
  reader = site.service;
  elsewhere = await over(site.driver, true);
  tablesOnly = await over(site.driver, false);
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

describe('Content API answers kept between requests', () => {
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
});

describe.skipIf(!postgres.ok)('Content API answers kept on a PostgreSQL server', () => {
  it('show a write through one instance at once through another', async () => {
    const schema = uniqueSchema();
    const storage = () => createPgStorage({ connectionString: POSTGRES_URL, schema });
    const writer = await createService({ url: BASE, storage: await storage(), auth: { passwordIterations: 1000 } });
    // keeping nothing, it reads the tables each time: a kept answer may lag by the NOTIFY's way (precise-invalidation.test.ts)
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
