// Parallel writers on one site: optimistic locking lets exactly one of many edits win, slugs and tags
// stay unique, and deletes racing edits leave no orphaned relations. Run on PGlite and, when one is
// reachable, on a PostgreSQL server, where the transactions truly run side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '../../lib';
import { createPgDriver } from '../../lib/storage/pg';
import { createPgliteDriver } from '../../lib/storage/pglite/storage';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import type { Stores } from '../../lib/storage/storage';
import { dropSchema, postgresAvailable, POSTGRES_URL, uniqueSchema } from '../helpers/postgres';
import { adminClient, BASE, body, type Client } from '../helpers/service';
import { scale } from './helpers';
import { integrityProblems } from './integrity';

interface Site {
  service: Service;
  driver: SqlDriver;
  admin: Client;
  close(): Promise<void>;
}

async function siteOver(driver: SqlDriver, close: () => Promise<void>): Promise<Site> {
  const service = await createService({
    url: BASE,
    storage: createSqlStorage(driver),
    auth: { passwordIterations: 1000 },
    webhooks: { worker: false },
  });
  await service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1', title: 'Concurrency' });
  const { adminKey } = await service.createIntegration({ name: 'Writers' });
  return {
    service,
    driver,
    admin: adminClient(service, adminKey),
    close: async () => {
      await service.close();
      await close();
    },
  };
}

const pg = await postgresAvailable();

const backends: [string, () => Promise<Site>][] = [['PGlite', async () => siteOver(await createPgliteDriver(), async () => {})]];
if (pg.ok) {
  backends.push([
    'PostgreSQL server',
    async () => {
      const schema = uniqueSchema();
      // enough connections that the parallel requests really overlap; a request waits for one up to
      // connectTimeoutMs (node-postgres's pool applies it to the wait too) and is a 503 past it, which a
      // storm of 60 contending writes on a loaded 2-core CI machine can reach: these tests are about
      // integrity, so they wait longer than the 5 s default
      const driver = await createPgDriver({ connectionString: POSTGRES_URL, schema, poolConfig: { max: 20 }, connectTimeoutMs: 60_000 });
      return siteOver(driver, () => dropSchema(schema));
    },
  ]);
} else {
  describe('concurrency on a PostgreSQL server', () => it.skip(`skipped: ${pg.reason}`, () => {}));
}

describe.each(backends)('concurrency on %s', (_, open) => {
  let site: Site;
  beforeAll(async () => {
    site = await open();
  }, 60_000);
  afterAll(() => site?.close());

  async function addPost(fields: Record<string, unknown>) {
    const res = await site.admin.post('posts/', { posts: [fields] });
    expect(res.status).toBe(201);
    return (await body(res)).posts[0];
  }

  it('50 parallel edits with the same updated_at: one wins, 49 get 409, the stored post is the winner', async () => {
    const post = await addPost({ title: 'Contested', tags: ['Start'] });
    const edits = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await site.admin.put(`posts/${post.id}/`, {
          posts: [{ title: `Edit number ${i}`, custom_excerpt: `excerpt ${i}`, tags: [`Tag ${i}`], updated_at: post.updated_at }],
        });
        return { i, status: res.status, json: await body(res) };
      }),
    );
    const winners = edits.filter((e) => e.status === 200);
    const losers = edits.filter((e) => e.status === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) expect(loser.json.errors[0]).toMatchObject({ type: 'UpdateCollisionError', code: 'UPDATE_COLLISION' });
    const winner = winners[0].json.posts[0];
    const stored = (await body(await site.admin.get(`posts/${post.id}/`))).posts[0];
    expect(stored).toEqual(winner);
    expect(stored.title).toBe(`Edit number ${winners[0].i}`);
    expect(stored.tags.map((t: { name: string }) => t.name)).toEqual([`Tag ${winners[0].i}`]);
  });

  it('100 parallel adds with the same title: 100 posts, 100 distinct slugs', async () => {
    const results = await Promise.all(Array.from({ length: 100 }, () => site.admin.post('posts/', { posts: [{ title: 'Same Title' }] })));
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const posts = await Promise.all(results.map(async (r) => (await body(r)).posts[0]));
    const slugs = new Set(posts.map((p: { slug: string }) => p.slug));
    expect(slugs.size).toBe(100);
    expect(slugs.has('same-title')).toBe(true);
    const stored = await site.driver.query<{ slug: string }>("SELECT slug FROM posts WHERE title = 'Same Title'");
    expect(new Set(stored.rows.map((r) => r.slug))).toEqual(slugs);
  });

  it('parallel custom slugs that clash still end up unique', async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => site.admin.post('posts/', { posts: [{ title: `Custom ${i}`, slug: 'wanted-slug' }] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(30).fill(201));
    const slugs = await Promise.all(results.map(async (r) => (await body(r)).posts[0].slug));
    expect(new Set(slugs).size).toBe(30);
  });

  it('parallel adds naming a new tag create it once', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => site.admin.post('posts/', { posts: [{ title: `Tagged ${i}`, tags: ['Brand New Tag', { name: `Own ${i}` }] }] })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201));
    const posts = await Promise.all(results.map(async (r) => (await body(r)).posts[0]));
    const tagIds = new Set(posts.map((p: { tags: { id: string }[] }) => p.tags[0].id));
    expect(tagIds.size).toBe(1);
    const tags = await site.driver.query("SELECT id FROM tags WHERE lower(name) = 'brand new tag'");
    expect(tags.rows).toHaveLength(1);
    // and tags created by name through tags/ at the same time as through posts: still one of each
    const both = await Promise.all([
      ...Array.from({ length: 10 }, () => site.admin.post('tags/', { tags: [{ name: 'Raced Tag' }] })),
      ...Array.from({ length: 10 }, (_, i) => site.admin.post('posts/', { posts: [{ title: `Raced ${i}`, tags: ['Raced Tag'] }] })),
    ]);
    expect(both.every((r) => r.status < 500)).toBe(true);
    expect((await site.driver.query("SELECT id FROM tags WHERE lower(name) = 'raced tag'")).rows).toHaveLength(1);
  });

  it('parallel deletes and edits of the same posts leave no orphaned relations', async () => {
    const posts = await Promise.all(Array.from({ length: scale(20, 60) }, (_, i) => addPost({ title: `Doomed ${i}`, tags: ['Doom', `Doom ${i}`] })));
    const results = await Promise.all(
      posts.flatMap((post, i) => [
        site.admin.del(`posts/${post.id}/`),
        site.admin.put(`posts/${post.id}/`, {
          posts: [{ tags: ['Doom', `Saved ${i}`, 'Another new tag'], authors: ['ada@example.com'], updated_at: post.updated_at }],
        }),
        site.admin.put(`posts/${post.id}/`, { posts: [{ title: `Renamed ${i}`, updated_at: post.updated_at }] }),
      ]),
    );
    for (const res of results) expect([200, 204, 404, 409]).toContain(res.status);
    const deletes = results.filter((_, n) => n % 3 === 0);
    expect(deletes.every((r) => r.status === 204)).toBe(true);
    const left = await site.driver.query('SELECT id FROM posts WHERE id = ANY($1)', [posts.map((p) => p.id)]);
    expect(left.rows).toEqual([]);
    expect(await integrityProblems(site.driver)).toEqual({});
  });

  it('a mixed storm of writes leaves the database sound', async () => {
    const seed = await addPost({ title: 'Storm centre', tags: ['Storm'] });
    const tag = (await body(await site.admin.get('tags/slug/storm/'))).tags[0];
    const work = Array.from({ length: scale(60, 300) }, (_, i) => {
      switch (i % 6) {
        case 0:
          return site.admin.post('posts/', { posts: [{ title: 'Storm post', tags: ['Storm', `Storm ${i % 7}`] }] });
        case 1:
          return site.admin.put(`posts/${seed.id}/`, { posts: [{ tags: [`Storm ${i % 5}`], updated_at: seed.updated_at }] });
        case 2:
          return site.admin.put(`tags/${tag.id}/`, { tags: [{ description: `d${i}` }] });
        case 3:
          return site.admin.post('tags/', { tags: [{ name: `Storm ${i % 7}` }] });
        case 4:
          return site.admin.get('posts/?limit=all&filter=tag:storm');
        default:
          return site.admin.del(`tags/${tag.id}/`);
      }
    });
    const results = await Promise.all(work);
    const failed = await Promise.all(results.filter((res) => res.status >= 500).map(async (res) => `${res.status} ${await res.text()}`));
    expect(failed).toEqual([]);
    expect(await integrityProblems(site.driver)).toEqual({});
  });

  /**
   * Runs `link` in a transaction held open until `remove` (in another) has had time to start, so that
   * on a server the removal meets links it cannot see yet; the posts' mirrored tag and author ids must
   * still agree with their links once both have committed.
   */
  async function linkWhileRemoving(link: (tx: Stores) => Promise<void>, remove: (tx: Stores) => Promise<void>): Promise<void> {
    const storage = createSqlStorage(site.driver);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let linked!: () => void;
    const hasLinked = new Promise<void>((resolve) => (linked = resolve));
    const linking = storage.transaction(async (tx) => {
      await link(tx);
      linked();
      await held;
    });
    await hasLinked;
    const removing = storage.transaction(remove);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await Promise.all([linking, removing]);
    expect(await integrityProblems(site.driver)).toEqual({});
  }

  it('a tag deleted while a post is being given it leaves the post’s tags as they are stored', async () => {
    const post = await addPost({ title: 'Tagged at the last moment', tags: ['Staying'] });
    const storage = createSqlStorage(site.driver);
    const staying = (await storage.tags.findBySlug('staying'))!;
    const fleeting = await storage.tags.insert({ ...staying, id: 'a1'.repeat(12), name: 'Fleeting', slug: 'fleeting' });
    await linkWhileRemoving(
      async (tx) => {
        await tx.posts.update(post.id, {}, [fleeting.id, staying.id]);
      },
      async (tx) => {
        await tx.tags.delete(fleeting.id);
      },
    );
    const after = (await body(await site.admin.get(`posts/${post.id}/`))).posts[0];
    expect(after.tags.map((t: { slug: string }) => t.slug)).toEqual(['staying']);
    expect(after.primary_tag.slug).toBe('staying');
  });

  it('an author removed while a post is being given them: the post passes to the Owner', async () => {
    const post = await addPost({ title: 'Written at the last moment' });
    const storage = createSqlStorage(site.driver);
    const owner = (await storage.users.owner())!;
    const role = (await storage.roles.findByName('Author'))!;
    const { roles: _, ...ownerRow } = owner;
    const leaving = await storage.users.insert({ ...ownerRow, id: 'b2'.repeat(12), name: 'Leaving', slug: 'leaving', email: 'leaving@example.com' }, role.id);
    await linkWhileRemoving(
      async (tx) => {
        await tx.posts.update(post.id, {}, undefined, [leaving.id]);
      },
      async (tx) => {
        await tx.posts.reassignAuthor(leaving.id, owner.id);
        await tx.users.delete(leaving.id);
      },
    );
    const after = (await body(await site.admin.get(`posts/${post.id}/`))).posts[0];
    expect(after.authors.map((a: { id: string }) => a.id)).toEqual([owner.id]);
  });
});
