import type { PostBody } from '../storage';

/** The columns of `posts` a write sets; reads add the denormalised `primary_tag_id` and `primary_author_id`. */
export const POST_COLUMNS = [
  'id', 'uuid', 'type', 'title', 'slug', 'slug_customised', 'mobiledoc', 'html', 'plaintext', 'comment_id',
  'feature_image', 'featured', 'status', 'visibility', 'reading_time', 'custom_excerpt', 'codeinjection_head',
  'codeinjection_foot', 'custom_template', 'canonical_url', 'og_image', 'og_title', 'og_description',
  'twitter_image', 'twitter_title', 'twitter_description', 'meta_title', 'meta_description', 'email_subject',
  'send_email_when_published', 'created_at', 'created_by', 'updated_at', 'updated_by', 'published_at', 'published_by',
] as const;

/** The select list of a post read (`p.` columns) that leaves out the body columns not asked for. */
export function postColumns(bodies: readonly PostBody[] | undefined): string {
  if (!bodies) return 'p.*';
  // null rather than absent: the row keeps its type, and the serializer never reads a format it was not asked for
  const body = (name: PostBody) => (bodies.includes(name) ? `p.${name}` : `NULL::text AS ${name}`);
  return [...POST_COLUMNS, 'primary_tag_id', 'primary_author_id']
    .map((column) => (column === 'mobiledoc' || column === 'html' ? body(column) : `p.${column}`))
    .join(', ');
}
