import type { PostType, TagRow } from '../rows';
import type { PostBody, PostQuery, PublicAuthor, PublicPostRelations, PublishedPage, PublishedPost, RelationChoice } from '../storage';
import type { SqlDriver } from './driver';
import { browseBody, browsePage, count, equalsAny } from './common';
import { browseSpec, browseSpecOf, searchSpec, startFrom } from './post-browse';
import { searchPage } from './search-browse';
import { postColumns } from './post-columns';
import { PUBLIC_AUTHOR_COLUMNS } from './users';

// Reads of published posts as the Content API makes them: a page is first found as ids (a walk of the
// index that covers it, migration 011, reading no body), so that the reader can take the posts it
// already holds rendered (lib/read-model) and read only the others, with their relations, by id.

/** A published post's row as read here: with its tags' and authors' ids, in order (migration 009). */
type LinkedPost = PublishedPost['row'] & { tag_ids: string[]; author_ids: string[] };

/** The ids of a page of published posts and the total they were paged from. */
export async function publishedPage(db: SqlDriver, query: PostQuery): Promise<PublishedPage> {
  if (query.search) {
    const { spec, expected } = await searchSpec(db, query);
    const page = await searchPage<{ id: string }>(db, { ...spec, select: null }, expected);
    return { ids: page.rows.map((row) => row.id), total: page.total };
  }
  const from = await startFrom(db, query);
  const page = await browsePage<{ id: string }>(db, { ...browseSpec(query, from), select: 'p.id', pageKey: undefined }, query.total);
  return { ids: page.rows.map((row) => row.id), total: page.total };
}

/** How many published posts `query` matches, as `PostStore.countPublished`. */
export async function countPublished(db: SqlDriver, query: PostQuery): Promise<number> {
  const spec = await browseSpecOf(db, { ...query, page: { limit: null, offset: 0 } });
  return count(db, browseBody(spec), spec.params);
}

/** `WHERE` and parameters of the published post of `type` with this id or slug, over `posts p`. */
export function publishedPostWhere(type: PostType, by: { id: string } | { slug: string }): { where: string; params: unknown[] } {
  const [column, value] = 'id' in by ? ['p.id', by.id] : ['p.slug', by.slug];
  return { where: `${column} = $1 AND p.type = $2 AND p.status = 'published'`, params: [value, type] };
}

/** The published post of `type` with this id or slug, as `PostStore.findPublished`. */
export async function findPublished(
  db: SqlDriver,
  type: PostType,
  by: { id: string } | { slug: string },
  bodies: readonly PostBody[],
  include: RelationChoice,
): Promise<PublishedPost | null> {
  const { where, params } = publishedPostWhere(type, by);
  const { rows } = await db.query<LinkedPost>(`SELECT ${postColumns(bodies)}, p.tag_ids, p.author_ids FROM posts p WHERE ${where}`, params);
  return (await withRelations(db, rows, include))[0] ?? null;
}

/** The published posts of `type` with these ids, in this order; one no longer published is left out. */
export async function publishedByIds(
  db: SqlDriver,
  type: PostType,
  ids: string[],
  bodies: readonly PostBody[],
  include: RelationChoice,
): Promise<PublishedPost[]> {
  if (ids.length === 0) return [];
  const params: unknown[] = [type];
  const { rows } = await db.query<LinkedPost>(
    `SELECT ${postColumns(bodies)}, p.tag_ids, p.author_ids FROM posts p WHERE p.type = $1 AND p.status = 'published' AND ${equalsAny('p.id', ids, params)}`,
    params,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withRelations(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
    include,
  );
}

/** Each post with the tags and authors `include` names, read once for all of them by the ids the posts list. */
async function withRelations(db: SqlDriver, posts: LinkedPost[], include: RelationChoice): Promise<PublishedPost[]> {
  if (posts.length === 0) return [];
  const [tags, authors] = await Promise.all([
    include.tags ? rowsById<TagRow>(db, 'tags t', 't.*', posts, 'tag_ids') : new Map<string, TagRow>(),
    include.authors ? rowsById<PublicAuthor>(db, 'users u', PUBLIC_AUTHOR_COLUMNS, posts, 'author_ids') : new Map<string, PublicAuthor>(),
  ]);
  return posts.map(({ tag_ids, author_ids, ...row }) => {
    const relations: PublicPostRelations = { tags: new Map(), authors: new Map() };
    // a tag or author deleted since the post was read is left out
    if (include.tags)
      relations.tags.set(
        row.id,
        tag_ids.flatMap((id) => tags.get(id) ?? []),
      );
    if (include.authors)
      relations.authors.set(
        row.id,
        author_ids.flatMap((id) => authors.get(id) ?? []),
      );
    return { row, relations };
  });
}

/** The rows `posts` list in `ids`, by id. `from` and `columns` are constants of this layer, never input. */
async function rowsById<R extends { id: string }>(
  db: SqlDriver,
  from: 'tags t' | 'users u',
  columns: string,
  posts: LinkedPost[],
  ids: 'tag_ids' | 'author_ids',
): Promise<Map<string, R>> {
  const wanted = [...new Set(posts.flatMap((post) => post[ids]))];
  if (wanted.length === 0) return new Map();
  const params: unknown[] = [];
  const alias = from.slice(-1);
  const { rows } = await db.query<R>(`SELECT ${columns} FROM ${from} WHERE ${equalsAny(`${alias}.id`, wanted, params)}`, params);
  return new Map(rows.map((row) => [row.id, row]));
}
