import { compileFilter, hasProbedRelation } from '../../nql';
import type { BrowseResult, PostQuery } from '../storage';
import type { PostRow } from '../rows';
import type { SqlDriver } from './driver';
import { browseBody, browsePage, orderItems, pageRows, type BrowseSpec } from './common';
import { memoisedCount, readGeneration, type CountMemo, type Totals } from './count-memo';
import { postFields, publicPostFields } from './filter-fields';
import { postColumns } from './post-columns';

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

/** The order of the index `posts_type_status_published`: a published page in it is a walk that stops early. */
const INDEX_ORDER = ['p.published_at DESC', 'p.id DESC'];

/**
 * When a filter on tags or authors is tested post by post (an index probe per post the page visits,
 * ~5 µs on PGlite) rather than through hashed sets of every matching post (a cost that grows with the
 * tag's or author's posts: ~17 ms for a tag and an author at 100k posts, ~3 ms at 10k): the page must
 * be expected to visit at most this many posts, and at most this share of all of them. Measured on the
 * benchmark's 3-clause filter, which visits ~1,500 posts at any size: probes win at 100k posts, sets at 10k.
 */
const PROBE_VISITS = 4000;
const PROBE_SHARE = 1 / 8;

/** The conditions of a browse, with the filter compiled in the given form. */
function conditions(query: PostQuery, relations: 'set' | 'probe'): Pick<BrowseSpec, 'where' | 'params'> {
  const params: unknown[] = [query.type];
  const where = ['p.type = $1'];
  if (query.publishedOnly) where.push(`p.status = 'published'`);
  if (query.filter) {
    const fields = query.publishedOnly ? publicPostFields : postFields;
    where.push(`(${compileFilter(query.filter, fields, params, { now: query.now, relations })})`);
  }
  return { where, params };
}

/** The select, conditions and order of a browse (relation filters as hashed sets). */
function browseSpec(query: PostQuery): BrowseSpec {
  const order = orderItems(query.order, ORDER_COLUMNS);
  const orderParams: unknown[] = [];
  const base = conditions(query, 'set');
  if (order.length === 0 && query.slugOrder?.length) {
    orderParams.push(query.slugOrder);
    order.push(`array_position($${base.params.length + 1}::text[], p.slug::text)`);
  }
  if (order.length === 0) order.push(DEFAULT_ORDER[query.defaultOrder]);
  order.push('p.id DESC');
  return { from: 'posts p', select: postColumns(query.bodies), ...base, order, orderParams, page: query.page };
}

/** The ids of every post a browse matches, in its order, ignoring its page. */
export async function browsePostIds(db: SqlDriver, query: PostQuery): Promise<string[]> {
  const spec = browseSpec(query);
  const rows = await pageRows<{ id: string }>(db, { ...spec, select: 'p.id', page: { limit: null, offset: 0 } });
  return rows.map((row) => row.id);
}

/**
 * A page of posts and its total. A public browse (`memo` given, `publishedOnly`) takes its totals from
 * the memo of counts when it can; one filtered on tags or authors in the index's order also uses the
 * totals to choose how the filter runs: post by post when matches are common enough that the walk
 * down the index stops soon, as hashed sets when they are rare.
 */
export async function browsePosts(db: SqlDriver, query: PostQuery, memo?: CountMemo): Promise<BrowseResult<PostRow>> {
  const spec = browseSpec(query);
  const publicMemo = query.publishedOnly ? memo : undefined;

  const { order } = spec;
  const walksIndex = order.length === INDEX_ORDER.length && order.every((item, i) => item === INDEX_ORDER[i]);
  if (!publicMemo || !query.filter || query.page.limit === null || !walksIndex || !hasProbedRelation(query.filter, publicPostFields)) {
    return browsePage<PostRow>(db, spec, publicMemo);
  }

  const totals: Totals = { memo: publicMemo, generation: await readGeneration(db) };
  const unfiltered = conditions({ ...query, filter: null }, 'set');
  const [total, published] = await Promise.all([
    memoisedCount(db, totals, browseBody(spec), spec.params),
    memoisedCount(db, totals, browseBody({ from: spec.from, where: unfiltered.where }), unfiltered.params),
  ]);
  // matches spread evenly down the index: the page's last row is about this far in
  const visits = ((query.page.offset + query.page.limit) * published) / Math.max(total, 1);
  const probe = visits <= PROBE_VISITS && visits <= published * PROBE_SHARE;
  const rows = await pageRows<PostRow>(db, probe ? { ...spec, ...conditions(query, 'probe') } : spec);
  return { rows, total };
}
