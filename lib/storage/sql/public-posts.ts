import type { PostType, TagRow } from '../rows';
import type { PostBody, PostPage, PostQuery, PublicAuthor, PublicPostRelations, PublishedPost, RelationChoice } from '../storage';
import type { SqlDriver } from './driver';
import { browseBody, browsePage, equalsAny } from './common';
import { GENERATION_COLUMN, type CountMemo } from './count-memo';
import { browseSpec, startFrom } from './post-browse';
import { postColumns } from './post-columns';
import { bodiesKey, type Held, type HeldAuthor, type HeldPost, type HeldTag, type PublicMemo, type Versioned } from './public-memo';
import type { PageMemo } from './page-memo';
import { PUBLIC_AUTHOR_COLUMNS } from './users';

// Reads of published posts through the memo of public rows (public-memo.ts): each finds which posts
// it shows, and the generation, by one statement that reads no body, then takes the rows it shows
// from the memo, reading only those it lacks.

/**
 * A page of published posts with the relations `query.include` names. `query.page.limit` is a number:
 * a whole list is streamed by its ids instead.
 */
export async function publicPage(db: SqlDriver, query: PostQuery, counts: CountMemo, memo: PublicMemo, pages?: PageMemo): Promise<PostPage> {
  const { value: page, generation: read } = pages
    ? await pages.remember(db, walkKey(query), async (generation) => (await walk(db, query, counts, generation)).value)
    : await walk(db, query, counts);
  const rows = await heldPosts(db, memo, read, query.type, page.ids, query.bodies);
  const relations = await relationsOf(db, memo, read, rows, query.include ?? { tags: false, authors: false });
  return { rows, total: page.total, relations };
}

/** The ids of a page's posts and its total, with the generation they were read in. */
async function walk(db: SqlDriver, query: PostQuery, counts: CountMemo, known?: number) {
  const { from, generation } = await startFrom(db, query, counts, known);
  // only ids: the walk reads the index that covers it (migration 011), never the table's bodies
  const spec = { ...browseSpec(query, from), select: `p.id, ${GENERATION_COLUMN}`, pageKey: undefined, readsGeneration: true };
  const page = await browsePage<{ id: string }>(db, spec, counts, generation);
  return { value: { ids: page.rows.map((row) => row.id), total: page.total }, generation: page.totals!.generation };
}

/** Everything that decides which posts a page holds: its conditions, their values, order and page. */
function walkKey(query: PostQuery): string {
  const spec = browseSpec(query);
  const values = JSON.stringify([spec.params, spec.orderParams, spec.page.offset, spec.page.limit]);
  return `posts\u0000${browseBody(spec)}\u0000${spec.order.join(', ')}\u0000${values}`;
}

/** `WHERE` and parameters of the published post of `type` with this id or slug, over `posts p`. */
export function publishedPostWhere(type: PostType, by: { id: string } | { slug: string }): { where: string; params: unknown[] } {
  const [column, value] = 'id' in by ? ['p.id', by.id] : ['p.slug', by.slug];
  return { where: `${column} = $1 AND p.type = $2 AND p.status = 'published'`, params: [value, type] };
}

/** The published post of `type` with this id or slug, as `PostStore.findPublished`. */
export async function findPublished(
  db: SqlDriver,
  memo: PublicMemo,
  type: PostType,
  by: { id: string } | { slug: string },
  bodies: readonly PostBody[],
  include: RelationChoice,
  pages?: PageMemo,
): Promise<PublishedPost | null> {
  const { where, params } = publishedPostWhere(type, by);
  const { value: id, generation: read } = pages
    ? await pages.remember(db, `post\u0000${where}\u0000${JSON.stringify(params)}`, async () => {
        const { rows } = await db.query<{ id: string }>(`SELECT p.id FROM posts p WHERE ${where}`, params);
        return rows[0]?.id ?? null;
      })
    : await publishedId(db, where, params);
  if (id === null) return null;
  const [row] = await heldPosts(db, memo, read, type, [id], bodies);
  // unpublished between the two statements: as if the read had come a moment later
  if (!row) return null;
  return { row, relations: await relationsOf(db, memo, read, [row], include) };
}

/** The id of the post `where` finds, and the generation of the statement's snapshot. */
async function publishedId(db: SqlDriver, where: string, params: unknown[]): Promise<{ value: string | null; generation: number }> {
  const { rows } = await db.query<{ id: string; generation_: string | number }>(`SELECT p.id, ${GENERATION_COLUMN} FROM posts p WHERE ${where}`, params);
  // with no row there is no generation either; none is needed
  return rows[0] ? { value: rows[0].id, generation: Number(rows[0].generation_) } : { value: null, generation: -1 };
}

/**
 * The published posts with these ids, in this order, from the memo where it holds them current for
 * `generation`; the others read afresh and held. A post that is no longer published when it is
 * read is left out.
 */
async function heldPosts(
  db: SqlDriver,
  memo: PublicMemo,
  generation: number,
  type: PostType,
  ids: string[],
  bodies?: readonly PostBody[],
): Promise<HeldPost[]> {
  if (ids.length === 0) return [];
  const key = bodiesKey(bodies);
  const found = await fromMemo<HeldPost>(db, memo, generation, ids, {
    table: 'posts',
    alias: 'p',
    where: `p.type = $1 AND p.status = 'published'`,
    params: [type],
    columns: `${postColumns(bodies)}, p.tag_ids, p.author_ids`,
    get: (id) => memo.post(key, id),
    set: (row) => memo.setPost(generation, key, row),
  });
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** The tags and authors of `posts` by their ids in order, each row from the memo where it holds it. */
async function relationsOf(db: SqlDriver, memo: PublicMemo, generation: number, posts: HeldPost[], include: RelationChoice): Promise<PublicPostRelations> {
  const [tags, authors] = await Promise.all([
    include.tags ? rowsById(db, memo, generation, posts, 'tag_ids', tagRows(memo, generation)) : new Map<string, TagRow>(),
    include.authors ? rowsById(db, memo, generation, posts, 'author_ids', authorRows(memo, generation)) : new Map<string, PublicAuthor>(),
  ]);
  return {
    tags: include.tags ? linked(posts, 'tag_ids', tags) : new Map(),
    authors: include.authors ? linked(posts, 'author_ids', authors) : new Map(),
  };
}

/** Each post's rows by the ids it lists, in their order; one deleted since the post was read is left out. */
function linked<R>(posts: HeldPost[], ids: 'tag_ids' | 'author_ids', rows: Map<string, R>): Map<string, R[]> {
  const byPost = new Map<string, R[]>();
  for (const post of posts) {
    const list: R[] = [];
    for (const id of post[ids]) {
      const row = rows.get(id);
      if (row) list.push(row);
    }
    byPost.set(post.id, list);
  }
  return byPost;
}

/** Where `fromMemo` finds rows of one kind, and how the memo holds them. */
interface RowSource<R> {
  /** `posts`: a constant of this layer, never input. */
  table: 'posts' | 'tags' | 'users';
  /** The table's alias in the statements: it names the id and the version. */
  alias: 'p' | 't' | 'u';
  /** Conditions every row must meet (with `$n` in `params`), or none. */
  where?: string;
  params?: unknown[];
  /** The select list of a row read in full. */
  columns: string;
  get(id: string): Held<R> | undefined;
  set(row: R): void;
}

const tagRows = (memo: PublicMemo, generation: number): RowSource<HeldTag> => ({
  table: 'tags',
  alias: 't',
  columns: 't.*',
  get: (id) => memo.tag(id),
  set: (row) => memo.setTag(generation, row),
});

const authorRows = (memo: PublicMemo, generation: number): RowSource<HeldAuthor> => ({
  table: 'users',
  alias: 'u',
  columns: PUBLIC_AUTHOR_COLUMNS,
  get: (id) => memo.author(id),
  set: (row) => memo.setAuthor(generation, row),
});

/** The rows `posts` list in `ids`, by id. */
function rowsById<R extends { id: string } & Versioned>(
  db: SqlDriver,
  memo: PublicMemo,
  generation: number,
  posts: HeldPost[],
  ids: 'tag_ids' | 'author_ids',
  source: RowSource<R>,
): Promise<Map<string, R>> {
  const wanted = new Set<string>();
  for (const post of posts) for (const id of post[ids]) wanted.add(id);
  return fromMemo(db, memo, generation, [...wanted], source);
}

/**
 * The rows with these ids, by id: those the memo holds current for `generation` as they are; those
 * it holds from an older one if their version is still the table's (one statement for all of them,
 * reading no body); the rest read in full and held. A row `source` no longer finds is left out.
 */
async function fromMemo<R extends { id: string } & Versioned>(
  db: SqlDriver,
  memo: PublicMemo,
  generation: number,
  ids: string[],
  source: RowSource<R>,
): Promise<Map<string, R>> {
  const usable = memo.at(generation);
  const { table, alias } = source;
  const found = new Map<string, R>();
  const toCheck: Held<R>[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const held = usable ? source.get(id) : undefined;
    if (!held) missing.push(id);
    else if (held.checkedAt === generation) found.set(id, held.row);
    else toCheck.push(held);
  }
  const read = async <T>(select: string, wanted: string[]) => {
    const params = [...(source.params ?? [])];
    const where = `${source.where ? `${source.where} AND ` : ''}${equalsAny(`${alias}.id`, wanted, params)}`;
    return (await db.query<T>(`SELECT ${select}, ${alias}.xmin::text AS version_ FROM ${table} ${alias} WHERE ${where}`, params)).rows;
  };
  if (toCheck.length > 0) {
    const versions = new Map(
      (
        await read<{ id: string } & Versioned>(
          `${alias}.id`,
          toCheck.map((held) => held.row.id),
        )
      ).map((row) => [row.id, row.version_]),
    );
    for (const held of toCheck) {
      if (versions.get(held.row.id) !== held.row.version_) {
        missing.push(held.row.id);
        continue;
      }
      found.set(held.row.id, held.row);
      memo.confirm(held, generation);
    }
  }
  if (missing.length > 0) {
    for (const row of await read<R>(source.columns, missing)) {
      found.set(row.id, row);
      source.set(row);
    }
  }
  return found;
}
