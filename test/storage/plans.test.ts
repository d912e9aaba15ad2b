// PostgreSQL keeps one plan for a prepared statement only once the plans made for the values at hand
// stop looking cheaper than the generic one. Statements that list a few ids (a short page's tags and
// authors) were planned afresh on every run until the lists were padded (equalsAny in common.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE, body, createTestSite, type TestSite } from '../helpers/service';

let site: TestSite;

beforeAll(async () => {
  site = await createTestSite({ contentApi: { cache: false } });
  for (let i = 1; i <= 4; i++) {
    const created = await site.admin.post('posts/', { posts: [{ title: `Planned ${i}`, status: 'published', tags: [`First ${i}`, `Second ${i}`] }] });
    expect(created.status).toBe(201);
  }
  // drafts in the thousands, linked like the rest: the planner judges a list of ids by the table's
  // statistics, and against a handful of rows every plan costs the same
  const owner = site.owner.id as string;
  await site.driver.query(
    `INSERT INTO posts (id, uuid, title, slug, created_at, created_by, updated_at, updated_by)
     SELECT 'b' || lpad(to_hex(g), 23, '0'), gen_random_uuid(), 'Draft ' || g, 'draft-' || g, now(), $1, now(), $1
     FROM generate_series(1, 3000) g`,
    [owner],
  );
  await site.driver.query(
    `INSERT INTO posts_tags (post_id, tag_id, sort_order)
     SELECT p.id, t.id, t.n FROM posts p, (SELECT id, row_number() OVER (ORDER BY id) AS n FROM tags LIMIT 2) t WHERE p.status = 'draft'`,
  );
  await site.driver.query(`INSERT INTO posts_authors (post_id, author_id, sort_order) SELECT id, $1, 0 FROM posts WHERE status = 'draft'`, [owner]);
  await site.driver.query(
    `UPDATE posts p SET tag_ids = ARRAY(SELECT pt.tag_id FROM posts_tags pt WHERE pt.post_id = p.id ORDER BY pt.sort_order), author_ids = ARRAY[$1]::varchar(24)[]
     WHERE p.status = 'draft'`,
    [owner],
  );
  await site.driver.exec('ANALYZE');
});

afterAll(() => site.close());

const read = async (path: string) => site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}&key=${site.contentKey}`));

/** How often each prepared statement that reads from `table` was planned, generically or for its values. */
async function plans(table: string) {
  const { rows } = await site.driver.query<{ generic_plans: string; custom_plans: string }>(
    `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement LIKE $1`,
    [`%FROM ${table} %`],
  );
  return rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
}

describe('relations of a short page', () => {
  it('are read by statements PostgreSQL plans once, not on every request', async () => {
    for (let run = 0; run < 12; run++) {
      const page = await body(await read('posts/?limit=3&include=tags,authors'));
      expect(page.posts.map((post: { title: string }) => post.title)).toEqual(['Planned 4', 'Planned 3', 'Planned 2']);
      for (const post of page.posts as { title: string; tags: { name: string }[]; authors: { name: string }[] }[]) {
        const n = post.title.split(' ')[1];
        // the padded list repeats an id: each post still has each of its tags and authors once
        expect(post.tags.map((tag) => tag.name)).toEqual([`First ${n}`, `Second ${n}`]);
        expect(post.authors.map((author) => author.name)).toEqual(['Ada Lovelace']);
      }
    }
    for (const table of ['posts_tags', 'posts_authors']) {
      const statements = await plans(table);
      expect(statements.length, table).toBeGreaterThan(0);
      // PostgreSQL always plans the first five runs for their values, then compares
      for (const statement of statements) expect(statement.custom, table).toBeLessThanOrEqual(5);
      expect(statements.some((statement) => statement.generic >= 7), table).toBe(true);
    }
  });
});
