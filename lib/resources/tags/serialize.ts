import type { Counted } from '../../storage/storage';
import type { TagRow } from '../../storage/rows';
import { urls } from '../shared/urls';
import { showsV3Shapes } from '../../core/context';
import { dateFor, type SerializeContext } from '../shared/serialize-context';

export type TagShape = 'full' | 'nested' | 'primary';

/**
 * A tag as the API shows it. `nested`: inside a post's `tags`; `primary`: a post's `primary_tag`,
 * which carries the full fields and `parent` (contract §2.5, §2.10).
 */
export function serializeTag(tag: TagRow & Counted, ctx: SerializeContext, shape: TagShape = 'full'): Record<string, unknown> {
  const url = urls.tag(ctx.site, tag.slug);
  if (ctx.api === 'content' && shape !== 'primary') {
    const out: Record<string, unknown> = {
      id: tag.id,
      name: tag.name,
      slug: tag.slug,
      description: tag.description,
      feature_image: tag.feature_image,
      visibility: tag.visibility,
      meta_title: tag.meta_title,
      meta_description: tag.meta_description,
      url,
    };
    if (tag.count_posts !== undefined) out.count = { posts: tag.count_posts };
    return out;
  }
  const date = dateFor(ctx);
  const out: Record<string, unknown> = {
    id: tag.id,
    name: tag.name,
    slug: tag.slug,
    description: tag.description,
    feature_image: tag.feature_image,
    visibility: tag.visibility,
  };
  // v3 tags carry the social and injection fields; v2 tags, nested or not, only the base set
  if (showsV3Shapes(ctx.version)) {
    Object.assign(out, {
      og_image: tag.og_image,
      og_title: tag.og_title,
      og_description: tag.og_description,
      twitter_image: tag.twitter_image,
      twitter_title: tag.twitter_title,
      twitter_description: tag.twitter_description,
    });
  }
  Object.assign(out, { meta_title: tag.meta_title, meta_description: tag.meta_description });
  if (showsV3Shapes(ctx.version)) {
    Object.assign(out, {
      codeinjection_head: tag.codeinjection_head,
      codeinjection_foot: tag.codeinjection_foot,
      canonical_url: tag.canonical_url,
      accent_color: tag.accent_color,
    });
  }
  Object.assign(out, { created_at: date(tag.created_at), updated_at: date(tag.updated_at), url });
  if (shape === 'primary' && (ctx.version === 'v2' || ctx.api === 'content')) out.parent = tag.parent_id;
  if (tag.count_posts !== undefined) out.count = { posts: tag.count_posts };
  return out;
}
