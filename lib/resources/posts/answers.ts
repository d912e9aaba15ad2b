// How a posts (or pages) answer is put together, apart from the routes that decide which (routes.ts):
// records serialised with their relations, the Content API's answers assembled from each post's kept
// bytes (content-reads.ts), and `limit=all` streamed in batches.
import { jsonText, type Answer } from '../../core/answer';
import type { RouteContext } from '../../core/context';
import { streamedJsonAnswer } from '../../http/json-stream';
import type { OutputOptions } from '../../http/output';
import { dependsOn, keys } from '../../read-model/keys';
import type { PostRow, PostType } from '../../storage/rows';
import type { PostRelations, PublicPostRelations } from '../../storage/storage';
import { concatBytes } from '../../util/bytes';
import { serializeContextOf } from '../shared/serialize-context';
import { includesOf, type ContentPosts } from './content-reads';
import { serializePost } from './serialize';

/** A batch of a streamed list, as `streamPosts` (operations.ts) reads it. */
type PostBatch = { rows: PostRow[]; relations: PostRelations | PublicPostRelations };

const utf8 = new TextEncoder();
const COMMA = utf8.encode(',');

/** Relations as the API of the request shows them: the Content API's authors carry public columns only. */
function relationsOf(ctx: RouteContext, postIds: string[], options: OutputOptions): Promise<PostRelations | PublicPostRelations> {
  const which = includesOf(options);
  return ctx.api === 'content' ? ctx.app.storage.posts.publicRelations(postIds, which) : ctx.app.storage.posts.relations(postIds, which);
}

/** The answers of the posts of `type` (its `resource`, `posts` or `pages`, names the list). */
export function postAnswers(type: PostType, resource: string) {
  /** `rows` serialised for the request, with `relations` or, if not given, those the request asks for. */
  async function render(ctx: RouteContext, rows: PostRow[], relations: PostRelations | PublicPostRelations | null, options: OutputOptions) {
    const rel =
      relations ??
      (await relationsOf(
        ctx,
        rows.map((r) => r.id),
        options,
      ));
    const sctx = serializeContextOf(ctx);
    return rows.map((row) => serializePost(row, { tags: rel.tags.get(row.id) ?? [], authors: rel.authors.get(row.id) ?? [] }, sctx, options));
  }

  const opening = utf8.encode(`{"${resource}":[`);
  /** The Content API's answer holding these posts, naming what it depends on (lib/read-model/keys.ts). */
  function contentAnswer(posts: ContentPosts, meta?: unknown): Answer {
    const parts: Uint8Array[] = [opening];
    for (const [i, post] of posts.json.entries()) {
      if (i > 0) parts.push(COMMA);
      parts.push(post);
    }
    parts.push(utf8.encode(`]${meta === undefined ? '' : `,"meta":${JSON.stringify(meta)}`}}`));
    return jsonText(200, concatBytes(parts), dependsOn(posts.keys));
  }

  /** The whole list: sent in batches as the client reads, never held whole; it shows every post, tag and author. */
  function streamed(ctx: RouteContext, next: () => Promise<PostBatch | null>, options: OutputOptions, meta: (count: number) => unknown): Answer {
    const kind = type === 'page' ? 'pages' : 'posts';
    const everything = [keys.list(kind), keys.any(kind), keys.list('tags'), keys.list('authors')];
    return streamedJsonAnswer(
      resource,
      {
        next: async () => {
          const batch = await next();
          return batch && render(ctx, batch.rows, batch.relations, options);
        },
        meta,
      },
      ctx.api === 'content' ? dependsOn(everything) : {},
    );
  }

  return { render, contentAnswer, streamed };
}
