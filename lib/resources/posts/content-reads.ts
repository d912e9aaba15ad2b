import type { RouteContext } from '../../core/context';
import { isInGroup, isText, textOf, type NqlComparison, type NqlNode, type NqlValue } from '../../nql';
import { keys } from '../../read-model/keys';
import type { PostType } from '../../storage/rows';
import type { PostBody, PostSearch, PublishedPost } from '../../storage/storage';
import type { OutputOptions } from '../../http/output';
import { serializeContextOf, type SerializeContext } from '../shared/serialize-context';
import { postQuery, type PostBrowse } from './operations';
import { serializePost } from './serialize';
import { HEADLINE_INCLUDE, withHeadline } from './search-headline';

// The Content API's reads of posts: each post's JSON is made once per shape and kept by the read model
// (lib/read-model) with the keys of what it shows, so a page met for the first time (a new filter, a
// list after a publish) reads and renders only the posts the read model does not hold.

/**
 * A post's JSON for one shape of request, as UTF-8 bytes, and the keys of what it shows. Bytes, not text:
 * a page is then its posts' bytes put one after another, with no 75 KB string encoded again on every
 * page that shows them (88 → 12 µs for a page whose text is not all ASCII), and they take a byte a
 * character where a string with one non-Latin-1 character takes two.
 */
interface RenderedPost {
  json: Uint8Array;
  keys: string[];
}

/** The JSON of posts, as UTF-8 bytes, and every key it depends on. */
export interface ContentPosts {
  json: Uint8Array[];
  keys: Set<string>;
}

const utf8 = new TextEncoder();

/** The parts of a request that shape a post's JSON, as one key. */
function shapeOf(ctx: SerializeContext, options: OutputOptions): string {
  const sorted = (set: ReadonlySet<string> | null) => (set ? [...set].sort().join(',') : '*');
  return [ctx.api, ctx.version, ctx.site, sorted(options.include), sorted(options.fields), sorted(options.formats)].join('\u0000');
}

/** The body columns a read needs: the formats shown (plaintext is always read, for the excerpt). */
export function bodiesOf(options: OutputOptions): PostBody[] {
  return [...options.formats].filter((format): format is PostBody => format !== 'plaintext');
}

export function includesOf(options: OutputOptions) {
  return { tags: options.include.has('tags'), authors: options.include.has('authors') };
}

/** Renders `post` for this shape and keeps it, made from content as of generation `since`. */
function render(ctx: RouteContext, post: PublishedPost, shape: string, options: OutputOptions, since: number): RenderedPost {
  const { row, relations } = post;
  const tags = relations.tags.get(row.id) ?? [];
  const authors = relations.authors.get(row.id) ?? [];
  const json = utf8.encode(JSON.stringify(serializePost(row, { tags, authors }, serializeContextOf(ctx), options)));
  const shown = [keys.post(row.id), ...tags.map((tag) => keys.tag(tag.id)), ...authors.map((author) => keys.author(author.id))];
  const rendered = { json, keys: shown };
  ctx.app.readModel.keep(`post\u0000${row.id}\u0000${shape}`, rendered, shown, json.byteLength + 200, since);
  return rendered;
}

function collect(rendered: RenderedPost[], also: string[]): ContentPosts {
  const all = new Set(also);
  for (const post of rendered) for (const key of post.keys) all.add(key);
  return { json: rendered.map((post) => post.json), keys: all };
}

/** The read model's name for the total of the `type` list `filter` selects. */
const totalName = (type: PostType, filter: NqlNode | null) => `total\u0000${type}\u0000${filter ? JSON.stringify(filter) : ''}`;

/** Whether `filter` is relative to the clock (`published_at:>now-7d`). */
function relativeToNow(filter: NqlNode): boolean {
  if (filter.type !== 'cmp') return filter.nodes.some(relativeToNow);
  return !isInGroup(filter) && filter.value.kind === 'relative-date';
}

/** Fields no two posts share a value of and every post has a value of. */
const UNIQUE_FIELDS: ReadonlySet<string> = new Set(['id', 'slug']);

/** `id:-x` as `id:x`, `slug:-[x,y]` as `slug:[x,y]`; null for any other comparison. */
function asInclusion(node: NqlComparison): NqlComparison | null {
  if (!UNIQUE_FIELDS.has(node.property)) return null;
  if (isInGroup(node)) return node.op === 'nin' && node.value.items.every(isText) ? { ...node, op: 'in' } : null;
  return node.op === 'ne' && isText(node.value) ? { ...node, op: 'eq' } : null;
}

/**
 * `filter` as the rest of it and the posts it leaves out by id or slug (`id:-x`, `slug:-[x,y]`), turned
 * round; null where it leaves none out so. Its total is then the rest's total less the left-out posts
 * the rest matches: "other posts than this one" (`id:-{{id}}`, on every post page of a theme) counts a
 * post or two by their key, and the rest's total is kept across all of them.
 */
function exclusionsOf(filter: NqlNode): { rest: NqlNode | null; leftOut: NqlNode } | null {
  const rest: NqlNode[] = [];
  const leftOut: NqlComparison[] = [];
  for (const node of filter.type === 'and' ? filter.nodes : [filter]) {
    const turned = node.type === 'cmp' ? asInclusion(node) : null;
    if (turned) leftOut.push(turned);
    else rest.push(node);
  }
  if (leftOut.length === 0) return null;
  return {
    rest: rest.length === 0 ? null : rest.length === 1 ? rest[0] : { type: 'and', nodes: rest },
    leftOut: leftOut.length === 1 ? leftOut[0] : { type: 'or', nodes: leftOut },
  };
}

/** Both filters, as one. */
function andOf(a: NqlNode | null, b: NqlNode): NqlNode {
  if (!a) return b;
  return { type: 'and', nodes: [...(a.type === 'and' ? a.nodes : [a]), b] };
}

/**
 * The total of the list `query` pages: kept, or worked out from the kept total of the same list without
 * its exclusions (`exclusionsOf`), counted then kept. Undefined when the page's walk must count it. Not
 * for a filter relative to the clock, whose totals are not kept.
 */
async function listTotal(ctx: RouteContext, query: PostBrowse, since: number): Promise<number | undefined> {
  const { readModel, storage } = ctx.app;
  const kept = readModel.get<number>(totalName(query.type, query.filter));
  const exclusions = kept === undefined && query.filter ? exclusionsOf(query.filter) : null;
  if (!exclusions) return kept;
  const { rest, leftOut } = exclusions;
  const counted = (filter: NqlNode | null) => storage.posts.countPublished(postQuery(ctx.app, { ...query, filter }));
  let restTotal = readModel.get<number>(totalName(query.type, rest));
  if (restTotal === undefined) {
    restTotal = await counted(rest);
    readModel.keep(totalName(query.type, rest), restTotal, listKeys(query.type, rest, undefined), 64, since);
  }
  return restTotal - (await counted(andOf(rest, leftOut)));
}

/** A page of published posts of `query.type`, and the total it was paged from. */
export async function contentPage(ctx: RouteContext, query: PostBrowse, options: OutputOptions): Promise<ContentPosts & { total: number }> {
  const { readModel, storage } = ctx.app;
  const since = readModel.generation;
  const shape = shapeOf(serializeContextOf(ctx), options);
  // every page of a list has its total: counted once, kept until the list changes; a filter relative to
  // the clock (`published_at:>now-7d`) matches other posts as time passes, with no change to see
  // a search's total is counted with its page: there are as many lists as searches
  const timeless = !query.search && (!query.filter || !relativeToNow(query.filter));
  const known = timeless ? await listTotal(ctx, query, since) : undefined;
  const page = await storage.posts.publishedPage({
    ...postQuery(ctx.app, query),
    total: known === undefined ? undefined : { total: known, generation: since },
  });
  if (known === undefined && timeless) {
    readModel.keep(totalName(query.type, query.filter), page.total, listKeys(query.type, query.filter, undefined), 64, since);
  }
  const held = page.ids.map((id) => readModel.get<RenderedPost>(`post\u0000${id}\u0000${shape}`));
  const missing = page.ids.filter((_, i) => !held[i]);
  const read = new Map<string, RenderedPost>();
  for (const post of await storage.posts.published(query.type, missing, bodiesOf(options), includesOf(options))) {
    read.set(post.row.id, render(ctx, post, shape, options, since));
  }
  // a post unpublished between the page's walk and the read of its row is left out
  const rendered = page.ids.flatMap((id, i) => held[i] ?? read.get(id) ?? []);
  if (query.search) {
    const shown = page.ids.filter((id, i) => held[i] ?? read.get(id));
    return { ...(await searched(ctx, query, query.search, shown, rendered, options)), total: page.total };
  }
  return { ...collect(rendered, listKeys(query.type, query.filter, query.order)), total: page.total };
}

/**
 * A search's page: which posts it finds depends on any column of any post, tag or author (`any:`), and
 * with `include=search.headline` each post carries its headline, made for this search and kept only
 * within this answer.
 */
async function searched(
  ctx: RouteContext,
  query: PostBrowse,
  search: PostSearch,
  ids: string[],
  rendered: RenderedPost[],
  options: OutputOptions,
): Promise<ContentPosts> {
  const kind = query.type === 'page' ? 'pages' : 'posts';
  const found = collect(rendered, [...listKeys(query.type, query.filter, query.order), keys.any(kind)]);
  if (!options.include.has(HEADLINE_INCLUDE)) return found;
  const headlines = await ctx.app.storage.posts.headlines(ids, search, true);
  return { ...found, json: found.json.map((json, i) => withHeadline(json, headlines.get(ids[i]))) };
}

/** The published post of `type` with this id or slug; null when there is none. */
export async function contentPost(
  ctx: RouteContext,
  type: PostType,
  by: { id: string } | { slug: string },
  options: OutputOptions,
): Promise<ContentPosts | null> {
  const since = ctx.app.readModel.generation;
  const found = await ctx.app.storage.posts.findPublished(type, by, bodiesOf(options), includesOf(options));
  if (!found) return null;
  return collect([render(ctx, found, shapeOf(serializeContextOf(ctx), options), options, since)], []);
}

/**
 * Filter fields whose values only list changes move (keys.list): a filter on any other field
 * (`custom_excerpt`, `updated_at`) can start or stop matching a post whose list place did not change.
 */
const LIST_FIELDS = /^(id|status|visibility|featured|published_at|type|page|(tag|tags|primary_tag|author|authors|primary_author)(\.(slug|id))?)$/;
/** Orders that only list changes move. */
const LIST_ORDERS = new Set(['id', 'featured', 'published_at']);

function filterFields(node: NqlNode, into: string[] = []): string[] {
  if (node.type === 'cmp') into.push(node.property);
  else for (const inner of node.nodes) filterFields(inner, into);
  return into;
}

/** Filter fields naming a post's tags' or authors' slugs. */
const BY_SLUG: Record<string, 'tag' | 'author'> = {
  tag: 'tag',
  tags: 'tag',
  'tags.slug': 'tag',
  primary_tag: 'tag',
  author: 'author',
  authors: 'author',
  'authors.slug': 'author',
  primary_author: 'author',
};

/**
 * The lists `filter` is within, where it requires one of some tags or authors (`tag:news`,
 * `authors:[ada,bob]`, `tag:news+featured:true`): a post can only enter or leave it by having one of
 * them before or after its change. Null for any other filter.
 */
function listsRequired(kind: 'posts' | 'pages', filter: NqlNode): string[] | null {
  const conjuncts = filter.type === 'and' ? filter.nodes : [filter];
  const required = conjuncts.find((node): node is NqlComparison => node.type === 'cmp' && node.property in BY_SLUG && (node.op === 'eq' || node.op === 'in'));
  if (!required) return null;
  const values: readonly NqlValue[] = isInGroup(required) ? required.value.items : [required.value];
  // `tag:null` asks for posts without tags: no one tag's posts hold it
  if (!values.every(isText)) return null;
  return values.map((value) => keys.listBy(kind, BY_SLUG[required.property], textOf(value)));
}

/**
 * What a list of posts depends on beyond the posts it shows: which posts are in it, in which order.
 * Pages are listed by title unless asked otherwise, which any edit may change.
 */
export function listKeys(type: PostType, filter: NqlNode | null | undefined, order: readonly { field: string }[] | undefined): string[] {
  const kind = type === 'page' ? 'pages' : 'posts';
  const orders = order?.length ? order : type === 'page' ? [{ field: 'title' }] : [];
  const other = (filter && filterFields(filter).some((field) => !LIST_FIELDS.test(field))) || orders.some((item) => !LIST_ORDERS.has(item.field));
  const lists = (filter && listsRequired(kind, filter)) ?? [keys.list(kind)];
  return other ? [...lists, keys.any(kind)] : lists;
}
