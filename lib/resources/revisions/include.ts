import type { RouteContext } from '../../core/context';
import type { PostRow } from '../../storage/rows';
import { editablePost } from './operations';
import { serializeRevision } from './serialize';

/**
 * `include=post_revisions` on an Admin read of one post: the post with its revisions, newest first,
 * content and all (at most `revisions.perPost` of them). Only for whoever may edit it, as the
 * revisions' own routes are.
 */
export async function withRevisions(ctx: RouteContext, row: PostRow, post: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { storage } = ctx.app;
  await editablePost(storage, row.type, row.id, ctx.actor!);
  const { rows } = await storage.revisions.browse(row.id, { limit: null, offset: 0 }, true);
  return { ...post, post_revisions: rows.map((revision) => serializeRevision(revision, ctx.version)) };
}
