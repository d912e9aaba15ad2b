import type { PostBody, PostRelations, PostStore, PublicAuthor, PublicPostRelations } from '../storage';
import type { PostRow, PostType, RoleRow, TagRow, UserRow, UserWithRoles } from '../rows';
import type { SqlDriver } from './driver';
import { equalsAny, freeSlug, groupWithout } from './common';
import { browsePostIds, browsePosts } from './post-browse';
import { countPublished, findPublished, publishedByIds, publishedPage } from './public-posts';
import { postColumns } from './post-columns';
import { searchHeadlines } from './post-search';
import { AUTHOR_LINKS, insertPost, lockPost, lockWithRelations, refreshRelationIds, updatePost } from './post-writes';
import { PUBLIC_AUTHOR_COLUMNS, rolesOf, userMemo, type UserMemo } from './users';

/** @param known What this storage remembers about users across transactions (users.ts). */
export function sqlPosts(db: SqlDriver, known: UserMemo = userMemo()): PostStore {
  async function one(sql: string, params: unknown[]): Promise<PostRow | null> {
    const { rows } = await db.query<PostRow>(sql, params);
    return rows[0] ?? null;
  }

  async function tagsOf(postIds: string[]): Promise<Map<string, TagRow[]>> {
    const params: unknown[] = [];
    const { rows } = await db.query<TagRow & { post_id: string }>(
      `SELECT pt.post_id, t.* FROM posts_tags pt JOIN tags t ON t.id = pt.tag_id
       WHERE ${equalsAny('pt.post_id', postIds, params)} ORDER BY pt.post_id, pt.sort_order`,
      params,
    );
    return groupWithout(rows, 'post_id');
  }

  /** `columns`: the `u.` select list. */
  async function authorsOf<A extends { id: string }>(postIds: string[], columns: string): Promise<Map<string, A[]>> {
    const params: unknown[] = [];
    const { rows } = await db.query<A & { post_id: string }>(
      `SELECT pa.post_id, ${columns} FROM posts_authors pa JOIN users u ON u.id = pa.author_id
       WHERE ${equalsAny('pa.post_id', postIds, params)} ORDER BY pa.post_id, pa.sort_order`,
      params,
    );
    return groupWithout(rows, 'post_id') as unknown as Map<string, A[]>;
  }

  return {
    browse: (query) => browsePosts(db, query),
    publishedPage: (query) => publishedPage(db, query),
    countPublished: (query) => countPublished(db, query),
    published: (type, ids, bodies, include) => publishedByIds(db, type, ids, bodies, include),
    browseIds: (query) => browsePostIds(db, query),
    headlines: (ids, search, publishedOnly) => searchHeadlines(db, ids, search, publishedOnly),

    async findByIds(ids, bodies) {
      const params: unknown[] = [];
      const { rows } = await db.query<PostRow>(`SELECT ${postColumns(bodies)} FROM posts p WHERE ${equalsAny('p.id', ids, params)}`, params);
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

    findByUuid(uuid: string, type: PostType, bodies?: readonly PostBody[]) {
      return one(`SELECT ${postColumns(bodies)} FROM posts p WHERE p.uuid = $1 AND p.type = $2`, [uuid, type]);
    },

    findPublished: (type, by, bodies, include) => findPublished(db, type, by, bodies, include),

    findByIdForUpdate: (id) => lockPost(db, id),

    lockWithRelations(id) {
      return lockWithRelations(db, known, id);
    },

    async relations(postIds, which): Promise<PostRelations> {
      const result: PostRelations = { tags: new Map(), authors: new Map() };
      if (postIds.length === 0) return result;
      const [tags, authors] = await Promise.all([which.tags ? tagsOf(postIds) : null, which.authors ? authorsOf<UserRow>(postIds, 'u.*') : null]);
      if (tags) result.tags = tags;
      if (authors) {
        // the Content API never shows roles: it asks without them and saves a query per page
        const ids = new Set([...authors.values()].flatMap((list) => list.map((a) => a.id)));
        const roles = which.roles === false ? new Map<string, RoleRow[]>() : await rolesOf(db, [...ids]);
        for (const [postId, list] of authors) {
          result.authors.set(
            postId,
            list.map((user): UserWithRoles => ({ ...user, roles: roles.get(user.id) ?? ([] as RoleRow[]) })),
          );
        }
      }
      return result;
    },

    async publicRelations(postIds, which): Promise<PublicPostRelations> {
      if (postIds.length === 0) return { tags: new Map(), authors: new Map() };
      const [tags, authors] = await Promise.all([
        which.tags ? tagsOf(postIds) : new Map<string, TagRow[]>(),
        which.authors ? authorsOf<PublicAuthor>(postIds, PUBLIC_AUTHOR_COLUMNS) : new Map<string, PublicAuthor[]>(),
      ]);
      return { tags, authors };
    },

    insert(row, tagIds, authorIds) {
      return insertPost(db, row, tagIds, authorIds);
    },

    update(id, patch, tagIds, authorIds, current) {
      return updatePost(db, id, patch, tagIds, authorIds, current);
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
        `SELECT ${postColumns()} FROM posts p WHERE p.status = 'scheduled' AND p.published_at <= $1 ORDER BY p.published_at, p.id LIMIT $2`,
        [now, limit],
      );
      return rows;
    },

    async reassignAuthor(fromUserId, toUserId) {
      // as in a tag delete: no post gains the author between reading its posts and moving them
      await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [fromUserId]);
      const affected = await db.query<{ post_id: string }>('SELECT post_id FROM posts_authors WHERE author_id = $1', [fromUserId]);
      // Posts the new author already co-writes keep one row; the rest move over.
      await db.query(
        `UPDATE posts_authors SET author_id = $2 WHERE author_id = $1
           AND post_id NOT IN (SELECT post_id FROM posts_authors WHERE author_id = $2)`,
        [fromUserId, toUserId],
      );
      await db.query('DELETE FROM posts_authors WHERE author_id = $1', [fromUserId]);
      await refreshRelationIds(
        db,
        AUTHOR_LINKS,
        affected.rows.map((r) => r.post_id),
      );
    },
  };
}
