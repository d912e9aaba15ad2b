import { compileFilter, relationLinks, requiredRelations, type NqlComparison, type RelationLinks } from '../../nql';
import type { BrowseResult, PostQuery } from '../storage';
import type { PostRow } from '../rows';
import type { SqlDriver } from './driver';
import { browseBody, browsePage, count, orderItems, pageRows, type BrowseSpec } from './common';
import { postFields, publicPostFields } from './filter-fields';
import { postColumns } from './post-columns';
import { searchConditions, searchQueries, type SearchQueries, type SearchRelevance } from './post-search';
import { expectedRows, searchPage, type SearchSpec } from './search-browse';

const ORDER_COLUMNS: Record<string, string> = {
  id: 'p.id',
  title: 'p.title',
  slug: 'p.slug',
  status: 'p.status',
  featured: 'p.featured',
  visibility: 'p.visibility',
  published_at: 'p.published_at',
  created_at: 'p.created_at',
  updated_at: 'p.updated_at',
  type: 'p.type',
  reading_time: 'p.reading_time',
};

/**
 * What the Content API may sort by: no column it does not show, so that the order cannot reveal
 * one (status, type, visibility are ignored like unknown fields there; reference-behaviour §7).
 */
const PUBLIC_ORDER_COLUMNS: Record<string, string> = Object.fromEntries(
  Object.entries(ORDER_COLUMNS).filter(([field]) => !['status', 'visibility', 'type'].includes(field)),
);

/** One ORDER BY item per entry: a browse walked from the end reverses each (common.ts). */
const DEFAULT_ORDER: Record<PostQuery['defaultOrder'], readonly string[]> = {
  admin: [`CASE p.status WHEN 'scheduled' THEN 0 WHEN 'draft' THEN 1 ELSE 2 END`, 'p.published_at DESC NULLS FIRST', 'p.updated_at DESC'],
  published_at: ['p.published_at DESC'],
  title: ['p.title ASC'],
};

/**
 * The default orders while searching, after the relevance, by post_search's copies of the columns where
 * it keeps them: a search that names no column of `posts` (nor its filter) is sorted and counted
 * without reading a row of `posts`, whose join PostgreSQL then leaves out.
 */
const SEARCH_DEFAULT_ORDER: Record<PostQuery['defaultOrder'], readonly string[]> = {
  admin: [`CASE s.status WHEN 'scheduled' THEN 0 WHEN 'draft' THEN 1 ELSE 2 END`, 's.published_at DESC NULLS FIRST', 'p.updated_at DESC'],
  published_at: ['s.published_at DESC'],
  title: ['p.title ASC'],
};

/** What a search reads: post_search, and the post it belongs to where a filter, an order or the page's columns need it. */
const SEARCH_FROM = 'post_search s LEFT JOIN posts p ON p.id = s.post_id';

/**
 * The conditions of a browse, and what ranks a search's matches. `from`: a comparison of the filter on
 * tags or authors that every match passes, whose linked posts the browse should start from (`startFrom`
 * says when). `queries`: the search's, as searchQueries made them.
 */
function conditions(query: PostQuery, from?: NqlComparison, queries?: SearchQueries): Pick<BrowseSpec, 'where' | 'params'> & { relevance?: SearchRelevance } {
  const params: unknown[] = [query.type];
  // a search tests what post_search keeps of each post there, so that it need not read `posts`
  const t = queries ? 's' : 'p';
  const where = [`${t}.type = $1`];
  if (query.publishedOnly) where.push(`${t}.status = 'published'`);
  const searched = queries && searchConditions(queries, Boolean(query.publishedOnly), params);
  if (searched) where.push(...searched.where);
  if (query.filter) {
    const fields = query.publishedOnly ? publicPostFields : postFields;
    where.push(`(${compileFilter(query.filter, fields, params, { now: query.now })})`);
    if (from) {
      // implied by the filter already: it only offers the planner the linked posts to start from,
      // as a list it expects to be short
      where.push(`p.id = ANY(ARRAY(${allowedPosts(relationLinks(from, fields, params, { now: query.now }))}))`);
    }
  }
  return { where, params, relevance: searched?.relevance };
}

/**
 * The ids of the posts a required comparison allows: a tag's links name them; a primary tag's posts
 * are found through the index on their key (`IN`, so that the planner sees the one tag it looks for).
 */
function allowedPosts(links: RelationLinks): string {
  return links.perOuterRow ? links.links : `SELECT p.id FROM posts p WHERE ${links.key} IN (${links.links})`;
}

/**
 * Which comparison on tags or authors (primary or any) a public browse should start from, if any. A
 * page is read by walking the posts in its order and testing each; when its filter requires a tag (or
 * an author) that few posts have, that walk crosses most of the site to find a page's worth, and finds
 * nothing for a tag on no published post (a long-tail tag's archive at 10k posts: 13 ms against 3 ms
 * for a common tag). Starting from the tag's posts instead reads those and sorts them. Reaching the
 * page's end takes about `reach × posts ÷ links` rows walking, `links` starting from the tag's posts.
 */
export async function startFrom(db: SqlDriver, query: PostQuery): Promise<NqlComparison | undefined> {
  // a search starts from the posts its index finds
  if (!query.filter || query.search) return undefined;
  const required = requiredRelations(query.filter, publicPostFields, { now: query.now });
  if (required.length === 0) return undefined;
  const posts = await postsAbout(db, query);
  const reach = query.page.offset + (query.page.limit ?? posts);
  // starting from a relation's posts pays where fewer than √(reach × posts) posts have it: counting stops there
  const enough = Math.max(1, Math.ceil(Math.sqrt(reach * posts)));
  const links = await Promise.all(
    required.map(async (node) => {
      const params: unknown[] = [];
      const allowed = allowedPosts(relationLinks(node, publicPostFields, params, { now: query.now }));
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${allowed}) l LIMIT ${enough}) bounded`, params);
      return rows[0]?.n ?? 0;
    }),
  );
  const fewest = Math.min(...links);
  return fewest < enough ? required[links.indexOf(fewest)] : undefined;
}

/** From how many posts on the table's estimate is trusted. */
const ESTIMATED_FROM = 1000;

/**
 * About how many posts a walk could cross: the table's size as PostgreSQL last measured it (ANALYZE,
 * which PGlite's upkeep and autovacuum run) on a grown site; on a small one, or one never measured
 * (-1, or 0 from when it was empty), the count of its published posts, which is cheap there.
 */
async function postsAbout(db: SqlDriver, query: PostQuery): Promise<number> {
  const { rows } = await db.query<{ estimate: number }>(`SELECT reltuples::float8 AS estimate FROM pg_class WHERE oid = 'posts'::regclass`);
  const estimate = Number(rows[0]?.estimate ?? -1);
  if (estimate >= ESTIMATED_FROM) return estimate;
  const every = conditions({ ...query, filter: undefined });
  return count(db, browseBody({ from: 'posts p', where: every.where }), every.params);
}

/** A browse of posts: a search's (search-browse.ts) has its key and what ranks its matches. */
type PostSpec = BrowseSpec & Pick<SearchSpec, 'key' | 'relevance'>;

/**
 * The select, conditions and order of a browse; of a search, with `queries` (searchQueries), also what
 * ranks its matches.
 */
export function browseSpec(query: PostQuery, from?: NqlComparison, queries?: SearchQueries): PostSpec {
  // a search read without its queries would list every post
  if (query.search && !queries) throw new Error('A search is browsed with its queries: use browseSpecOf.');
  const order = orderItems(query.order, query.publishedOnly ? PUBLIC_ORDER_COLUMNS : ORDER_COLUMNS);
  const orderParams: unknown[] = [];
  const { relevance, ...base } = conditions(query, from, queries);
  if (order.length === 0 && query.slugOrder?.length) {
    orderParams.push(query.slugOrder);
    order.push(`array_position($${base.params.length + 1}::text[], p.slug::text)`);
  }
  const select = postColumns(query.bodies);
  if (relevance && order.length === 0) {
    // while searching, the most relevant first (post-search.ts says how); then as the list is ordered when not searching
    const rest = [...SEARCH_DEFAULT_ORDER[query.defaultOrder], 's.post_id DESC'];
    const tiers = [`(${relevance.head}) DESC`, `CASE WHEN ${relevance.head} THEN ${relevance.rank} END DESC`];
    // the second tier read alone walks the list as `posts` orders it (migration 011): the same values
    // (post_search copies them in the writing transaction), so the same order
    const walk = {
      where: [`p.type = $1`, ...(query.publishedOnly ? [`p.status = 'published'`] : [])],
      order: [...DEFAULT_ORDER[query.defaultOrder], 'p.id DESC'],
    };
    return {
      from: SEARCH_FROM,
      select,
      ...base,
      order: [...tiers, ...rest],
      orderParams,
      page: query.page,
      key: 's.post_id',
      relevance: { ...relevance, rest, walk },
    };
  }
  if (relevance) return { from: SEARCH_FROM, select, ...base, order: [...order, 's.post_id DESC'], orderParams, page: query.page, key: 's.post_id' };
  if (order.length === 0) order.push(...DEFAULT_ORDER[query.defaultOrder]);
  order.push('p.id DESC');
  // A public page is a walk of the published posts by an index that also holds what common filters
  // test (migration 011): the posts a filter rejects or an offset skips are passed over in the index
  // alone. Where the walk passes over none (the first page, unfiltered), the second look-up only adds
  // its cost (~50 µs); a page that starts from a relation's posts reads few rows anyway; and a whole
  // list is no page to look up.
  const passesOver = Boolean(query.filter) || query.page.offset > 0;
  const pageKey = query.publishedOnly && passesOver && !from && query.page.limit !== null ? 'p.id' : undefined;
  return { from: 'posts p', select, ...base, order, orderParams, page: query.page, pageKey, key: 'p.id' };
}

/** `browseSpec` of `query`, whose search (if any) is first made into its queries. */
export async function browseSpecOf(db: SqlDriver, query: PostQuery, from?: NqlComparison): Promise<PostSpec> {
  return browseSpec(query, from, query.search ? await searchQueries(db, query.search) : undefined);
}

/** The spec of a search (`query.search`) and how many posts PostgreSQL expects it to find (search-browse.ts). */
export async function searchSpec(db: SqlDriver, query: PostQuery): Promise<{ spec: PostSpec; expected: number }> {
  const spec = await browseSpecOf(db, query);
  // a whole list is read as it is: nothing to decide
  const expected = query.page.limit === null ? 0 : await expectedRows(db, spec);
  return { spec, expected };
}

/** The ids of every post a browse matches, in its order, ignoring its page. */
export async function browsePostIds(db: SqlDriver, query: PostQuery): Promise<string[]> {
  const spec = await browseSpecOf(db, query);
  const rows = await pageRows<{ id: string }>(db, { ...spec, select: 'p.id', page: { limit: null, offset: 0 }, pageKey: undefined });
  return rows.map((row) => row.id);
}

/** A page of posts and its total. */
export async function browsePosts(db: SqlDriver, query: PostQuery): Promise<BrowseResult<PostRow>> {
  if (query.search) {
    const { spec, expected } = await searchSpec(db, query);
    return searchPage<PostRow>(db, spec, expected);
  }
  const from = query.publishedOnly ? await startFrom(db, query) : undefined;
  return browsePage<PostRow>(db, browseSpec(query, from), query.total);
}
