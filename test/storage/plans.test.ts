// Plans PostgreSQL makes from a grown site's statistics, as the Content API meets them:
// - it keeps one plan for a prepared statement only once the plans made for the values at hand stop
//   looking cheaper than the generic one; statements that list a few ids (a short page's tags and
//   authors) were planned afresh on every run until the lists were padded (equalsAny in common.ts);
// - a tag or author with no published post is looked for by the index of its link table (tags.ts);
// - a browse that requires a tag few posts have starts from that tag's posts (post-browse.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from '../../lib';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ contentApi: { cache: false } });
  for (let i = 1; i <= 4; i++) {
    const created = await site.admin.post('posts/', { posts: [{ title: `Planned ${i}`, status: 'published', tags: [`First ${i}`, `Second ${i}`] }] });
    expect(created.status).toBe(201);
  }
  // older published posts in the thousands, linked like the rest: the planner judges a list of ids,
  // and a probe of a link table, by the tables' statistics, and against a handful of rows every plan
  // costs the same
  const owner = site.owner.id as string;
  await site.driver.query(
    `INSERT INTO posts (id, uuid, title, slug, html, plaintext, comment_id, status, created_at, created_by, updated_at, updated_by, published_at, published_by)
     SELECT id, gen_random_uuid(), 'Older ' || g, 'older-' || g, '', '', id, 'published', now(), $1, now(), $1,
       timestamptz '2000-01-01' + g * interval '1 minute', $1
     FROM generate_series(1, 3000) g, LATERAL (SELECT 'b' || lpad(to_hex(g), 23, '0') AS id) made`,
    [owner],
  );
  await site.driver.query(
    `INSERT INTO posts_tags (post_id, tag_id, sort_order)
     SELECT p.id, t.id, t.n FROM posts p, (SELECT id, row_number() OVER (ORDER BY id) AS n FROM tags LIMIT 2) t WHERE p.title LIKE 'Older %'`,
  );
  await site.driver.query(`INSERT INTO posts_authors (post_id, author_id, sort_order) SELECT id, $1, 0 FROM posts WHERE title LIKE 'Older %'`, [owner]);
  await site.driver.query(
    `UPDATE posts p SET tag_ids = ARRAY(SELECT pt.tag_id FROM posts_tags pt WHERE pt.post_id = p.id ORDER BY pt.sort_order),
       primary_tag_id = (SELECT pt.tag_id FROM posts_tags pt WHERE pt.post_id = p.id ORDER BY pt.sort_order LIMIT 1),
       author_ids = ARRAY[$1]::varchar(24)[], primary_author_id = $1
     WHERE p.title LIKE 'Older %'`,
    [owner],
  );
  await site.driver.exec('ANALYZE');
  // as PGlite's vacuum job does after an import (pglite/upkeep.ts): the pages are marked all-visible, which
  // an index-only scan needs
  await site.driver.exec('VACUUM');
});

afterAll(() => site.close());

const read = async (path: string, service = site.service) => service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}&key=${site.contentKey}`));

/** How often each prepared statement that reads from `table` was planned, generically or for its values. */
async function plans(table: string) {
  const { rows } = await site.driver.query<{ generic_plans: string; custom_plans: string }>(
    `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE $1`,
    [`%FROM ${table} %`],
  );
  return rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
}

/** Rows read from the posts and link tables so far, by scans of either kind. */
async function rowsRead(): Promise<number> {
  await site.driver.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await site.driver.query<{ n: string }>(
    `SELECT sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::bigint AS n FROM pg_stat_user_tables
     WHERE relname IN ('posts', 'posts_tags', 'posts_authors')`,
  );
  return Number(rows[0].n);
}

describe('relations of a short page', () => {
  it('are read by statements PostgreSQL plans once, not on every request', async () => {
    // a service that keeps nothing between reads reads every page's relations afresh
    const service = await createService({ url: BASE, storage: createSqlStorage(site.driver), contentApi: { cache: false } });
    for (let run = 0; run < 12; run++) {
      const page = await body(await read('posts/?limit=3&include=tags,authors', service));
      expect(page.posts.map((post: { title: string }) => post.title)).toEqual(['Planned 4', 'Planned 3', 'Planned 2']);
      for (const post of page.posts as { title: string; tags: { name: string }[]; authors: { name: string }[] }[]) {
        const n = post.title.split(' ')[1];
        // the padded list repeats an id: each post still has each of its tags and authors once
        expect(post.tags.map((tag) => tag.name)).toEqual([`First ${n}`, `Second ${n}`]);
        expect(post.authors.map((author) => author.name)).toEqual(['Ada Lovelace']);
      }
    }
    for (const table of ['tags t', 'users u']) {
      const statements = await plans(table);
      expect(statements.length, table).toBeGreaterThan(0);
      // PostgreSQL always plans the first five runs for their values, then compares
      for (const statement of statements) expect(statement.custom, table).toBeLessThanOrEqual(5);
      expect(
        statements.some((statement) => statement.generic >= 7),
        table,
      ).toBe(true);
    }
  });
});

describe('a public browse that passes over posts', () => {
  it('passes over those its offset skips, filtered or not, in the index, and reads only its page in full', async () => {
    // a service keeping answers: the first read counts the list's total, which the read model keeps
    const service = await createService({ url: BASE, storage: createSqlStorage(site.driver) });
    /** Rows read by three runs after a first, each in another shape, so that no kept answer serves it. */
    const rounds = async (path: string, expected: { first: string; total: number }) => {
      await read(path, service);
      const before = await rowsRead();
      for (let run = 0; run < 3; run++) {
        const page = await body(await read(`${path}&fields=title,id${',slug'.repeat(run + 1)}`, service));
        expect(page.posts[0].title, path).toBe(expected.first);
        expect(page.meta.pagination.total, path).toBe(expected.total);
      }
      return (await rowsRead()) - before;
    };
    // 735 posts skipped: page 50 lies in the first half, which is walked from the front (common.ts)
    expect(await rounds('posts/?page=50&include=tags', { first: 'Older 2269', total: 3004 })).toBeLessThan(200);
    // the tag is on 3,001 of the 3,004 posts: 285 skipped, each tested against the filter on the way
    expect(await rounds('posts/?filter=tag:first-1&page=20', { first: 'Older 2716', total: 3001 })).toBeLessThan(200);
  });
});

describe('tags and authors whose posts are all drafts', () => {
  it('are left out of the public lists by reading a few rows each, not the whole tables', async () => {
    // a draft whose id sorts after every other post's, by an author and with a tag that have no other post
    const draft = 'f00000000000000000000001';
    const owner = site.owner.id as string;
    await site.driver.query(
      `INSERT INTO posts (id, uuid, title, slug, created_at, created_by, updated_at, updated_by)
       VALUES ($1, gen_random_uuid(), 'Work in progress', 'work-in-progress', now(), $2, now(), $2)`,
      [draft, owner],
    );
    await site.driver.query(
      `INSERT INTO tags (id, name, slug, created_at, updated_at) VALUES ('c00000000000000000000001', 'Aaa drafts only', 'aaa-drafts-only', now(), now())`,
    );
    await site.driver.query(
      `INSERT INTO users (id, name, slug, password_hash, email, created_at, updated_at)
       VALUES ('d00000000000000000000001', 'Aaron Drafts', 'aaron-drafts', 'x', 'aaron@example.com', now(), now())`,
    );
    await site.driver.query(`INSERT INTO posts_tags (post_id, tag_id, sort_order) VALUES ($1, 'c00000000000000000000001', 0)`, [draft]);
    await site.driver.query(`INSERT INTO posts_authors (post_id, author_id, sort_order) VALUES ($1, 'd00000000000000000000001', 0)`, [draft]);
    await site.driver.query(
      `UPDATE posts SET tag_ids = '{c00000000000000000000001}', primary_tag_id = 'c00000000000000000000001',
         author_ids = '{d00000000000000000000001}', primary_author_id = 'd00000000000000000000001' WHERE id = $1`,
      [draft],
    );
    await site.driver.exec('ANALYZE');

    const before = await rowsRead();
    for (let run = 0; run < 3; run++) {
      const tags = (await body(await read('tags/?limit=all'))).tags.map((tag: { name: string }) => tag.name);
      expect(tags).toContain('First 1');
      expect(tags).not.toContain('Aaa drafts only');
      const authors = (await body(await read('authors/?limit=all'))).authors.map((author: { name: string }) => author.name);
      expect(authors).toEqual(['Ada Lovelace']);
    }
    // each of the three tables holds over 3,000 rows; a probe reads a post or two per tag and author
    expect((await rowsRead()) - before).toBeLessThan(300);
  });
});

describe('a browse filtered by a tag few posts have, or a primary tag', () => {
  const titles = async (path: string) => {
    const page = await body(await read(path));
    return { titles: page.posts.map((post: { title: string }) => post.title) as string[], total: page.meta.pagination.total as number };
  };

  it("starts from the posts of the tag (or primary tag) rather than walking the site's", async () => {
    // the first request of a generation counts the tag's links and the site's posts, once
    expect((await titles('posts/?filter=tag:first-3')).titles).toEqual(['Planned 3']);
    expect((await titles('posts/?filter=primary_tag:first-3')).titles).toEqual(['Planned 3']);
    const before = await rowsRead();
    for (let run = 0; run < 3; run++) {
      expect(await titles('posts/?filter=tag:first-3')).toEqual({ titles: ['Planned 3'], total: 1 });
      expect(await titles('posts/?filter=tag:no-such-tag')).toEqual({ titles: [], total: 0 });
      expect(await titles('posts/?filter=primary_tag:first-3')).toEqual({ titles: ['Planned 3'], total: 1 });
    }
    // walking reads each of the 3,000 older posts before it knows a page holds one post, or none
    expect((await rowsRead()) - before).toBeLessThan(100);
  });

  it('gives every page exactly the posts the whole list holds at its place', async () => {
    const filters = [
      'tag:first-3',
      'tag:[first-2,first-3]',
      'tag:first-1+tag:second-1',
      'tag:[first-2,first-4]+featured:false',
      'tag:first-2,tag:first-3',
      'tag:-first-1+author:ada',
      'tag:first-1',
      'tag:no-such-tag+tag:first-1',
      'primary_tag:first-3',
      'primary_tag:first-1',
      'primary_tag:[first-2,first-3]+tag:second-2',
      'primary_tag:-first-1',
      'primary_tag:null',
      'primary_author:ada+tag:first-4',
    ];
    for (const filter of filters) {
      const whole = await titles(`posts/?filter=${encodeURIComponent(filter)}&limit=all`);
      for (const [limit, page] of [
        [15, 1],
        [2, 1],
        [2, 2],
        [1, 3],
        [15, 200],
      ]) {
        const one = await titles(`posts/?filter=${encodeURIComponent(filter)}&limit=${limit}&page=${page}`);
        expect(one.titles, `${filter}, ${limit} per page, page ${page}`).toEqual(whole.titles.slice((page - 1) * limit, page * limit));
        expect(one.total, filter).toBe(whole.titles.length);
      }
    }
  });
});
