// A routed request looks for scheduled posts fallen due at most once a second
// (lib/resources/posts/scheduling.ts). The look reads the scheduled posts' own index (migration 023),
// never the whole posts table: a PostgreSQL server before 18, which cannot skip through the leading
// `type` of the published posts' walk (migration 011), used to read every post for it.
import { expect, it } from 'vitest';
import { createService } from '../../lib';
import type { SqlDriver } from '../../lib/storage/sql/driver';
import { sqlPosts } from '../../lib/storage/sql/posts';
import { createSqlStorage } from '../../lib/storage/sql/sql-storage';
import { describeOnEachDatabase } from '../helpers/each-database';
import { BASE } from '../helpers/service';

/** 3,000 published posts, one scheduled for 2001 and one for 2999, the statistics taken. */
async function fill(driver: SqlDriver): Promise<() => Promise<void>> {
  const service = await createService({ url: BASE, storage: createSqlStorage(driver), auth: { passwordIterations: 1000 } });
  const { user } = await service.setup({ name: 'Ada Lovelace', email: 'ada@example.com', password: 'a-long-password-1' });
  await driver.query(
    `INSERT INTO posts (id, uuid, title, slug, comment_id, status, created_at, created_by, updated_at, updated_by, published_at, published_by)
     SELECT id, gen_random_uuid(), 'Older ' || g, 'older-' || g, id, 'published', now(), $1, now(), $1,
       timestamptz '2000-01-01' + g * interval '1 minute', $1
     FROM generate_series(1, 3000) g, LATERAL (SELECT 'b' || lpad(to_hex(g), 23, '0') AS id) made`,
    [user.id],
  );
  await driver.query(
    `INSERT INTO posts (id, uuid, title, slug, comment_id, status, created_at, created_by, updated_at, updated_by, published_at)
     VALUES ('c00000000000000000000001', gen_random_uuid(), 'Due', 'due', 'c00000000000000000000001', 'scheduled', now(), $1, now(), $1, '2001-01-01'),
            ('c00000000000000000000002', gen_random_uuid(), 'Later', 'later', 'c00000000000000000000002', 'scheduled', now(), $1, now(), $1, '2999-01-01')`,
    [user.id],
  );
  await driver.exec('VACUUM ANALYZE posts');
  return () => service.close();
}

await describeOnEachDatabase(
  'the look for scheduled posts fallen due',
  fill,
  (db) => {
    /** Rows and index entries of posts read so far, by every kind of scan. */
    const rowsRead = async () => {
      // a backend hands its counts over when it goes idle, at most once a second unless told to
      await db.driver.query('SELECT pg_stat_force_next_flush()');
      const { rows } = await db.driver.query<{ n: string }>(
        `SELECT (SELECT coalesce(sum(idx_tup_read), 0) FROM pg_stat_user_indexes WHERE schemaname = current_schema() AND relname = 'posts')
              + (SELECT coalesce(seq_tup_read, 0) FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = 'posts') AS n`,
      );
      return Number(rows[0].n);
    };

    /** What `dueScheduled` finds at `now`, and how many rows and index entries of posts it read. */
    const look = async (now: string) => {
      const before = await rowsRead();
      const titles = await db.driver.transaction(async (tx) => {
        const due = await sqlPosts(tx).dueScheduled(new Date(now), 1);
        await tx.query('SELECT pg_stat_force_next_flush()');
        return due.map((post) => post.title);
      });
      return { titles, read: (await rowsRead()) - before };
    };

    it('finds the earliest post fallen due, or none, reading a few entries, not every post', async () => {
      for (const [now, titles] of [
        ['2000-06-01T00:00:00Z', []],
        ['2026-01-01T00:00:00Z', ['Due']],
        ['3000-01-01T00:00:00Z', ['Due']],
      ] as const) {
        const found = await look(now);
        expect(found.titles, now).toEqual(titles);
        // every post would be 3,002: the walk's index without its leading type, or the table
        expect(found.read, now).toBeLessThan(10);
      }
    });
  },
  // one connection for the statements on the server (the other listens): a backend's counts reach the
  // views only when it hands them over, so those of one that filled the site could land in a look
  { max: 2 },
);
