import { compileFilter } from '../../nql';
import type { PostQuery, PostRelations, PostStore } from '../storage';
import type { PostRow, PostType, PostWrite, RoleRow, TagRow, UserRow, UserWithRoles } from '../rows';
import { ConcurrentChangeError, type SqlDriver } from './driver';
import { browsePage, freeSlug, groupBy, insertSql, orderItems, setClause } from './common';
import { postFields, publicPostFields } from './filter-fields';
import { rolesOf } from './users';

const POST_COLUMNS = [
  'id', 'uuid', 'type', 'title', 'slug', 'slug_customised', 'mobiledoc', 'html', 'plaintext', 'comment_id',
  'feature_image', 'featured', 'status', 'visibility', 'reading_time', 'custom_excerpt', 'codeinjection_head',
  'codeinjection_foot', 'custom_template', 'canonical_url', 'og_image', 'og_title', 'og_description',
  'twitter_image', 'twitter_title', 'twitter_description', 'meta_title', 'meta_description', 'email_subject',
  'send_email_when_published', 'created_at', 'created_by', 'updated_at', 'updated_by', 'published_at', 'published_by',
] as const;
const WRITABLE = new Set<string>(POST_COLUMNS.filter((c) => c !== 'id'));

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

export function sqlPosts(db: SqlDriver): PostStore {
  async function one(sql: string, params: unknown[]): Promise<PostRow | null> {
    const { rows } = await db.query<PostRow>(sql, params);
    return rows[0] ?? null;
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
