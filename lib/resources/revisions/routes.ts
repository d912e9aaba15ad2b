import type { RouteContext, RouteDef } from '../../core/context';
import { json, type Answer } from '../../core/answer';
import { outputOptions } from '../../http/output';
import { pagination, paginationMeta } from '../../http/query';
import type { PostType } from '../../storage/rows';
import { postEvents } from '../../events/post-events';
import { requireId } from '../shared/ids';
import { write } from '../shared/write';
import { imagesOfInput } from '../posts/body';
import type { PostChange } from '../posts/operations';
import { serializePost } from '../posts/serialize';
import { editablePost, findRevision, restoreRevision, rotatePreview } from './operations';
import { logged } from '../../events/actions';
import { postEntries } from '../shared/action-entries';
import { previewLink } from '../previews/address';
import { serializeRevision, serializeRevisionSummary } from './serialize';

const INVALIDATE = { 'x-cache-invalidate': '/*' };

/** The post as an edit answers it: `{posts:[post]}` (or `pages`), with the cache hint when public content changed. */
function postAnswer(ctx: RouteContext, resource: string, change: PostChange): Answer {
  const after = change.after!;
  const published = change.before?.row.status === 'published' || after.row.status === 'published';
  const post = serializePost(
    after.row,
    { tags: after.tags, authors: after.authors },
    { api: 'admin', version: ctx.version, site: ctx.app.options.url },
    outputOptions(ctx, ['mobiledoc'], ['tags', 'authors']),
  );
  return json(200, { [resource]: [post] }, published ? INVALIDATE : {});
}

/**
 * Revisions of posts or pages (`post_revisions` under either root), and the rotation of a post's
 * preview address. Whoever may edit the post may use them (permissions.ts: assertCanWritePost).
 */
export function revisionRoutes(type: PostType): RouteDef[] {
  const resource = type === 'page' ? 'pages' : 'posts';
  const admin = { api: 'admin' as const, auth: 'admin' as const, permission: { resource, action: 'edit' } };

  return [
    {
      method: 'GET',
      path: `${resource}/:id/revisions/`,
      ...admin,
      async handle(ctx) {
        const id = requireId(ctx.params.id);
        const page = pagination(ctx.query);
        const { storage } = ctx.app;
        await editablePost(storage, type, id, ctx.actor!);
        const offset = page.limit === null ? 0 : (page.page - 1) * page.limit;
        const found = await storage.revisions.browse(id, { limit: page.limit, offset }, false);
        return json(200, { post_revisions: found.rows.map(serializeRevisionSummary), meta: paginationMeta(page, found.total) });
      },
    },
    {
      method: 'GET',
      path: `${resource}/:id/revisions/:rid/`,
      ...admin,
      async handle(ctx) {
        const id = requireId(ctx.params.id);
        const rid = requireId(ctx.params.rid);
        await editablePost(ctx.app.storage, type, id, ctx.actor!);
        return json(200, { post_revisions: [serializeRevision(await findRevision(ctx.app.storage, id, rid), ctx.version)] });
      },
    },
    {
      method: 'POST',
      path: `${resource}/:id/revisions/:rid/restore/`,
      ...admin,
      async handle(ctx) {
        const id = requireId(ctx.params.id);
        const rid = requireId(ctx.params.rid);
        const actor = ctx.actor!;
        // read first, so that the sizes of its images are looked up outside the transaction, as an edit's are
        await editablePost(ctx.app.storage, type, id, actor);
        const revision = await findRevision(ctx.app.storage, id, rid);
        const images = await imagesOfInput(ctx.app, revision, false);
        const context = { app: ctx.app, actor, type, version: ctx.version, sourceHtml: false, images };
        const change = await write(
          ctx.app,
          logged(
            ctx,
            (tx) => restoreRevision(tx, context, id, revision),
            (c) => postEntries(c, 'restored'),
          ),
          (c) => postEvents(c.before, c.after),
        );
        return postAnswer(ctx, resource, change);
      },
    },
    {
      method: 'GET',
      path: `${resource}/:id/preview/`,
      ...admin,
      async handle(ctx) {
        const id = requireId(ctx.params.id);
        const { row } = await editablePost(ctx.app.storage, type, id, ctx.actor!);
        return json(200, { previews: [{ uuid: row.uuid, url: await previewLink(ctx.app, ctx.app.storage, ctx.version, row) }] });
      },
    },
    {
      method: 'POST',
      path: `${resource}/:id/preview/rotate/`,
      ...admin,
      async handle(ctx) {
        const id = requireId(ctx.params.id);
        const change = await ctx.app.storage.transaction(
          logged(
            ctx,
            (tx) => rotatePreview(tx, type, id, ctx.actor!),
            (c) => postEntries(c, 'preview_rotated'),
          ),
        );
        return postAnswer(ctx, resource, change);
      },
    },
  ];
}
