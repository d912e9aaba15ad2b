import { readJson } from '../../http/body';
import { notFound } from '../../core/errors';
import type { RouteContext, RouteDef } from '../../core/context';
import { order, pagination, paginationMeta } from '../../http/query';
import { peopleAndTagKeys } from '../../read-model/keys';
import { json, noContent, type Answer } from '../../core/answer';
import type { Counted, LookupOptions } from '../../storage/storage';
import type { TagRow } from '../../storage/rows';
import { firstOf } from '../shared/envelope';
import { filterParam } from '../shared/filter';
import { requireId } from '../shared/ids';
import { outputOptions, pickFields } from '../../http/output';
import { adminLocation } from '../shared/urls';
import { parseWith } from '../shared/validate';
import { addTag, destroyTag, editTag, tagEvents, type TagChange } from './operations';
import { write } from '../shared/write';
import { logged } from '../../events/actions';
import { tagEntries } from '../shared/action-entries';
import { tagInput } from './schema';
import { serializeTag } from './serialize';

const INVALIDATE = { 'x-cache-invalidate': '/*' };

function countMode(ctx: RouteContext, include: ReadonlySet<string>) {
  if (!include.has('count.posts')) return null;
  return ctx.api === 'content' ? ('published' as const) : ('all' as const);
}

function present(ctx: RouteContext, tags: (TagRow & Counted)[]) {
  const { fields, include } = outputOptions(ctx);
  const sctx = { api: ctx.api, version: ctx.version, site: ctx.app.options.url };
  return tags.map((tag) => pickFields(serializeTag(tag, sctx), fields, include.has('count.posts') ? ['count'] : []));
}

async function readOne(ctx: RouteContext, find: (options: LookupOptions) => Promise<(TagRow & Counted) | null>) {
  const { include } = outputOptions(ctx);
  const tag = await find({ countPosts: countMode(ctx, include), withPublishedPosts: ctx.api === 'content' });
  if (!tag) throw notFound('Tag not found.');
  return json(200, { tags: present(ctx, [tag]) }, ctx.api === 'content' ? peopleAndTagKeys('tags', [tag.id], false) : {});
}

function written(ctx: RouteContext, change: TagChange, status: number): Answer {
  const tag = change.after as TagRow;
  const headers: Record<string, string> = change.publicPosts ? { ...INVALIDATE } : {};
  if (status === 201) headers.location = adminLocation(ctx.app.options.adminUrl, ctx.app.options.name, ctx.version, `tags/${tag.id}/`);
  return json(status, { tags: present(ctx, [tag]) }, headers);
}

const browse = async (ctx: RouteContext) => {
  const { include } = outputOptions(ctx);
  const page = pagination(ctx.query);
  const result = await ctx.app.storage.tags.browse({
    filter: filterParam(ctx.query),
    order: order(ctx.query),
    page: { limit: page.limit, offset: page.limit === null ? 0 : (page.page - 1) * page.limit },
    now: ctx.app.now(),
    withPublishedPosts: ctx.api === 'content',
    countPosts: countMode(ctx, include),
  });
  const headers =
    ctx.api === 'content'
      ? peopleAndTagKeys(
          'tags',
          result.rows.map((row) => row.id),
          true,
        )
      : {};
  return json(200, { tags: present(ctx, result.rows), meta: paginationMeta(page, result.total) }, headers);
};

const byId = (ctx: RouteContext) => readOne(ctx, (options) => ctx.app.storage.tags.findById(requireId(ctx.params.id), options));
const bySlug = (ctx: RouteContext) => readOne(ctx, (options) => ctx.app.storage.tags.findBySlug(ctx.params.slug ?? '', options));
const admin = (action: string) => ({ api: 'admin' as const, auth: 'admin' as const, permission: { resource: 'tags', action } });
const content = { api: 'content' as const, auth: 'content' as const };

export const tagRoutes: RouteDef[] = [
  { method: 'GET', path: 'tags/', ...admin('browse'), handle: browse },
  { method: 'GET', path: 'tags/:id/', ...admin('read'), handle: byId },
  { method: 'GET', path: 'tags/slug/:slug/', ...admin('read'), handle: bySlug },
  {
    method: 'POST',
    path: 'tags/',
    ...admin('add'),
    async handle(ctx) {
      const input = parseWith(tagInput, firstOf(await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes), 'tags'), 'tags');
      return written(
        ctx,
        await write(
          ctx.app,
          logged(ctx, (tx) => addTag(tx, ctx.app, input), tagEntries),
          tagEvents,
        ),
        201,
      );
    },
  },
  {
    method: 'PUT',
    path: 'tags/:id/',
    ...admin('edit'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      const input = parseWith(tagInput, firstOf(await readJson(ctx.head, ctx.app.options.limits.jsonBodyBytes), 'tags'), 'tags');
      return written(
        ctx,
        await write(
          ctx.app,
          logged(ctx, (tx) => editTag(tx, ctx.app, id, input), tagEntries),
          tagEvents,
        ),
        200,
      );
    },
  },
  {
    method: 'DELETE',
    path: 'tags/:id/',
    ...admin('destroy'),
    async handle(ctx) {
      const id = requireId(ctx.params.id);
      const change = await write(
        ctx.app,
        logged(ctx, (tx) => destroyTag(tx, id), tagEntries),
        tagEvents,
      );
      return noContent(change.publicPosts ? INVALIDATE : {});
    },
  },
  { method: 'GET', path: 'tags/', ...content, handle: browse },
  { method: 'GET', path: 'tags/:id/', ...content, handle: byId },
  { method: 'GET', path: 'tags/slug/:slug/', ...content, handle: bySlug },
];
