import type { PostBody, PostRelations, PostStore, PublicAuthor, PublicPostRelations } from '../storage';
import type { PostRow, PostType, PostWrite, RoleRow, TagRow, UserRow, UserWithRoles } from '../rows';
import { ConcurrentChangeError, type SqlDriver } from './driver';
import { freeSlug, groupBy, insertSql, setClause } from './common';
import type { CountMemo } from './count-memo';
import { browsePostIds, browsePosts } from './post-browse';
import { POST_COLUMNS, postColumns } from './post-columns';
import { rolesOf } from './users';

const WRITABLE = new Set<string>(POST_COLUMNS.filter((c) => c !== 'id'));

const PUBLIC_AUTHOR_COLUMNS = [
  'id', 'name', 'slug', 'profile_image', 'cover_image', 'bio', 'website', 'location', 'facebook', 'twitter',
  'meta_title', 'meta_description',
] as const satisfies readonly (keyof PublicAuthor)[];

/**
 * @param memo Counts of public content, shared by the stores outside transactions (see count-memo.ts);
 *   absent inside a transaction.
 */
export function sqlPosts(db: SqlDriver, memo?: CountMemo): PostStore {
  async function one(sql: string, params: unknown[]): Promise<PostRow | null> {
    const { rows } = await db.query<PostRow>(sql, params);
    return rows[0] ?? null;
  }

  async function tagsOf(postIds: string[]): Promise<Map<string, TagRow[]>> {
    const { rows } = await db.query<TagRow & { post_id: string }>(
      `SELECT pt.post_id, t.* FROM posts_tags pt JOIN tags t ON t.id = pt.tag_id
       WHERE pt.post_id = ANY($1::text[]) ORDER BY pt.post_id, pt.sort_order`,
      [postIds],
    );
    const result = new Map<string, TagRow[]>();
    for (const [postId, list] of groupBy(rows, 'post_id')) result.set(postId, list.map(({ post_id: _, ...tag }) => tag));
    return result;
  }

  /** `columns`: the `u.` select list. */
  async function authorsOf<A extends { id: string }>(postIds: string[], columns: string): Promise<Map<string, A[]>> {
    const { rows } = await db.query<A & { post_id: string }>(
      `SELECT pa.post_id, ${columns} FROM posts_authors pa JOIN users u ON u.id = pa.author_id
       WHERE pa.post_id = ANY($1::text[]) ORDER BY pa.post_id, pa.sort_order`,
      [postIds],
    );
    const result = new Map<string, A[]>();
    for (const [postId, list] of groupBy(rows, 'post_id')) result.set(postId, list.map(({ post_id: _, ...author }) => author as unknown as A));
    return result;
  }

  async function replaceRelations(postId: string, table: 'posts_tags' | 'posts_authors', column: string, ids: string[]) {
    await db.query(`DELETE FROM ${table} WHERE post_id = $1`, [postId]);
    if (ids.length === 0) return;
    const unique = [...new Set(ids)];
    await db.query(
      `INSERT INTO ${table} (post_id, ${column}, sort_order)
       SELECT $1, x.id, x.ord - 1 FROM unnest($2::text[]) WITH ORDINALITY AS x(id, ord)`,
      [postId, unique],
    );
  }

  async function writeRelations(postId: string, tagIds?: string[], authorIds?: string[]) {
    if (tagIds) {
      await replaceRelations(postId, 'posts_tags', 'tag_id', tagIds);
      await db.query('UPDATE posts SET primary_tag_id = $2 WHERE id = $1', [postId, tagIds[0] ?? null]);
    }
    if (authorIds) {
      await replaceRelations(postId, 'posts_authors', 'author_id', authorIds);
      await db.query('UPDATE posts SET primary_author_id = $2 WHERE id = $1', [postId, authorIds[0] ?? null]);
    }
  }

  return {
    browse: (query) => browsePosts(db, query, memo),
    browseIds: (query) => browsePostIds(db, query),

    async findByIds(ids, bodies) {
      const { rows } = await db.query<PostRow>(`SELECT ${postColumns(bodies)} FROM posts p WHERE p.id = ANY($1::text[])`, [ids]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    findById(id: string, type?: PostType, bodies?: readonly PostBody[]) {
      const select = postColumns(bodies);
      return type
        ? one(`SELECT ${select} FROM posts p WHERE p.id = $1 AND p.type = $2`, [id, type])
        : one(`SELECT ${select} FROM posts p WHERE p.id = $1`, [id]);
    },

    findBySlug(slug: string, type?: PostType, bodies?: readonly PostBody[]) {
      const select = postColumns(bodies);
      return type
        ? one(`SELECT ${select} FROM posts p WHERE p.slug = $1 AND p.type = $2`, [slug, type])
        : one(`SELECT ${select} FROM posts p WHERE p.slug = $1`, [slug]);
    },

    findByIdForUpdate(id) {
      return one('SELECT * FROM posts WHERE id = $1 FOR UPDATE', [id]);
    },

    async relations(postIds, which): Promise<PostRelations> {
      const result: PostRelations = { tags: new Map(), authors: new Map() };
      if (postIds.length === 0) return result;
      const [tags, authors] = await Promise.all([
        which.tags ? tagsOf(postIds) : null,
        which.authors ? authorsOf<UserRow>(postIds, 'u.*') : null,
      ]);
      if (tags) result.tags = tags;
      if (authors) {
        // the Content API never shows roles: it asks without them and saves a query per page
        const ids = new Set([...authors.values()].flatMap((list) => list.map((a) => a.id)));
        const roles = which.roles === false ? new Map<string, RoleRow[]>() : await rolesOf(db, [...ids]);
        for (const [postId, list] of authors) {
          result.authors.set(postId, list.map((user): UserWithRoles => ({ ...user, roles: roles.get(user.id) ?? ([] as RoleRow[]) })));
        }
      }
      return result;
    },

    async publicRelations(postIds, which): Promise<PublicPostRelations> {
      if (postIds.length === 0) return { tags: new Map(), authors: new Map() };
      const columns = PUBLIC_AUTHOR_COLUMNS.map((c) => `u.${c}`).join(', ');
      const [tags, authors] = await Promise.all([
        which.tags ? tagsOf(postIds) : new Map<string, TagRow[]>(),
        which.authors ? authorsOf<PublicAuthor>(postIds, columns) : new Map<string, PublicAuthor[]>(),
      ]);
      return { tags, authors };
    },

    async insert(row: PostWrite, tagIds, authorIds) {
      let slug = row.slug;
      for (let attempt = 0; ; attempt++) {
        // ON CONFLICT DO NOTHING keeps the transaction usable when a concurrent writer took the slug first.
        const { sql, params } = insertSql('posts', { ...row, slug }, POST_COLUMNS);
        const inserted = await one(`${sql} ON CONFLICT (slug) DO NOTHING RETURNING *`, params);
        if (inserted) {
          await writeRelations(inserted.id, tagIds, authorIds);
          return (await one('SELECT * FROM posts WHERE id = $1', [inserted.id])) as PostRow;
        }
        if (attempt > 20) throw new Error('could not allocate a unique slug');
        slug = await freeSlug(db, 'posts', row.slug);
      }
    },

    async update(id, patch, tagIds, authorIds) {
      const params: unknown[] = [];
      const set = setClause(patch as Record<string, unknown>, WRITABLE, params);
      if (set) {
        params.push(id);
        await db.query(`UPDATE posts SET ${set} WHERE id = $${params.length}`, params);
      }
      await writeRelations(id, tagIds, authorIds);
      const row = await one('SELECT * FROM posts WHERE id = $1', [id]);
      if (!row) throw new ConcurrentChangeError(`post ${id} vanished during update`);
      return row;
    },

    async delete(id) {
      const { affectedRows } = await db.query('DELETE FROM posts WHERE id = $1', [id]);
      return affectedRows > 0;
    },

    freeSlug(base, exceptId) {
      return freeSlug(db, 'posts', base, exceptId);
    },

    async dueScheduled(now, limit) {
      const { rows } = await db.query<PostRow>(
        `SELECT * FROM posts WHERE status = 'scheduled' AND published_at <= $1 ORDER BY published_at, id LIMIT $2`,
        [now, limit],
      );
      return rows;
    },

    async reassignAuthor(fromUserId, toUserId) {
      // Posts the new author already co-writes keep one row; the rest move over.
      await db.query(
        `UPDATE posts_authors SET author_id = $2 WHERE author_id = $1
           AND post_id NOT IN (SELECT post_id FROM posts_authors WHERE author_id = $2)`,
        [fromUserId, toUserId],
      );
      await db.query('DELETE FROM posts_authors WHERE author_id = $1', [fromUserId]);
      await db.query(
        `UPDATE posts p SET primary_author_id = (
           SELECT pa.author_id FROM posts_authors pa WHERE pa.post_id = p.id ORDER BY pa.sort_order LIMIT 1)
         WHERE p.primary_author_id = $1 OR p.primary_author_id IS NULL`,
        [fromUserId],
      );
    },
  };
}
