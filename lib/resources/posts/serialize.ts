import type { PostRow, TagRow, UserWithRoles } from '../../storage/rows';
import type { PublicAuthor } from '../../storage/storage';
import { excerptOf } from '../../content';
import { serializeTag } from '../tags/serialize';
import { serializeAuthor, serializeUser } from '../users/serialize';
import type { OutputOptions } from '../../http/output';
import { pickFields } from '../../http/output';
import { urls } from '../shared/urls';
import { showsV3Shapes } from '../../core/context';
import { dateFor, type SerializeContext } from '../shared/serialize-context';

export interface PostRelationsOf {
  tags?: TagRow[];
  /** Staff users for the Admin API; the Content API's relations carry public columns only. */
  authors?: readonly (UserWithRoles | PublicAuthor)[];
}

function serializePostAuthor(author: UserWithRoles | PublicAuthor, ctx: SerializeContext): Record<string, unknown> {
  return 'roles' in author ? serializeUser(author, ctx) : serializeAuthor(author, ctx);
}

/** A post or page as the Admin or Content API shows it (contract §2.3, §2.10). */
export function serializePost(post: PostRow, relations: PostRelationsOf, ctx: SerializeContext, output: OutputOptions): Record<string, unknown> {
  const content = ctx.api === 'content';
  const date = dateFor(ctx);
  const withTags = output.include.has('tags');
  const withAuthors = output.include.has('authors');
  // the Content API lists non-public posts without their body (reference-behaviour §7)
  const hideBody = content && post.visibility !== 'public';
  const plaintext = hideBody ? '' : (post.plaintext ?? '');

  // every field is set by name: adding this many by Object.assign or computed key makes V8 turn the
  // object into a slow hash table, which JSON.stringify then walks slowly too
  const out: Record<string, unknown> = { id: post.id, uuid: post.uuid, title: post.title, slug: post.slug };
  if (output.formats.has('mobiledoc')) out.mobiledoc = hideBody ? '' : post.mobiledoc;
  if (output.formats.has('html')) out.html = hideBody ? '' : post.html;
  if (output.formats.has('plaintext')) out.plaintext = plaintext;
  out.comment_id = post.comment_id;
  out.feature_image = post.feature_image;
  out.featured = post.featured;
  if (!content) out.status = post.status;
  // the Content API v3 shows visibility too, as the reference's v3 wire format does (reference-behaviour §7)
  if (!content || showsV3Shapes(ctx.version)) out.visibility = post.visibility;
  out.created_at = date(post.created_at);
  out.updated_at = date(post.updated_at);
  out.published_at = date(post.published_at);
  out.custom_excerpt = post.custom_excerpt;
  out.codeinjection_head = post.codeinjection_head;
  out.codeinjection_foot = post.codeinjection_foot;
  out.custom_template = post.custom_template;
  out.canonical_url = post.canonical_url;

  const tags = relations.tags ?? [];
  const authors = relations.authors ?? [];
  if (withTags) out.tags = tags.map((tag) => serializeTag(tag, ctx, 'nested'));
  if (withAuthors) out.authors = authors.map((author) => serializePostAuthor(author, ctx));
  const primaryAuthor = withAuthors && authors[0] ? serializePostAuthor(authors[0], ctx) : null;
  const firstTag = tags[0];
  const primaryTag = withTags && firstTag && firstTag.visibility === 'public' ? serializeTag(firstTag, ctx, 'primary') : null;
  out.primary_author = primaryAuthor;
  out.primary_tag = primaryTag;

  out.url = urls.post(ctx.site, post);
  if (content) out.page = post.type === 'page';
  out.excerpt = hideBody ? '' : excerptOf(plaintext, post.custom_excerpt);
  if (showsV3Shapes(ctx.version)) out.reading_time = post.reading_time;
  out.og_image = post.og_image;
  out.og_title = post.og_title;
  out.og_description = post.og_description;
  out.twitter_image = post.twitter_image;
  out.twitter_title = post.twitter_title;
  out.twitter_description = post.twitter_description;
  out.meta_title = post.meta_title;
  out.meta_description = post.meta_description;
  if (!content && showsV3Shapes(ctx.version)) {
    out.email_subject = post.email_subject;
    out.send_email_when_published = post.send_email_when_published;
    out.email = null;
  }
  const keep = [withTags && content ? ['tags', 'primary_tag'] : [], withAuthors && content ? ['authors', 'primary_author'] : []].flat();
  return pickFields(out, output.fields, keep);
}
