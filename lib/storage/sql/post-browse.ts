import { compileFilter } from '../../nql';
import type { BrowseResult, PostQuery } from '../storage';
import type { PostRow } from '../rows';
import type { SqlDriver } from './driver';
import { browsePage, orderItems, pageRows, type BrowseSpec } from './common';
import type { CountMemo } from './count-memo';
import { postFields, publicPostFields } from './filter-fields';
import { postColumns } from './post-columns';

const ORDER_COLUMNS: Record<string, string> = {
  id: 'p.id', title: 'p.title', slug: 'p.slug', status: 'p.status', featured: 'p.featured',
  visibility: 'p.visibility', published_at: 'p.published_at', created_at: 'p.created_at',
  updated_at: 'p.updated_at', type: 'p.type', reading_time: 'p.reading_time',
};

/** One ORDER BY item per entry: a browse walked from the end reverses each (common.ts). */
const DEFAULT_ORDER: Record<PostQuery['defaultOrder'], readonly string[]> = {
  admin: [`CASE p.status WHEN 'scheduled' THEN 0 WHEN 'draft' THEN 1 ELSE 2 END`, 'p.published_at DESC NULLS FIRST', 'p.updated_at DESC'],
  published_at: ['p.published_at DESC'],
  title: ['p.title ASC'],
};

/** The conditions of a browse. */
function conditions(query: PostQuery): Pick<BrowseSpec, 'where' | 'params'> {
  const params: unknown[] = [query.type];
  const where = ['p.type = $1'];
  if (query.publishedOnly) where.push(`p.status = 'published'`);
  if (query.filter) {
    const fields = query.publishedOnly ? publicPostFields : postFields;
    where.push(`(${compileFilter(query.filter, fields, params, { now: query.now })})`);
  }
  return { where, params };
}

/** The select, conditions and order of a browse. */
function browseSpec(query: PostQuery): BrowseSpec {
  const order = orderItems(query.order, ORDER_COLUMNS);
  const orderParams: unknown[] = [];
  const base = conditions(query);
  if (order.length === 0 && query.slugOrder?.length) {
    orderParams.push(query.slugOrder);
    order.push(`array_position($${base.params.length + 1}::text[], p.slug::text)`);
  }
  if (order.length === 0) order.push(...DEFAULT_ORDER[query.defaultOrder]);
  order.push('p.id DESC');
  return { from: 'posts p', select: postColumns(query.bodies), ...base, order, orderParams, page: query.page };
}

/** The ids of every post a browse matches, in its order, ignoring its page. */
export async function browsePostIds(db: SqlDriver, query: PostQuery): Promise<string[]> {
  const spec = browseSpec(query);
  const rows = await pageRows<{ id: string }>(db, { ...spec, select: 'p.id', page: { limit: null, offset: 0 } });
  return rows.map((row) => row.id);
}

/** A page of posts and its total; a public browse (`memo` given, `publishedOnly`) takes its total from the memo of counts when it can. */
export async function browsePosts(db: SqlDriver, query: PostQuery, memo?: CountMemo): Promise<BrowseResult<PostRow>> {
  return browsePage<PostRow>(db, browseSpec(query), query.publishedOnly ? memo : undefined);
}
