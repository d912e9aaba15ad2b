// The write side of posts: each write is one statement where it can be, because on PGlite every
// statement costs a round trip into WebAssembly whatever it does.
import type { PostWithRelations } from '../storage';
import type { PostRow, PostWrite, TagRow, UserRow } from '../rows';
import { ConcurrentChangeError, type SqlDriver } from './driver';
import { equalsAny, freeSlug, insertSql, setClause, storedText } from './common';
import { postColumns, ROW_COLUMNS } from './post-columns';
import { ROLE_IDS, rolesFromIds, type UserMemo, type WithRoleIds } from './users';

/** The arrays of related ids kept beside the link rows (migrations/009); written with the links, never read into a row. */
const RELATION_IDS = ['tag_ids', 'author_ids'] as const;
const WRITABLE = new Set<string>([...ROW_COLUMNS.filter((c) => c !== 'id'), ...RELATION_IDS]);

/**
 * Reading a row back costs more than writing it on PGlite (a post's body is parsed out of the
 * protocol again): a write returns only its timestamps, which the database may round, and the row is
 * completed from the values sent, text as it is stored.
 */
const RETURNED = 'created_at, updated_at, published_at';
type Returned = Pick<PostRow, 'created_at' | 'updated_at' | 'published_at'>;

function asStored(values: Record<string, unknown>, returned: Returned): PostRow {
  const row: Record<string, unknown> = {};
  for (const column of ROW_COLUMNS) {
    const value = values[column] ?? null;
    row[column] = typeof value === 'string' ? storedText(value) : value;
  }
  return Object.assign(row, returned) as unknown as PostRow;
}

/** How often an insert looks for another free slug after losing a race for one. */
const SLUG_RETRIES = 21;
/** The advisory lock (for the transaction) that writers hold while looking for a free slug after a clash. */
const SLUG_LOCK = 'pressroom:posts.slug';

/** A link table of posts and the columns of posts that mirror it. */
interface Relation {
  table: 'posts_tags' | 'posts_authors';
  column: 'tag_id' | 'author_id';
  ids: (typeof RELATION_IDS)[number];
  primary: 'primary_tag_id' | 'primary_author_id';
}
export const TAG_LINKS: Relation = { table: 'posts_tags', column: 'tag_id', ids: 'tag_ids', primary: 'primary_tag_id' };
export const AUTHOR_LINKS: Relation = { table: 'posts_authors', column: 'author_id', ids: 'author_ids', primary: 'primary_author_id' };

/** A CTE that attaches `ids` (a text[] parameter), in order, to the post the CTE `post` returned. */
function attach(name: string, { table, column }: Relation, ids: string, onConflict = ''): string {
  return `${name} AS (INSERT INTO ${table} (post_id, ${column}, sort_order)
    SELECT post.id, x.id, x.ord - 1 FROM post, unnest(${ids}::text[]) WITH ORDINALITY AS x(id, ord)${onConflict})`;
}

/**
 * CTEs that make the post's list exactly `ids`, in order. The rows that go and the rows that stay or
 * come are disjoint, so the delete and the upsert never touch the same row in the one statement.
 */
function replace(name: string, relation: Relation, postId: string, ids: string): string[] {
  const { table, column } = relation;
  return [
    `${name}_gone AS (DELETE FROM ${table} WHERE post_id = ${postId} AND ${column} <> ALL(${ids}::text[]))`,
    attach(`${name}_kept`, relation, ids, ` ON CONFLICT (post_id, ${column}) DO UPDATE SET sort_order = EXCLUDED.sort_order`),
  ];
}

/**
 * Inserts a post with its tags and authors in one statement. The slug is tried as given; only when it
 * is taken (also by a concurrent insert, which ON CONFLICT waits for) is a free one looked for.
 */
export async function insertPost(db: SqlDriver, row: PostWrite, tagIds: string[], authorIds: string[]): Promise<PostRow> {
  const tags = [...new Set(tagIds)];
  const authors = [...new Set(authorIds)];
  let slug = row.slug;
  for (let attempt = 0; ; attempt++) {
    const values: Record<string, unknown> = {
      ...row,
      slug,
      primary_tag_id: tags[0] ?? null,
      primary_author_id: authors[0] ?? null,
      tag_ids: tags,
      author_ids: authors,
    };
    // a column left out is NULL (every nullable column of posts defaults to NULL), and each value less
    // is one less for PGlite to describe, bind and check
    const columns = [...ROW_COLUMNS.filter((column) => values[column] != null), ...RELATION_IDS];
    const { sql, params } = insertSql('posts', values, columns);
    params.push(tags, authors);
    const { rows } = await db.query<Returned>(
      `WITH post AS (${sql} ON CONFLICT (slug) DO NOTHING RETURNING id, ${RETURNED}),
       ${attach('tags', TAG_LINKS, `$${params.length - 1}`)},
       ${attach('authors', AUTHOR_LINKS, `$${params.length}`)}
       SELECT ${RETURNED} FROM post`,
      params,
    );
    if (rows[0]) return asStored(values, rows[0]);
    if (attempt >= SLUG_RETRIES) throw new Error('could not allocate a unique slug');
    // Writers that lost the slug take turns finding the next free one: each sees the slug the one
    // before took, where together they would all choose the same one again (100 at once on PostgreSQL).
    if (attempt === 0) await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [SLUG_LOCK]);
    slug = await freeSlug(db, 'posts', row.slug);
  }
}

/**
 * Updates the given columns and, when given, replaces the tag and author lists: one statement. With
 * `current` (the row as this transaction locked it) the row is not read back.
 */
export async function updatePost(
  db: SqlDriver,
  id: string,
  patch: Partial<PostWrite>,
  tagIds?: string[],
  authorIds?: string[],
  current?: PostRow,
): Promise<PostRow> {
  const values: Record<string, unknown> = { ...patch };
  const tags = tagIds && [...new Set(tagIds)];
  const authors = authorIds && [...new Set(authorIds)];
  if (tags) Object.assign(values, { primary_tag_id: tags[0] ?? null, tag_ids: tags });
  if (authors) Object.assign(values, { primary_author_id: authors[0] ?? null, author_ids: authors });
  const params: unknown[] = [];
  const set = setClause(values, WRITABLE, params);
  params.push(id);
  const postId = `$${params.length}`;
  const ctes = [
    set
      ? `post AS (UPDATE posts p SET ${set} WHERE p.id = ${postId} RETURNING ${current ? `p.id, ${RETURNED}` : postColumns()})`
      : `post AS (SELECT ${postColumns()} FROM posts p WHERE p.id = ${postId})`,
  ];
  if (tags) {
    params.push(tags);
    ctes.push(...replace('tags', TAG_LINKS, postId, `$${params.length}`));
  }
  if (authors) {
    params.push(authors);
    ctes.push(...replace('authors', AUTHOR_LINKS, postId, `$${params.length}`));
  }
  const known = current && set;
  const { rows } = await db.query<PostRow>(`WITH ${ctes.join(',\n')} SELECT ${known ? RETURNED : '*'} FROM post`, params);
  if (!rows[0]) throw new ConcurrentChangeError(`post ${id} vanished during update`);
  if (!known) return rows[0];
  const after: Record<string, unknown> = { ...current };
  for (const [column, value] of Object.entries(values)) if (value !== undefined && WRITABLE.has(column)) after[column] = value;
  return asStored(after, rows[0]);
}

/**
 * Reads the mirrored columns of the given posts (the related ids and the first of them) again from the
 * link rows, after links changed other than through insertPost and updatePost: a tag deleted, an
 * author's posts handed to another.
 */
export async function refreshRelationIds(db: SqlDriver, { table, column, ids, primary }: Relation, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  const linked = `FROM ${table} l WHERE l.post_id = p.id ORDER BY l.sort_order`;
  const params: unknown[] = [];
  await db.query(
    `UPDATE posts p SET ${ids} = ARRAY(SELECT l.${column} ${linked}), ${primary} = (SELECT l.${column} ${linked} LIMIT 1)
      WHERE ${equalsAny('p.id', postIds, params)}`,
    params,
  );
}

/** Tags and authors (with roles) of one post, in order. */
export async function relationsOf(db: SqlDriver, memo: UserMemo, postId: string): Promise<Omit<PostWithRelations, 'row'>> {
  const tags = await db.query<TagRow>('SELECT t.* FROM posts_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = $1 ORDER BY pt.sort_order', [postId]);
  const authors = await db.query<WithRoleIds<UserRow>>(
    `SELECT u.*, ${ROLE_IDS} FROM posts_authors pa JOIN users u ON u.id = pa.author_id WHERE pa.post_id = $1 ORDER BY pa.sort_order`,
    [postId],
  );
  return { tags: tags.rows, authors: await rolesFromIds(db, memo, authors.rows) };
}

/** Locks the post for the rest of the transaction and reads it. */
export async function lockPost(db: SqlDriver, id: string): Promise<PostRow | null> {
  const { rows } = await db.query<PostRow>(`SELECT ${postColumns()} FROM posts p WHERE p.id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/** Locks the post for the rest of the transaction and reads it with its relations. */
export async function lockWithRelations(db: SqlDriver, memo: UserMemo, id: string): Promise<PostWithRelations | null> {
  const row = await lockPost(db, id);
  return row && { row, ...(await relationsOf(db, memo, id)) };
}
