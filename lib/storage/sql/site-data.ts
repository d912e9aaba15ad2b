// Whole-site reads in key order and bulk writes for Ghost-format export and import. A batch of rows is
// one statement, its rows one JSON parameter that PostgreSQL unpacks (json_populate_recordset): on
// PGlite each statement is a round trip into WebAssembly, so 200 posts cost one, not 200.
import type { SiteDataStore } from '../storage';
import { POST_META_COLUMNS, type Clash, type ExportTable, type ImportedPost, type PostLink, type RoleLink } from '../site-data-rows';
import type { TagRow, UserRow } from '../rows';
import type { SqlDriver } from './driver';
import { POST_COLUMNS, ROW_COLUMNS } from './post-columns';
import { AUTHOR_LINKS, TAG_LINKS } from './post-writes';
import { TAG_COLUMNS } from './tags';
import { USER_COLUMNS } from './users';
import { USER_FIELDS } from '../../resources/users/fields';

// everything of a user but the password hash, which no export carries (it has no `ghost` table in
// lib/resources/users/fields.ts)
const USER_EXPORT_COLUMNS = USER_FIELDS.filter((field) => 'stored' in field && 'ghost' in field).map((field) => field.name);

/** Each exported table: what is read (never a password hash), and the key rows are walked in. */
const EXPORTS: Record<ExportTable, { select: string; from: string; key: string }> = {
  posts: { select: ROW_COLUMNS.map((c) => `t.${c}`).join(', '), from: 'posts t', key: 't.id' },
  tags: { select: TAG_COLUMNS.map((c) => `t.${c}`).join(', '), from: 'tags t', key: 't.id' },
  users: { select: USER_EXPORT_COLUMNS.map((c) => `t.${c}`).join(', '), from: 'users t', key: 't.id' },
  roles: { select: 't.*', from: 'roles t', key: 't.id' },
  roles_users: { select: 't.user_id, t.role_id', from: 'roles_users t', key: `t.user_id || ' ' || t.role_id` },
  posts_tags: { select: 't.post_id, t.tag_id AS ref_id, t.sort_order', from: 'posts_tags t', key: `t.post_id || ' ' || t.tag_id` },
  posts_authors: { select: 't.post_id, t.author_id AS ref_id, t.sort_order', from: 'posts_authors t', key: `t.post_id || ' ' || t.author_id` },
};

function insertJson(table: string, columns: readonly string[], extra = ''): string {
  const list = columns.join(', ');
  return `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)${extra}
    ON CONFLICT DO NOTHING RETURNING id`;
}

async function clashes(db: SqlDriver, table: 'posts' | 'tags' | 'users', rows: Record<string, unknown>[], keys: Clash['on'][]): Promise<Clash[]> {
  if (rows.length === 0) return [];
  const found: Clash[] = [];
  for (const key of keys) {
    // emails and tag names are unique regardless of case (migrations/001)
    const folded = key === 'email' || key === 'name';
    const column = folded ? `lower(e.${key})` : `e.${key}::text`;
    const value = folded ? 'lower(x.value)' : 'x.value';
    const { rows: hits } = await db.query<Clash>(
      `SELECT x.id, e.id AS existing_id, $2::text AS on FROM json_to_recordset($1::json) AS x(id text, value text)
        JOIN ${table} e ON ${column} = ${value}`,
      [JSON.stringify(rows.map((r) => ({ id: r.id, value: r[key] }))), key],
    );
    found.push(...hits);
  }
  return found;
}

export function sqlSiteData(db: SqlDriver): SiteDataStore {
  return {
    async exportRows(table, after, limit) {
      const { select, from, key } = EXPORTS[table];
      const params: unknown[] = [limit];
      const where = after === null ? '' : `WHERE ${key} > $2`;
      if (after !== null) params.push(after);
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT ${select}, ${key} AS "export.key" FROM ${from} ${where} ORDER BY ${key} LIMIT $1`,
        params,
      );
      const last = rows.length ? (rows[rows.length - 1]['export.key'] as string) : null;
      for (const row of rows) delete row['export.key'];
      return { rows: rows as never, last };
    },
    async count(table) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${EXPORTS[table].from}`);
      return rows[0].n;
    },
    clashes: (table, rows) =>
      clashes(
        db,
        table,
        rows as unknown as Record<string, unknown>[],
        table === 'posts' ? ['id', 'uuid', 'slug'] : table === 'users' ? ['id', 'slug', 'email'] : ['id', 'slug', 'name'],
      ),
    async insertPosts(rows: ImportedPost[]) {
      if (rows.length === 0) return [];
      const { rows: inserted } = await db.query<{ id: string }>(insertJson('posts', POST_COLUMNS), [JSON.stringify(rows)]);
      return inserted.map((r) => r.id);
    },
    async insertTags(rows: TagRow[]) {
      if (rows.length === 0) return [];
      // a parent named by the file may not exist here: the tag comes without it
      const { rows: inserted } = await db.query<{ id: string }>(
        insertJson(
          'tags',
          TAG_COLUMNS.filter((c) => c !== 'parent_id'),
        ),
        [JSON.stringify(rows)],
      );
      return inserted.map((r) => r.id);
    },
    async insertUsers(rows: (UserRow & { role_id: string })[]) {
      if (rows.length === 0) return [];
      const { rows: inserted } = await db.query<{ id: string }>(insertJson('users', USER_COLUMNS), [JSON.stringify(rows)]);
      const ids = new Set(inserted.map((r) => r.id));
      const links: RoleLink[] = rows.filter((r) => ids.has(r.id)).map((r) => ({ user_id: r.id, role_id: r.role_id }));
      if (links.length) {
        await db.query(
          `INSERT INTO roles_users (user_id, role_id) SELECT user_id, role_id FROM json_populate_recordset(NULL::roles_users, $1::json) ON CONFLICT DO NOTHING`,
          [JSON.stringify(links)],
        );
      }
      return [...ids];
    },
    async link(kind, links: PostLink[]) {
      if (links.length === 0) return;
      const relation = kind === 'tags' ? TAG_LINKS : AUTHOR_LINKS;
      await db.query(
        `INSERT INTO ${relation.table} (post_id, ${relation.column}, sort_order)
          SELECT x.post_id, x.ref_id, x.sort_order FROM json_to_recordset($1::json) AS x(post_id text, ref_id text, sort_order int)
          ON CONFLICT DO NOTHING`,
        [JSON.stringify(links)],
      );
    },
    async completePosts(rows) {
      if (rows.length === 0) return;
      // one new version of each row: its relation columns and, where the file had them, its meta fields
      const keep = (c: string) => `${c} = CASE WHEN x.has_meta THEN x.${c} ELSE p.${c} END`;
      await db.query(
        `UPDATE posts p SET tag_ids = x.tag_ids, author_ids = x.author_ids, primary_tag_id = x.tag_ids[1],
            primary_author_id = x.author_ids[1], ${POST_META_COLUMNS.map(keep).join(', ')}
          FROM json_to_recordset($1::json) AS x(id text, tag_ids varchar(24)[], author_ids varchar(24)[], has_meta boolean,
            ${POST_META_COLUMNS.map((c) => `${c} text`).join(', ')})
          WHERE p.id = x.id`,
        [JSON.stringify(rows.map((row) => ({ ...row.meta, id: row.id, tag_ids: row.tagIds, author_ids: row.authorIds, has_meta: row.meta !== null })))],
      );
    },
  };
}
