import { compileFilter } from '../../nql';
import type { PostQuery, PostRelations, PostStore } from '../storage';
import type { PostRow, PostType, RoleRow, TagRow, UserRow, UserWithRoles } from '../rows';
import type { SqlDriver } from './driver';
import { browsePage, freeSlug, groupBy, orderItems } from './common';
import { insertPost, lockWithRelations, updatePost } from './post-writes';
import { postFields, publicPostFields } from './filter-fields';
import { rolesOf, userMemo, type UserMemo } from './users';

const ORDER_COLUMNS: Record<string, string> = {
  id: 'p.id', title: 'p.title', slug: 'p.slug', status: 'p.status', featured: 'p.featured',
  visibility: 'p.visibility', published_at: 'p.published_at', created_at: 'p.created_at',
  updated_at: 'p.updated_at', type: 'p.type', reading_time: 'p.reading_time',
};

const DEFAULT_ORDER: Record<PostQuery['defaultOrder'], string> = {
  admin: `CASE p.status WHEN 'scheduled' THEN 0 WHEN 'draft' THEN 1 ELSE 2 END, p.published_at DESC NULLS FIRST, p.updated_at DESC`,
  published_at: 'p.published_at DESC',
  title: 'p.title ASC',
};

export function sqlPosts(db: SqlDriver, memo: UserMemo = userMemo()): PostStore {
  async function one(sql: string, params: unknown[]): Promise<PostRow | null> {
    const { rows } = await db.query<PostRow>(sql, params);
    return rows[0] ?? null;
  }

  return {
    async browse(query) {
      const params: unknown[] = [query.type];
      const where = ['p.type = $1'];
      if (query.publishedOnly) where.push(`p.status = 'published'`);
      if (query.filter) {
        const fields = query.publishedOnly ? publicPostFields : postFields;
        where.push(`(${compileFilter(query.filter, fields, params, { now: query.now })})`);
      }
      const order = orderItems(query.order, ORDER_COLUMNS);
      const orderParams: unknown[] = [];
      if (order.length === 0 && query.slugOrder?.length) {
        orderParams.push(query.slugOrder);
        order.push(`array_position($${params.length + 1}::text[], p.slug::text)`);
      }
      if (order.length === 0) order.push(DEFAULT_ORDER[query.defaultOrder]);
      order.push('p.id DESC');
      return browsePage<PostRow>(db, { from: 'posts p', select: 'p.*', where, params, order, orderParams, page: query.page });
    },

    findById(id: string, type?: PostType) {
      return type
        ? one('SELECT * FROM posts WHERE id = $1 AND type = $2', [id, type])
        : one('SELECT * FROM posts WHERE id = $1', [id]);
    },

    findBySlug(slug: string, type?: PostType) {
      return type
        ? one('SELECT * FROM posts WHERE slug = $1 AND type = $2', [slug, type])
        : one('SELECT * FROM posts WHERE slug = $1', [slug]);
    },

    findByIdForUpdate(id) {
      return one('SELECT * FROM posts WHERE id = $1 FOR UPDATE', [id]);
    },

    lockWithRelations(id) {
      return lockWithRelations(db, memo, id);
    },

    async relations(postIds, which): Promise<PostRelations> {
      const result: PostRelations = { tags: new Map(), authors: new Map() };
      if (postIds.length === 0) return result;
      const [tags, authors] = await Promise.all([
        which.tags
          ? db.query<TagRow & { post_id: string }>(
              `SELECT pt.post_id, t.* FROM posts_tags pt JOIN tags t ON t.id = pt.tag_id
               WHERE pt.post_id = ANY($1::text[]) ORDER BY pt.post_id, pt.sort_order`,
              [postIds],
            )
          : null,
        which.authors
          ? db.query<UserRow & { post_id: string }>(
              `SELECT pa.post_id, u.* FROM posts_authors pa JOIN users u ON u.id = pa.author_id
               WHERE pa.post_id = ANY($1::text[]) ORDER BY pa.post_id, pa.sort_order`,
              [postIds],
            )
          : null,
      ]);
      if (tags) {
        for (const [postId, rows] of groupBy(tags.rows, 'post_id')) {
          result.tags.set(postId, rows.map(({ post_id: _, ...tag }) => tag));
        }
      }
      if (authors) {
        // the Content API never shows roles: it asks without them and saves a query per page
        const roles = which.roles === false ? new Map<string, RoleRow[]>() : await rolesOf(db, [...new Set(authors.rows.map((a) => a.id))]);
        for (const [postId, rows] of groupBy(authors.rows, 'post_id')) {
          result.authors.set(
            postId,
            rows.map(({ post_id: _, ...user }): UserWithRoles => ({ ...user, roles: roles.get(user.id) ?? ([] as RoleRow[]) })),
          );
        }
      }
      return result;
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
