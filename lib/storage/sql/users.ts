import { compileFilter } from '../../nql';
import type { Counted, LookupOptions, PublicAuthor, UserQuery, UserStore } from '../storage';
import type { RoleRow, UserRow, UserWithRoles } from '../rows';
import { ConcurrentChangeError, type SqlDriver } from './driver';
import { equalsAny, freeSlug, matchConditions, matchEachSql, groupWithout, insertSql, setClause } from './common';
import { browseCounted, type CountedTable } from './post-counts';
import { userFields } from './filter-fields';
import { USER_FIELDS } from '../../resources/users/fields';
import { shown, storedNames } from '../../resources/shared/fields';

/** The columns of `users`, in the order of lib/resources/users/fields.ts (which declares them). */
export const USER_COLUMNS: readonly (keyof UserRow)[] = storedNames(USER_FIELDS, 'write');
const WRITABLE = new Set<string>(USER_COLUMNS.filter((c) => c !== 'id'));

/** The columns of an author the Content API shows (fields.ts), as a `u.` select list. */
export const PUBLIC_AUTHOR_COLUMNS = USER_FIELDS.filter((field) => 'stored' in field && shown(field, 'content', 'v2'))
  .map((field) => `u.${field.name}`)
  .join(', ');

const ORDER_COLUMNS: Record<string, string> = {
  id: 'u.id',
  name: 'u.name',
  slug: 'u.slug',
  email: 'u.email',
  status: 'u.status',
  created_at: 'u.created_at',
  updated_at: 'u.updated_at',
  last_seen: 'u.last_seen',
  'count.posts': 'count_posts',
};

// count.posts on the Content API: published posts, not pages, the set `posts/?filter=<relation>:<slug>` lists
const PUBLISHED_ONLY = `AND p.status = 'published' AND p.type = 'post'`;
// a probe per user, written as the one per tag (tags.ts says why)
const HAS_PUBLISHED_POST = `(SELECT true FROM posts_authors pa WHERE pa.author_id = u.id
  AND (SELECT p.status FROM posts p WHERE p.id = pa.post_id) = 'published' ORDER BY pa.post_id LIMIT 1) IS TRUE`;

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

const TABLE: CountedTable = {
  from: 'users u',
  alias: 'u',
  orderColumns: ORDER_COLUMNS,
  privateOrder: ['email', 'status', 'last_seen'],
  link: { table: 'posts_authors', column: 'author_id' },
};

/** Roles of each user, by user id. */
export async function rolesOf(db: SqlDriver, userIds: string[]): Promise<Map<string, RoleRow[]>> {
  if (userIds.length === 0) return new Map();
  const params: unknown[] = [];
  const { rows } = await db.query<RoleRow & { user_id: string }>(
    `SELECT ru.user_id, r.* FROM roles_users ru JOIN roles r ON r.id = ru.role_id WHERE ${equalsAny('ru.user_id', userIds, params)}`,
    params,
  );
  return groupWithout(rows, 'user_id');
}

/** What a storage remembers about users and roles from one transaction to the next. */
export interface UserMemo {
  ownerId: string | null;
  roles: Map<string, RoleRow> | null;
}

export function userMemo(): UserMemo {
  return { ownerId: null, roles: null };
}

/**
 * The ids of the user's roles, next to `u.*`: with {@link rolesFromIds} a user and their roles come in one
 * statement that PostgreSQL plans about as fast as the user alone, where joining roles_users and roles
 * is planned anew each time (on PGlite the bigger part of such a statement's cost).
 */
export const ROLE_IDS = 'ARRAY(SELECT ru.role_id FROM roles_users ru WHERE ru.user_id = u.id) AS "role.ids"';

export type WithRoleIds<T> = T & { 'role.ids': string[] };

/**
 * Users with their roles from rows of `u.*, ROLE_IDS`. The roles themselves are read once per storage:
 * only migrations write that table (with fixed ids), and an id not known yet reads it again.
 */
export async function rolesFromIds<T extends UserRow>(db: SqlDriver, memo: UserMemo, rows: WithRoleIds<T>[]): Promise<(T & { roles: RoleRow[] })[]> {
  if (rows.some((row) => row['role.ids'].some((id) => !memo.roles?.has(id)))) {
    const { rows: roles } = await db.query<RoleRow>('SELECT * FROM roles');
    memo.roles = new Map(roles.map((role) => [role.id, role]));
  }
  const byId = memo.roles ?? new Map<string, RoleRow>();
  return rows.map(({ 'role.ids': ids, ...user }) => ({
    ...(user as unknown as T),
    roles: ids.flatMap((id) => {
      const role = byId.get(id);
      return role ? [{ ...role }] : [];
    }),
  }));
}

const OWNER = `SELECT u.* FROM users u JOIN roles_users ru ON ru.user_id = u.id JOIN roles r ON r.id = ru.role_id
  WHERE r.name = 'Owner' ORDER BY u.created_at LIMIT 1`;

/** @param known What this storage remembers about users across transactions. */
export function sqlUsers(db: SqlDriver, known: UserMemo = userMemo()): UserStore {
  async function withRoles<T extends UserRow>(rows: T[]): Promise<(T & { roles: RoleRow[] })[]> {
    const roles = await rolesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({ ...row, roles: roles.get(row.id) ?? [] }));
  }

  /** The user `sql` selects (at most one), read with its roles in the same statement. */
  async function one(sql: string, params: unknown[]): Promise<(UserWithRoles & Counted) | null> {
    const { rows } = await db.query<WithRoleIds<UserRow & Counted>>(`SELECT u.*, ${ROLE_IDS} FROM (${sql}) u`, params);
    return (await rolesFromIds(db, known, rows))[0] ?? null;
  }

  /** A page of users (`columns`: the select list), as the query filters and orders them. */
  function browseUsers<R extends { id: string } & Counted>(query: UserQuery, columns?: string) {
    const params: unknown[] = [];
    const where = query.withPublishedPosts ? [HAS_PUBLISHED_POST] : [];
    if (query.filter) {
      const fields = userFields({ publishedOnly: !!query.withPublishedPosts });
      where.push(`(${compileFilter(query.filter, fields, params, { now: query.now })})`);
    }
    return browseCounted<R>(db, TABLE, query, where, params, columns);
  }

  return {
    async browse(query: UserQuery) {
      const { rows, total } = await browseUsers<UserRow & Counted>(query);
      return { rows: await withRoles(rows), total };
    },

    browseAuthors(query) {
      return browseUsers<PublicAuthor & Counted>({ ...query, withPublishedPosts: true }, PUBLIC_AUTHOR_COLUMNS);
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

    async matchEach(keySets) {
      const params: unknown[] = [];
      const lookups = matchEachSql(
        'users',
        keySets.map((k) => ({ id: k.id, slug: k.slug, email: k.email })),
        ['email'],
        params,
      );
      const found: (UserWithRoles | null)[] = keySets.map(() => null);
      if (!lookups) return found;
      const { rows } = await db.query<WithRoleIds<UserRow & { ord: number }>>(
        `SELECT m.ord, u.*, ${ROLE_IDS} FROM (${lookups}) m JOIN users u ON u.id = m.id`,
        params,
      );
      for (const { ord, ...user } of await rolesFromIds(db, known, rows)) found[ord] = user;
      return found;
    },

    async owner() {
      // The Owner is made once, at setup, and can be neither deleted nor given another role: who it is
      // is remembered, which spares the search by role. What is read is still checked to be the Owner
      // (a database changed underneath is searched afresh).
      if (known.ownerId) {
        const user = await one('SELECT * FROM users WHERE id = $1', [known.ownerId]);
        if (user?.roles.some((role) => role.name === 'Owner')) return user;
      }
      const owner = await one(OWNER, []);
      known.ownerId = owner?.id ?? null;
      return owner;
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
