import { compileFilter } from '../../nql';
import type { Counted, LookupOptions, UserQuery, UserStore } from '../storage';
import type { RoleRow, UserRow, UserWithRoles } from '../rows';
import { ConcurrentChangeError, type SqlDriver } from './driver';
import { browsePage, freeSlug, matchConditions, groupBy, insertSql, orderItems, setClause } from './common';
import type { CountMemo } from './count-memo';
import { attachPostCounts, type PostLink } from './post-counts';
import { userFields } from './filter-fields';

const USER_COLUMNS = [
  'id', 'name', 'slug', 'password_hash', 'email', 'profile_image', 'cover_image', 'bio', 'website', 'location',
  'facebook', 'twitter', 'accessibility', 'status', 'locale', 'visibility', 'meta_title', 'meta_description',
  'tour', 'last_seen', 'created_at', 'updated_at',
] as const;
const WRITABLE = new Set<string>(USER_COLUMNS.filter((c) => c !== 'id'));

const ORDER_COLUMNS: Record<string, string> = {
  id: 'u.id', name: 'u.name', slug: 'u.slug', email: 'u.email', status: 'u.status',
  created_at: 'u.created_at', updated_at: 'u.updated_at', last_seen: 'u.last_seen', 'count.posts': 'count_posts',
};

const PUBLISHED_ONLY = `AND p.status = 'published'`;
const AUTHOR_POSTS: PostLink = { table: 'posts_authors', column: 'author_id' };
// a probe per user rather than EXISTS, as for tags (tags.ts says why)
const HAS_PUBLISHED_POST = `(SELECT true FROM posts_authors pa JOIN posts p ON p.id = pa.post_id WHERE pa.author_id = u.id ${PUBLISHED_ONLY} LIMIT 1) IS TRUE`;

function visible(options: LookupOptions | undefined): string {
  return options?.withPublishedPosts ? ` AND ${HAS_PUBLISHED_POST}` : '';
}

function countPostsSql(mode: 'all' | 'published'): string {
  return mode === 'all'
    ? '(SELECT count(*) FROM posts_authors pa WHERE pa.author_id = u.id)::int'
    : `(SELECT count(*) FROM posts_authors pa JOIN posts p ON p.id = pa.post_id WHERE pa.author_id = u.id ${PUBLISHED_ONLY})::int`;
}

function selectList(countPosts: 'all' | 'published' | null | undefined): string {
  return countPosts ? `u.*, ${countPostsSql(countPosts)} AS count_posts` : 'u.*';
}

/** Roles of each user, by user id. */
export async function rolesOf(db: SqlDriver, userIds: string[]): Promise<Map<string, RoleRow[]>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<RoleRow & { user_id: string }>(
    `SELECT ru.user_id, r.* FROM roles_users ru JOIN roles r ON r.id = ru.role_id WHERE ru.user_id = ANY($1::text[])`,
    [userIds],
  );
  const map = new Map<string, RoleRow[]>();
  for (const [userId, list] of groupBy(rows, 'user_id')) {
    map.set(userId, list.map(({ user_id: _, ...role }) => role));
  }
  return map;
}

/**
 * @param memo Counts of public content, shared by the stores outside transactions (see count-memo.ts);
 *   absent inside a transaction.
 */
export function sqlUsers(db: SqlDriver, memo?: CountMemo): UserStore {
  async function withRoles<T extends UserRow>(rows: T[]): Promise<(T & { roles: RoleRow[] })[]> {
    const roles = await rolesOf(db, rows.map((r) => r.id));
    return rows.map((row) => ({ ...row, roles: roles.get(row.id) ?? [] }));
  }

  async function one(sql: string, params: unknown[]): Promise<(UserWithRoles & Counted) | null> {
    const { rows } = await db.query<UserRow & Counted>(sql, params);
    if (!rows[0]) return null;
    return (await withRoles(rows))[0];
  }

  return {
    async browse(query: UserQuery) {
      const params: unknown[] = [];
      const where = query.withPublishedPosts ? [HAS_PUBLISHED_POST] : [];
      if (query.filter) {
        const fields = userFields({ publishedOnly: !!query.withPublishedPosts });
        where.push(`(${compileFilter(query.filter, fields, params, { now: query.now })})`);
      }
      const columns = query.countPosts ? ORDER_COLUMNS : { ...ORDER_COLUMNS, 'count.posts': '' };
      const order = orderItems(query.order, columns);
      if (order.length === 0) order.push('u.name ASC');
      order.push('u.id ASC');
      // a count per row is only needed to sort by it; otherwise the page's users are counted in one statement
      const sortsByCount = !!query.countPosts && (query.order ?? []).some((clause) => clause.field === 'count.posts');
      // the Content API's view is public content: its counts may come from the memo
      const { rows, total, totals } = await browsePage<UserRow & Counted>(
        db,
        { from: 'users u', select: sortsByCount ? selectList(query.countPosts) : 'u.*', where, params, order, page: query.page },
        query.withPublishedPosts ? memo : undefined,
      );
      if (query.countPosts && !sortsByCount) await attachPostCounts(db, rows, AUTHOR_POSTS, query.countPosts, totals);
      return { rows: await withRoles(rows), total };
    },

    findById(id, options) {
      return one(`SELECT ${selectList(options?.countPosts)} FROM users u WHERE u.id = $1${visible(options)}`, [id]);
    },

    findBySlug(slug, options) {
      return one(`SELECT ${selectList(options?.countPosts)} FROM users u WHERE u.slug = $1${visible(options)}`, [slug]);
    },

    findByEmail(email) {
      return one('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
    },

    async match(keys) {
      const match = matchConditions({ id: keys.id, slug: keys.slug, email: keys.email }, ['email']);
      return match ? one(`SELECT * FROM users WHERE ${match.where} LIMIT 1`, match.params) : null;
    },

    owner() {
      return one(
        `SELECT u.* FROM users u JOIN roles_users ru ON ru.user_id = u.id JOIN roles r ON r.id = ru.role_id
         WHERE r.name = 'Owner' ORDER BY u.created_at LIMIT 1`,
        [],
      );
    },

    async insert(row, roleId) {
      const { sql, params } = insertSql('users', row as unknown as Record<string, unknown>, USER_COLUMNS);
      await db.query(sql, params);
      await db.query('INSERT INTO roles_users (role_id, user_id) VALUES ($1, $2)', [roleId, row.id]);
      return (await one('SELECT * FROM users WHERE id = $1', [row.id])) as UserWithRoles;
    },

    async update(id, patch) {
      const params: unknown[] = [];
      const set = setClause(patch as Record<string, unknown>, WRITABLE, params);
      if (set) {
        params.push(id);
        await db.query(`UPDATE users SET ${set} WHERE id = $${params.length}`, params);
      }
      const row = await one('SELECT * FROM users WHERE id = $1', [id]);
      if (!row) throw new ConcurrentChangeError(`user ${id} vanished during update`);
      return row;
    },

    async setRole(userId, roleId) {
      await db.query('DELETE FROM roles_users WHERE user_id = $1', [userId]);
      await db.query('INSERT INTO roles_users (role_id, user_id) VALUES ($1, $2)', [roleId, userId]);
    },

    async delete(id) {
      const { affectedRows } = await db.query('DELETE FROM users WHERE id = $1', [id]);
      return affectedRows > 0;
    },

    freeSlug(base, exceptId) {
      return freeSlug(db, 'users', base, exceptId);
    },

    async count() {
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
      return rows[0]?.n ?? 0;
    },
  };
}
