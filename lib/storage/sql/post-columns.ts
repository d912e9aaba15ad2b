import type { PostBody } from '../storage';
import type { PostRow } from '../rows';

/** The columns of `posts` a write sets. */
export const POST_COLUMNS = [
  'id',
  'uuid',
  'type',
  'title',
  'slug',
  'slug_customised',
  'mobiledoc',
  'html',
  'plaintext',
  'comment_id',
  'feature_image',
  'featured',
  'status',
  'visibility',
  'reading_time',
  'custom_excerpt',
  'codeinjection_head',
  'codeinjection_foot',
  'custom_template',
  'canonical_url',
  'og_image',
  'og_title',
  'og_description',
  'twitter_image',
  'twitter_title',
  'twitter_description',
  'meta_title',
  'meta_description',
  'email_subject',
  'send_email_when_published',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'published_at',
  'published_by',
  'lexical',
] as const;

/**
 * The columns of a read post (a PostRow), in the table's order: the written ones with the denormalised
 * primary ids before created_at. The arrays of tag and author ids that follow them in the table
 * (migrations/009) serve filters only and are never read into a row.
 */
export const ROW_COLUMNS = [
  ...POST_COLUMNS.slice(0, POST_COLUMNS.indexOf('created_at')),
  'primary_tag_id',
  'primary_author_id',
  ...POST_COLUMNS.slice(POST_COLUMNS.indexOf('created_at')),
] as const satisfies readonly (keyof PostRow)[];

const EVERY_COLUMN = ROW_COLUMNS.map((column) => `p.${column}`).join(', ');

/**
 * The select list of a post read over `posts p`; given `bodies`, the body columns not asked for are
 * left out.
 */
export function postColumns(bodies?: readonly PostBody[]): string {
  if (!bodies) return EVERY_COLUMN;
  // null rather than absent: the row keeps its type, and the serializer never reads a format it was not asked for
  const body = (name: PostBody, column: string = name) => (bodies.includes(name) ? `p.${column}` : `NULL::text AS ${column}`);
  return ROW_COLUMNS.map((column) => {
    if (column === 'mobiledoc' || column === 'html') return body(column);
    // a post's editable source is mobiledoc or lexical, whichever it has (migrations/019): read together
    if (column === 'lexical') return body('mobiledoc', column);
    return `p.${column}`;
  }).join(', ');
}
