import type { Counted } from '../storage';
import type { SqlDriver } from './driver';
import { GENERATION_COLUMN, type Totals } from './count-memo';

/** A link table from posts to tags or authors. */
export interface PostLink {
  /** `posts_tags`: a constant of this layer, never input. */
  table: 'posts_tags' | 'posts_authors';
  /** The column naming the tag or author. */
  column: 'tag_id' | 'author_id';
}

/**
 * Sets `count_posts` on each row (a tag or an author) from one statement over its posts, or only its
 * published posts. Published counts are public content: with `totals` they come from, and go to, the memo.
 */
export async function attachPostCounts(
  db: SqlDriver,
  rows: ({ id: string } & Counted)[],
  link: PostLink,
  mode: 'all' | 'published',
  totals?: Totals,
): Promise<void> {
  const memoised = mode === 'published' ? totals : undefined;
  const key = (id: string) => `published posts ${link.table} ${id}`;
  const missing = rows.filter((row) => {
    row.count_posts = memoised?.memo.get(key(row.id), memoised.generation);
    return row.count_posts === undefined;
  });
  if (missing.length === 0) return;
  const { rows: counts } = await db.query<{ id: string; n: number; generation_: string | number }>(
    `SELECT l.${link.column} AS id, count(*)::int AS n, ${GENERATION_COLUMN} FROM ${link.table} l
     ${mode === 'published' ? `JOIN posts p ON p.id = l.post_id AND p.status = 'published'` : ''}
     WHERE l.${link.column} = ANY($1::text[]) GROUP BY l.${link.column}`,
    [missing.map((row) => row.id)],
  );
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  for (const row of missing) row.count_posts = byId.get(row.id) ?? 0;
  // each row of the statement carries its snapshot's generation; with no row there is none to file the zeros under
  if (memoised && counts[0]) {
    const generation = Number(counts[0].generation_);
    for (const row of missing) memoised.memo.set(key(row.id), generation, row.count_posts ?? 0);
  }
}
