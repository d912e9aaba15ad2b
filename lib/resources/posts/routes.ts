import { readJson } from '../../http/body';
import { notFound } from '../../core/errors';
import type { RouteContext, RouteDef } from '../../core/context';
import { order, pagination, paginationMeta, single } from '../../http/query';
import { json, noContent, type Answer } from '../../core/answer';
import type { PostRow, PostType } from '../../storage/rows';
import type { PostRelations } from '../../storage/storage';
import { firstOf } from '../shared/envelope';
import { filterParam, slugOrderOf, withoutStatus } from '../shared/filter';
import { requireId } from '../shared/ids';
import { outputOptions, type OutputOptions } from '../../http/output';
import { adminLocation } from '../shared/urls';
import { postEvents } from '../../events/post-events';
import type { DomainEvent } from '../../events/events';
import { write } from '../shared/write';
import { logged } from '../../events/actions';
import { postEntries } from '../shared/action-entries';
import {
  addPost,
  browsePosts,
  destroyPost,
  editPost,
  parsePostInput,
  streamPosts,
  type PostBrowse,
  type PostChange,
  type PostWriteContext,
} from './operations';
import { imagesOfInput } from './body';
import type { PostInput } from './schema';
import { bodiesOf as bodies, contentPage, contentPost, includesOf as includes } from './content-reads';
import { postAnswers } from './answers';
import { searchParam } from './search-query';
import { HEADLINE_INCLUDE, headlineHtml } from './search-headline';
import { withRevisions } from '../revisions/include';
import { revisionIntentOf } from '../revisions/query';

const INVALIDATE = { 'x-cache-invalidate': '/*' };

// v5 takes `formats=lexical` on both APIs, as the reference does; its Content API shows no source format (fields.ts)
function output(ctx: RouteContext): OutputOptions {
  return ctx.api === 'admin' ? outputOptions(ctx, ['mobiledoc'], ['tags', 'authors']) : outputOptions(ctx, ['html'], []);
}

function touchesPublicContent(change: PostChange): boolean {
  return change.before?.row.status === 'published' || change.after?.row.status === 'published';
}

const eventsOf = (change: PostChange): DomainEvent[] => [
  ...(change.createdTags ?? []).map((tag): DomainEvent => ({ name: 'tag.added', kind: 'tag', before: null, after: tag })),
  ...postEvents(change.before, change.after),
];

/** The routes of posts, or of pages, which are posts with another type (architecture: pages reuse posts). */
export function postRoutes(type: PostType): RouteDef[] {
  const resource = type === 'page' ? 'pages' : 'posts';
  const notFoundMessage = `${type === 'page' ? 'Page' : 'Post'} not found.`;

  const { render, contentAnswer, streamed } = postAnswers(type, resource);

  /** The Admin API's reads of one post, whatever its status. */
  async function readOne(ctx: RouteContext, row: PostRow | null): Promise<Answer> {
    const options = output(ctx);
    if (!row || row.type !== type) throw notFound(notFoundMessage);
    const posts = await render(ctx, [row], null, options);
    return json(200, { [resource]: options.include.has('post_revisions') ? [await withRevisions(ctx, row, posts[0])] : posts });
  }

  async function written(ctx: RouteContext, change: PostChange, status: number): Promise<Answer> {
    const after = change.after!;
    const headers: Record<string, string> = touchesPublicContent(change) ? { ...INVALIDATE } : {};
    if (status === 201) {
      headers.location = adminLocation(ctx.app.options.adminUrl, ctx.app.options.name, ctx.version, `${resource}/${after.row.id}/`);
    }
    const relations: PostRelations = { tags: new Map([[after.row.id, after.tags]]), authors: new Map([[after.row.id, after.authors]]) };
    return json(status, { [resource]: await render(ctx, [after.row], relations, output(ctx)) }, headers);
  }

  // the sizes of the body's images are looked up before the transaction, which then renders without waiting on files
  const writeContext = async (ctx: RouteContext, input: PostInput): Promise<PostWriteContext> => {
    const sourceHtml = single(ctx.query, 'source') === 'html';
    const revision = revisionIntentOf(ctx.query);
    return {
      app: ctx.app,
      actor: ctx.actor!,
      type,
      version: ctx.version,
      sourceHtml,
      revision,
      images: await imagesOfInput(ctx.app, input, sourceHtml, ctx.version),
    };
  };

  const browse = async (ctx: RouteContext) => {
    const options = output(ctx);
    const page = pagination(ctx.query);
    let filter = filterParam(ctx.query);
    const content = ctx.api === 'content';
    if (content && filter) filter = withoutStatus(filter);
    const query: PostBrowse = {
      type,
      filter,
      order: order(ctx.query),
      page: { limit: page.limit, offset: page.limit === null ? 0 : (page.page - 1) * page.limit },
      publishedOnly: content,
      slugOrder: slugOrderOf(filter),
      bodies: bodies(options),
      include: includes(options),
      search: searchParam(ctx.query),
    };
    if (page.limit === null) return streamed(ctx, await streamPosts(ctx.app.storage, ctx.app, query), options, (count) => paginationMeta(page, count));
    if (content) {
      const found = await contentPage(ctx, query, options);
      return contentAnswer(found, paginationMeta(page, found.total));
    }
    const result = await browsePosts(ctx.app.storage, ctx.app, query);
    const posts = await render(ctx, result.rows, result.relations, options);
    if (query.search && options.include.has(HEADLINE_INCLUDE)) {
      const headlines = await ctx.app.storage.posts.headlines(
        result.rows.map((row) => row.id),
        query.search,
        false,
      );
      result.rows.forEach((row, i) => (posts[i].search = { headline: headlineHtml(headlines.get(row.id)) }));
    }
    return json(200, { [resource]: posts, meta: paginationMeta(page, result.total) });
  };

  const byId = (ctx: RouteContext) => ctx.app.storage.posts.findById(requireId(ctx.params.id), undefined, bodies(output(ctx))).then((row) => readOne(ctx, row));
  const bySlug = (ctx: RouteContext) =>
    ctx.app.storage.posts.findBySlug(ctx.params.slug ?? '', undefined, bodies(output(ctx))).then((row) => readOne(ctx, row));

  /** The Content API's reads of one post: published ones of this type only, with the relations asked for. */
  async function readPublished(ctx: RouteContext, by: { id: string } | { slug: string }): Promise<Answer> {
    const found = await contentPost(ctx, type, by, output(ctx));
    if (!found) throw notFound(notFoundMessage);
    return contentAnswer(found);
  }
  const publishedById = (ctx: RouteContext) => readPublished(ctx, { id: requireId(ctx.params.id) });
  const publishedBySlug = (ctx: RouteContext) => readPublished(ctx, { slug: ctx.params.slug ?? '' });

  const admin = (action: string) => ({ api: 'admin' as const, auth: 'admin' as const, permission: { resource, action } });
  const content = { api: 'content' as const, auth: 'content' as const };

  return [
    { method: 'GET', path: `${resource}/`, ...admin('browse'), handle: browse },
    { method: 'GET', path: `${resource}/:id/`, ...admin('read'), handle: byId },
    { method: 'GET', path: `${resource}/slug/:slug/`, ...admin('read'), handle: bySlug },
    {
      method: 'POST',
      path: `${resource}/`,
      ...admin('add'),
      async handle(ctx) {
        const item = firstOf(await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes), resource);
        const input = parsePostInput(item, type, ctx.version);
        const context = await writeContext(ctx, input);
        const change = await write(
          ctx.app,
          logged(ctx, (tx) => addPost(tx, context, input), postEntries),
          eventsOf,
        );
        return written(ctx, change, 201);
      },
    },
    {
      method: 'PUT',
      path: `${resource}/:id/`,
      ...admin('edit'),
      async handle(ctx) {
        const id = requireId(ctx.params.id);
        const item = firstOf(await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes), resource);
        const input = parsePostInput(item, type, ctx.version);
        const context = await writeContext(ctx, input);
        const change = await write(
          ctx.app,
          logged(ctx, (tx) => editPost(tx, context, id, input), postEntries),
          eventsOf,
        );
        return written(ctx, change, 200);
      },
    },
    {
      method: 'DELETE',
      path: `${resource}/:id/`,
      ...admin('destroy'),
      async handle(ctx) {
        const id = requireId(ctx.params.id);
        const change = await write(
          ctx.app,
          logged(ctx, (tx) => destroyPost(tx, type, id, ctx.actor!), postEntries),
          eventsOf,
        );
        return noContent(touchesPublicContent(change) ? INVALIDATE : {});
      },
    },
    { method: 'GET', path: `${resource}/`, ...content, handle: browse },
    { method: 'GET', path: `${resource}/:id/`, ...content, handle: publishedById },
    { method: 'GET', path: `${resource}/slug/:slug/`, ...content, handle: publishedBySlug },
  ];
}
