import type { RouteContext, RouteDef } from '../../core/context';
import { json } from '../../core/answer';
import { notFound } from '../../core/errors';
import { outputOptions } from '../../http/output';
import type { PostType } from '../../storage/rows';
import { bodiesOf, includesOf } from '../posts/content-reads';
import { serializePost } from '../posts/serialize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A preview is for whoever holds its address alone: no cache, shared or not, may keep it, and no search engine index it. */
const PRIVATE = { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' };

/**
 * The Content API's previews: a post or page of any status by its uuid, which is the capability (as the
 * reference's `/p/{uuid}/` is), in the Content API's shape. Read from storage on every request, never
 * kept by the read model (`uncached`): a preview shows the draft as it is now.
 */
export function previewRoutes(type: PostType): RouteDef[] {
  const resource = type === 'page' ? 'pages' : 'posts';
  const missing = `${type === 'page' ? 'Page' : 'Post'} not found.`;

  async function preview(ctx: RouteContext) {
    const uuid = ctx.params.uuid ?? '';
    if (!UUID.test(uuid)) throw notFound(missing);
    // the formats a Content read of this version takes (v5: formats=lexical too, showing no source format)
    const options = outputOptions(ctx, ['html'], []);
    const { storage } = ctx.app;
    const row = await storage.posts.findByUuid(uuid.toLowerCase(), type, bodiesOf(options));
    if (!row) throw notFound(missing);
    const relations = await storage.posts.publicRelations([row.id], includesOf(options));
    const post = serializePost(
      row,
      { tags: relations.tags.get(row.id) ?? [], authors: relations.authors.get(row.id) ?? [] },
      { api: 'content', version: ctx.version, site: ctx.app.options.url },
      options,
    );
    return json(200, { [resource]: [post] }, PRIVATE);
  }

  return [{ method: 'GET', path: `${resource}/preview/:uuid/`, api: 'content', auth: 'content', uncached: true, handle: preview }];
}
