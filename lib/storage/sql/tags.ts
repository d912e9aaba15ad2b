import { compileFilter } from '../../nql';
import type { Counted, LookupOptions, TagQuery, TagStore } from '../storage';
import type { TagRow } from '../rows';
import { ConcurrentChangeError, type SqlDriver } from './driver';
import { freeSlug, matchConditions, matchEachSql, insertSql, storedText, setClause } from './common';
import { browseCounted, type CountedTable } from './post-counts';
import { tagFields } from './filter-fields';
import { refreshRelationIds, TAG_LINKS } from './post-writes';
import { TAG_FIELDS } from '../../resources/tags/fields';
import { storedNames } from '../../resources/shared/fields';

/** The columns of `tags`, in the order of lib/resources/tags/fields.ts (which declares them). */
export const TAG_COLUMNS: readonly (keyof TagRow)[] = storedNames(TAG_FIELDS, 'write');
const WRITABLE = new Set<string>(TAG_COLUMNS.filter((c) => c !== 'id'));

const ORDER_COLUMNS: Record<string, string> = {
  id: 't.id',
  name: 't.name',
  slug: 't.slug',
  visibility: 't.visibility',
  created_at: 't.created_at',
  updated_at: 't.updated_at',
  'count.posts': 'count_posts',
};

// count.posts on the Content API: published posts, not pages, the set `posts/?filter=<relation>:<slug>` lists
const PUBLISHED_ONLY = `AND p.status = 'published' AND p.type = 'post'`;
// A probe per tag, not EXISTS: PostgreSQL would make EXISTS a semi-join over every published post's
// tags (0.1 s at 100k posts). The probe walks the tag's links in the order of their index and looks
// each post up until one is published. Written as a join, it was left to the planner, which with few
// tags of many posts each expected a match within the first rows of a scan of the whole link table
// (or of posts in id order): for a tag on drafts only there is none, and the scan read everything
// (2.3 ms per such tag at 10k posts, ten times that at 100k). A post looked up per link, and an ORDER
// BY only the index gives for free, leave it one plan.
const HAS_PUBLISHED_POST = `(SELECT true FROM posts_tags pt WHERE pt.tag_id = t.id
  AND (SELECT p.status FROM posts p WHERE p.id = pt.post_id) = 'published' ORDER BY pt.post_id LIMIT 1) IS TRUE`;

export function countPostsSql(mode: 'all' | 'published'): string {
  return mode === 'all'
    ? '(SELECT count(*) FROM posts_tags pt WHERE pt.tag_id = t.id)::int'
    : `(SELECT count(*) FROM posts_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_id = t.id ${PUBLISHED_ONLY})::int`;
}

function selectList(countPosts: 'all' | 'published' | null | undefined): string {
  return countPosts ? `t.*, ${countPostsSql(countPosts)} AS count_posts` : 't.*';
}

const TABLE: CountedTable = { from: 'tags t', alias: 't', orderColumns: ORDER_COLUMNS, link: { table: 'posts_tags', column: 'tag_id' } };

function visible(options: LookupOptions | undefined): string {
  return options?.withPublishedPosts ? ` AND ${HAS_PUBLISHED_POST}` : '';
}

/** The one key every set gives alone (each set then matches at most one tag, all keys being unique). */
function uniformKey(sets: { id?: string; slug?: string; name?: string }[]): 'id' | 'slug' | 'name' | null {
  for (const key of ['slug', 'name', 'id'] as const) {
    if (sets.every((set) => Object.values(set).filter((v) => v !== undefined).length === 1 && set[key] !== undefined)) return key;
  }
  return null;
}

export function sqlTags(db: SqlDriver): TagStore {
  async function one(sql: string, params: unknown[]) {
    const { rows } = await db.query<TagRow & Counted>(sql, params);
    return rows[0] ?? null;
  }

  return {
    async browse(query: TagQuery) {
      const params: unknown[] = [];
      const where = query.withPublishedPosts ? [HAS_PUBLISHED_POST] : [];
      if (query.filter) {
        const fields = tagFields({ publishedOnly: !!query.withPublishedPosts });
        where.push(`(${compileFilter(query.filter, fields, params, { now: query.now })})`);
      }
      return browseCounted<TagRow & Counted>(db, TABLE, query, where, params);
    },

    findById(id, options) {
      return one(`SELECT ${selectList(options?.countPosts)} FROM tags t WHERE t.id = $1${visible(options)}`, [id]);
    },

    findBySlug(slug, options) {
      return one(`SELECT ${selectList(options?.countPosts)} FROM tags t WHERE t.slug = $1${visible(options)}`, [slug]);
    },

    async match(keys) {
      const match = matchConditions({ id: keys.id, slug: keys.slug, name: keys.name }, ['name']);
      return match ? one(`SELECT * FROM tags WHERE ${match.where} LIMIT 1`, match.params) : null;
    },

    async matchEach(keySets) {
      const found: (TagRow | null)[] = keySets.map(() => null);
      const sets = keySets.map((k) => ({ id: k.id, slug: k.slug, name: k.name }));
      // the usual request names every tag the same way (all by slug, or all by name): one statement
      // over the list, which PostgreSQL plans faster than a branch per reference
      const key = uniformKey(sets);
      let rows: (TagRow & { ord: number })[];
      if (key === 'slug' || key === 'id') {
        // plain equality: which reference a row answers can be told here, with the text as stored
        const values = sets.map((set) => storedText(set[key] as string));
        const { rows: tags } = await db.query<TagRow>(`SELECT * FROM tags WHERE ${key} = ANY($1::text[])`, [values]);
        const byKey = new Map(tags.map((tag) => [tag[key], tag]));
        values.forEach((value, ord) => (found[ord] = byKey.get(value) ?? null));
        return found;
      } else if (key === 'name') {
        // lower() is PostgreSQL's (it depends on the database's locale): the join tells which reference matched
        ({ rows } = await db.query<TagRow & { ord: number }>(
          `SELECT (k.ord - 1)::int AS ord, t.* FROM unnest($1::text[]) WITH ORDINALITY AS k(value, ord) JOIN tags t ON lower(t.name) = lower(k.value)`,
          [sets.map((set) => set.name)],
        ));
      } else {
        const params: unknown[] = [];
        const lookups = matchEachSql('tags', sets, ['name'], params);
        if (!lookups) return found;
        ({ rows } = await db.query<TagRow & { ord: number }>(`SELECT m.ord, t.* FROM (${lookups}) m JOIN tags t ON t.id = m.id`, params));
      }
      for (const { ord, ...tag } of rows) found[ord] = tag;
      return found;
    },

    async insertOrGetByName(row) {
      let slug = row.slug;
      for (let attempt = 0; attempt < 20; attempt++) {
        const { sql, params } = insertSql('tags', { ...row, slug }, TAG_COLUMNS);
        const inserted = await one(`${sql} ON CONFLICT DO NOTHING RETURNING *`, params);
        if (inserted) return inserted;
        const existing = await one('SELECT * FROM tags WHERE lower(name) = lower($1)', [row.name]);
        if (existing) return existing;
        slug = await freeSlug(db, 'tags', row.slug);
      }
      throw new Error('could not allocate a unique tag slug');
    },

    async insert(row) {
      const { sql, params } = insertSql('tags', row as unknown as Record<string, unknown>, TAG_COLUMNS);
      return (await one(`${sql} RETURNING *`, params)) as TagRow;
    },

    async update(id, patch) {
      const params: unknown[] = [];
      const set = setClause(patch as Record<string, unknown>, WRITABLE, params);
      if (set) {
        params.push(id);
        await db.query(`UPDATE tags SET ${set} WHERE id = $${params.length}`, params);
      }
      const row = await one('SELECT * FROM tags WHERE id = $1', [id]);
      if (!row) throw new ConcurrentChangeError(`tag ${id} vanished during update`);
      return row;
    },

    async delete(id) {
      // The lock waits for writers still linking posts to the tag and keeps new ones out, so the posts
      // read next are all the posts whose mirrored tag ids the delete changes.
      await db.query('SELECT 1 FROM tags WHERE id = $1 FOR UPDATE', [id]);
      const affected = await db.query<{ post_id: string }>('SELECT post_id FROM posts_tags WHERE tag_id = $1', [id]);
      const { affectedRows } = await db.query('DELETE FROM tags WHERE id = $1', [id]);
      await refreshRelationIds(
        db,
        TAG_LINKS,
        affected.rows.map((r) => r.post_id),
      );
      return affectedRows > 0;
    },

    freeSlug(base, exceptId) {
      return freeSlug(db, 'tags', base, exceptId);
    },

    async postIds(tagId) {
      const { rows } = await db.query<{ post_id: string }>('SELECT post_id FROM posts_tags WHERE tag_id = $1', [tagId]);
      return rows.map((r) => r.post_id);
    },
  };
}
