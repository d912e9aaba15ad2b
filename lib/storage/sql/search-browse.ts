import type { BrowseResult } from '../storage';
import type { SqlDriver } from './driver';
import { browseBody, count, pageRows, pageSql, sortValues, type BrowseSpec } from './common';
import type { SearchRelevance } from './post-search';

// A page of a search and its total.
//
// Every match of a search is a post whose vector the GIN index lists under each term: to count them
// PostgreSQL builds a bitmap of every entry and reads the row of every match (there is no count from
// the index alone), ~0.12 µs an entry and ~0.4 µs a match in PGlite. That is nothing for a search that
// finds a few thousand posts, and 22 ms for a common word in 37,000 of 100,000 (bench/README.md,
// "Search"), where a page of it needs 15 rows. So, as search engines do (Elasticsearch stops counting at
// 10,000, Meilisearch estimates), a search that PostgreSQL expects to find more than `EXACT_UP_TO` posts
// is not counted: its total is PostgreSQL's estimate, from the statistics ANALYZE keeps of the words in
// the index, made exact on the page where the list ends. Its page is then read as its order walks:
// the posts that match in `head` (few: titles are short) ranked through their own GIN index (migration
// 022), then the others in the list's order, walking the published posts' index (migration 011) and
// testing each post until the page is full, which at one post in twenty or more is quicker than
// finding them all.

/** Up to how many expected matches a search's total is counted, not estimated. */
export const EXACT_UP_TO = 5000;

export interface SearchSpec extends Omit<BrowseSpec, 'select'> {
  /** The columns of each row; null for the page's keys alone, as `id` (the Content API reads its posts by id). */
  select: string | null;
  /** The unique column of the matches (`s.post_id`). */
  key: string;
  /**
   * With the relevance order (no `order` given): what ranks a match, and the order after the two tiers
   * (`rest`), which `order` then ends with (post-browse.ts); `walk`: the same order over `posts`, and
   * conditions that let its index give it, for reading the second tier alone.
   */
  relevance?: SearchRelevance & { rest: string[]; walk: { where: string[]; order: string[] } };
}

/** How many rows PostgreSQL expects `spec` to match: its plan's estimate, made without running it. */
export async function expectedRows(db: SqlDriver, spec: SearchSpec): Promise<number> {
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) SELECT 1 ${browseBody(spec)}`, spec.params);
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  // a plan without an estimate: counted, which is always right
  return Number(parsed?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The statement reading the rows of `page` (a statement of the page's `key_`, its sort values and
 * `more`), in `order` (over `page_`): the columns of `select`, or the keys alone.
 */
function rowsOf(spec: SearchSpec, page: string, order: string, more = ''): string {
  if (spec.select === null) return `SELECT page_.key_ AS id${more} FROM (${page}) page_ ORDER BY ${order}`;
  return `SELECT ${spec.select}${more} FROM ${spec.from} JOIN (${page}) page_ ON ${spec.key} = page_.key_ ORDER BY ${order}`;
}

/**
 * A page and its exact total in one statement: the page's keys with `count(*) OVER ()`, counted over
 * every match before the page is cut from them (a count apart would test every match a second time).
 * Only a page past the end, which has no row to carry the total, is counted apart.
 */
async function countedPage<R>(db: SqlDriver, spec: SearchSpec): Promise<BrowseResult<R>> {
  // Each match's sort values are worked out below the count (OFFSET 0 keeps that subquery apart): the
  // count keeps every match it counts in memory, and with the rows' own columns (the ranking vector)
  // 37,000 matches passed work_mem and went to disk.
  const { values, sorted, columns } = sortValues(spec.order);
  const page = `SELECT key_, ${columns}, count(*) OVER ()::int AS total_ FROM (SELECT ${spec.key} AS key_, ${values} ${browseBody(spec)} OFFSET 0) m_
    ORDER BY ${sorted()}${pageSql(spec.page)}`;
  const { rows } = await db.query<R & { total_?: number }>(rowsOf(spec, page, sorted('page_'), ', page_.total_'), [
    ...spec.params,
    ...(spec.orderParams ?? []),
  ]);
  if (rows.length === 0) return { rows, total: spec.page.offset === 0 ? 0 : await count(db, browseBody(spec), spec.params) };
  const total = Number(rows[0].total_);
  for (const row of rows) delete row.total_;
  return { rows, total };
}

/**
 * The page of the relevance order without working out the rest of it: the page's worth of each tier,
 * each read by its own index in its own order, then put together. `offset + limit` rows of each.
 */
async function tieredRows<R>(db: SqlDriver, spec: SearchSpec, relevance: NonNullable<SearchSpec['relevance']>): Promise<R[]> {
  const reach = { limit: spec.page.offset + (spec.page.limit ?? 0), offset: 0 };
  const rest = sortValues(relevance.rest);
  const where = (conditions: string[]) => browseBody({ from: spec.from, where: conditions });
  // the head's own index finds the first tier: the body's, which finds every match, is not asked
  const inHead = `SELECT ${spec.key} AS key_, 0 AS tier_, ${relevance.rank} AS rank_, ${rest.values} ${where([...spec.where.filter((c) => c !== relevance.match), relevance.head])}
    ORDER BY ${relevance.rank} DESC, ${relevance.rest.join(', ')}${pageSql(reach)}`;
  const inBody = `SELECT ${spec.key} AS key_, 1 AS tier_, NULL::real AS rank_, ${sortValues(relevance.walk.order).values} ${where([...spec.where, ...relevance.walk.where, `NOT (${relevance.head})`])}
    ORDER BY ${relevance.walk.order.join(', ')}${pageSql(reach)}`;
  const page = `SELECT * FROM ((${inHead}) UNION ALL (${inBody})) t_ ORDER BY tier_, rank_ DESC, ${rest.sorted()}${pageSql(spec.page)}`;
  const { rows } = await db.query<R>(rowsOf(spec, page, `page_.tier_, page_.rank_ DESC, ${rest.sorted('page_')}`), [
    ...spec.params,
    ...(spec.orderParams ?? []),
  ]);
  return rows;
}

/** The rows of a page of `spec` in its own order, as a walk or a look-up finds them (PostgreSQL chooses). */
function orderedRows<R>(db: SqlDriver, spec: SearchSpec): Promise<R[]> {
  return pageRows<R>(db, { ...spec, select: spec.select ?? `${spec.key} AS id` });
}

/**
 * A page of a search and its total, `expected` the matches PostgreSQL expects (`expectedRows`): counted
 * up to `EXACT_UP_TO`, else estimated (test/search/tiers.test.ts reads every page both ways).
 */
export async function searchPage<R>(db: SqlDriver, spec: SearchSpec, expected: number): Promise<BrowseResult<R>> {
  const { offset, limit } = spec.page;
  if (limit === null) {
    const rows = await orderedRows<R>(db, spec);
    return { rows, total: rows.length };
  }
  if (expected <= EXACT_UP_TO) return countedPage<R>(db, spec);
  // one row past the page says whether the list goes on
  const further = { ...spec, page: { offset, limit: limit + 1 } };
  const rows = spec.relevance ? await tieredRows<R>(db, further, spec.relevance) : await orderedRows<R>(db, further);
  // past the end: how far the list goes is counted, as a page past the end of any list is
  if (rows.length === 0 && offset > 0) return { rows, total: await count(db, browseBody(spec), spec.params) };
  // the list ends on this page: its total is known
  if (rows.length <= limit) return { rows, total: offset + rows.length };
  // it goes on: the estimate, but never fewer than the posts seen
  return { rows: rows.slice(0, limit), total: Math.max(Math.round(expected), offset + rows.length) };
}
