import type { PostRow, TagRow, UserWithRoles } from '../../storage/rows';
import type { PublicAuthor } from '../../storage/storage';
import { excerptOf } from '../../content';
import { serializeTag } from '../tags/serialize';
import { serializeAuthor, serializeUser } from '../users/serialize';
import type { OutputOptions } from '../shared/output';
import { pickFields } from '../shared/output';
import { urls } from '../shared/urls';
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
export function serializePost(
  post: PostRow,
  relations: PostRelationsOf,
  ctx: SerializeContext,
  output: OutputOptions,
): Record<string, unknown> {
  const content = ctx.api === 'content';
  const date = dateFor(ctx);
  const withTags = !content || output.include.has('tags');
  const withAuthors = !content || output.include.has('authors');
  // the Content API lists non-public posts without their body (reference-behaviour §7)
  const hideBody = content && post.visibility !== 'public';
  const plaintext = hideBody ? '' : (post.plaintext ?? '');

  const out: Record<string, unknown> = { id: post.id, uuid: post.uuid, title: post.title, slug: post.slug };
  if (output.formats.has('mobiledoc')) out.mobiledoc = hideBody ? '' : post.mobiledoc;
  if (output.formats.has('html')) out.html = hideBody ? '' : post.html;
  if (output.formats.has('plaintext')) out.plaintext = plaintext;
  Object.assign(out, {
    comment_id: post.comment_id,
    feature_image: post.feature_image,
    featured: post.featured,
  });
  if (!content) Object.assign(out, { status: post.status, visibility: post.visibility });
  Object.assign(out, {
    created_at: date(post.created_at),
    updated_at: date(post.updated_at),
    published_at: date(post.published_at),
    custom_excerpt: post.custom_excerpt,
    codeinjection_head: post.codeinjection_head,
    codeinjection_foot: post.codeinjection_foot,
    custom_template: post.custom_template,
    canonical_url: post.canonical_url,
  });

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
  if (!content && ctx.version === 'v3') out.reading_time = post.reading_time;
  Object.assign(out, {
    og_image: post.og_image,
    og_title: post.og_title,
    og_description: post.og_description,
    twitter_image: post.twitter_image,
    twitter_title: post.twitter_title,
    twitter_description: post.twitter_description,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
  });
  if (!content && ctx.version === 'v3') {
    Object.assign(out, {
      email_subject: post.email_subject,
      send_email_when_published: post.send_email_when_published,
      email: null,
    });
  }
  const keep = [withTags && content ? ['tags', 'primary_tag'] : [], withAuthors && content ? ['authors', 'primary_author'] : []].flat();
  return pickFields(out, output.fields, keep);
}
