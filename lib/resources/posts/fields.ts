import { z } from 'zod';
import { nullableText, recordId } from '../shared/response';
import { optionalText } from '../shared/input';
import { defineFields, type FieldSpec } from '../shared/fields';

/**
 * The one declaration of a post's (and page's) fields, in the order answers show them: the `posts`
 * columns (lib/storage/sql/post-columns.ts), the input schemas (schema.ts), the serialiser
 * (serialize.ts), the response schemas and so the OpenAPI documents (response.ts), the write path's
 * copied scalars (operations.ts) and Ghost export and import (lib/ghost/) all read it.
 *
 * Adding a field to a version's shape is one entry here (`show`: from which version each API shows
 * it; `write`: from which version a client may send it) plus its test.
 */
export const POST_FIELDS = defineFields([
  { name: 'id', stored: 'write', sql: 'text', notNull: true, show: { admin: 'v2', content: 'v2' }, answer: recordId, ghost: 'posts', filter: true },
  { name: 'uuid', stored: 'write', sql: 'uuid', notNull: true, show: { admin: 'v2', content: 'v2' }, answer: z.uuid(), ghost: 'posts', filter: true },
  { name: 'type', stored: 'write', sql: 'text', notNull: true, ghost: 'posts', filter: true },
  {
    name: 'title',
    stored: 'write',
    sql: 'text',
    notNull: true,
    show: { admin: 'v2', content: 'v2' },
    answer: z.string(),
    write: { schema: z.string().max(255), copied: true },
    ghost: 'posts',
    filter: true,
  },
  {
    name: 'slug',
    stored: 'write',
    sql: 'text',
    notNull: true,
    show: { admin: 'v2', content: 'v2' },
    answer: z.string(),
    write: { schema: z.string().max(191) },
    ghost: 'posts',
    filter: true,
  },
  { name: 'slug_customised', stored: 'write', sql: 'boolean' },
  // the body: shown as `formats` asks; a write sends mobiledoc, lexical (v5), or html with ?source=html
  // (body.ts). A post's source is mobiledoc or lexical, the other null (migrations/019; v2 and v3 show
  // a lexical post's html with mobiledoc null). The reference's v5 Content API shows neither, whatever
  // `formats` asks (its posts output mapper strips both)
  {
    name: 'mobiledoc',
    stored: 'write',
    sql: 'text',
    body: 'source',
    show: { admin: 'v2', content: ['v2', 'v3'] },
    answer: nullableText,
    write: { schema: z.string().nullable() },
    ghost: 'posts',
  },
  {
    name: 'lexical',
    stored: 'write',
    sql: 'text',
    body: 'source',
    show: { admin: 'v5' },
    answer: nullableText,
    write: { schema: z.string().nullable(), since: 'v5' },
    ghost: 'posts',
  },
  {
    name: 'html',
    stored: 'write',
    sql: 'text',
    body: true,
    show: { admin: 'v2', content: 'v2' },
    answer: z.string(),
    write: { schema: z.string().nullable() },
    ghost: 'posts',
  },
  { name: 'plaintext', stored: 'write', sql: 'text', body: true, show: { admin: 'v2', content: 'v2' }, answer: z.string(), ghost: 'posts' },
  { name: 'comment_id', stored: 'write', sql: 'text', show: { admin: 'v2', content: 'v2' }, answer: z.string(), ghost: 'posts' },
  {
    name: 'feature_image',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v2', content: 'v2' },
    answer: nullableText,
    write: { schema: optionalText(2000), copied: true, default: null },
    ghost: 'posts',
    filter: true,
  },
  {
    name: 'featured',
    stored: 'write',
    sql: 'boolean',
    show: { admin: 'v2', content: 'v2' },
    answer: z.boolean(),
    write: { schema: z.boolean(), copied: true, default: false },
    ghost: 'posts',
    filter: true,
  },
  {
    name: 'status',
    stored: 'write',
    sql: 'text',
    notNull: true,
    show: { admin: 'v2' },
    answer: z.enum(['draft', 'published', 'scheduled']),
    write: { schema: z.enum(['draft', 'published', 'scheduled']) },
    ghost: 'posts',
    filter: true,
  },
  // the Content API v3 shows visibility too, as the reference's v3 wire format does (reference-behaviour §7)
  {
    name: 'visibility',
    stored: 'write',
    sql: 'text',
    notNull: true,
    show: { admin: 'v2', content: 'v3' },
    answer: z.enum(['public', 'members', 'paid']),
    write: { schema: z.enum(['public', 'members', 'paid']), copied: true, default: 'public' },
    ghost: 'posts',
    filter: true,
  },
  { name: 'created_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2', content: 'v2' }, ghost: 'posts', filter: true },
  { name: 'created_by', stored: 'write', sql: 'text', notNull: true, ghost: 'posts' },
  {
    name: 'updated_at',
    stored: 'write',
    sql: 'timestamptz',
    show: { admin: 'v2', content: 'v2' },
    write: { schema: z.string().max(64) },
    ghost: 'posts',
    filter: true,
  },
  { name: 'updated_by', stored: 'write', sql: 'text', notNull: true, ghost: 'posts' },
  // null on the Admin API for a draft; the Content API shows published posts only
  {
    name: 'published_at',
    stored: 'write',
    sql: 'timestamptz',
    nullable: 'admin',
    show: { admin: 'v2', content: 'v2' },
    write: { schema: z.string().max(64).nullable() },
    ghost: 'posts',
    filter: true,
  },
  { name: 'published_by', stored: 'write', sql: 'text', ghost: 'posts' },
  text('custom_excerpt', 300, { ghost: 'posts', filter: true }),
  text('codeinjection_head', 65535, { ghost: 'posts' }),
  text('codeinjection_foot', 65535, { ghost: 'posts' }),
  text('custom_template', 100, { ghost: 'posts', filter: true }),
  text('canonical_url', 2000, { ghost: 'posts', filter: true }),
  // relations and values made for the answer (serialize.ts makes them, response.ts describes them)
  { name: 'tags', computed: true, show: { admin: 'v2', content: 'v2' }, write: { schema: z.array(tagReference()).max(1000) } },
  { name: 'authors', computed: true, show: { admin: 'v2', content: 'v2' }, write: { schema: z.array(authorReference()).max(100) } },
  { name: 'primary_author', computed: true, show: { admin: 'v2', content: 'v2' } },
  { name: 'primary_tag', computed: true, show: { admin: 'v2', content: 'v2' } },
  { name: 'primary_tag_id', stored: 'read', sql: 'text' },
  { name: 'primary_author_id', stored: 'read', sql: 'text' },
  { name: 'url', computed: true, show: { admin: 'v2', content: 'v2' } },
  { name: 'page', computed: true, show: { content: 'v2' } },
  { name: 'excerpt', computed: true, show: { admin: 'v2', content: 'v2' } },
  { name: 'reading_time', stored: 'write', sql: 'integer', show: { admin: 'v3', content: 'v3' }, answer: z.int().nonnegative(), filter: true },
  text('og_image', 2000, { ghost: 'posts_meta', filter: true }),
  text('og_title', 300, { ghost: 'posts_meta', filter: true }),
  text('og_description', 500, { ghost: 'posts_meta', filter: true }),
  text('twitter_image', 2000, { ghost: 'posts_meta', filter: true }),
  text('twitter_title', 300, { ghost: 'posts_meta', filter: true }),
  text('twitter_description', 500, { ghost: 'posts_meta', filter: true }),
  text('meta_title', 300, { ghost: 'posts_meta', filter: true }),
  text('meta_description', 500, { ghost: 'posts_meta', filter: true }),
  {
    name: 'email_subject',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v3', content: 'v5' },
    answer: nullableText,
    write: { schema: optionalText(300), copied: true, default: null, since: 'v3' },
    ghost: 'posts_meta',
    filter: true,
  },
  {
    name: 'send_email_when_published',
    stored: 'write',
    sql: 'boolean',
    show: { admin: 'v3' },
    answer: z.boolean(),
    write: { schema: z.boolean(), copied: true, default: false, since: 'v3' },
  },
  // the contract shows no type for a non-null value; pressroom sends no email
  { name: 'email', computed: true, show: { admin: 'v3' }, answer: z.null() },
  // v5 fields of features pressroom lacks, as the reference shows them with those features off (README)
  { name: 'frontmatter', computed: true, show: { admin: 'v5', content: 'v5' } },
  // columns since migrations/012; v5 shows and takes them as the reference 5.130 does (alt: plain text
  // of at most 191 characters; caption: html, kept through an allow-list on the way in, README)
  {
    name: 'feature_image_alt',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v5', content: 'v5' },
    answer: nullableText,
    write: { schema: optionalText(191), copied: true, default: null, since: 'v5' },
    ghost: 'posts_meta',
  },
  {
    name: 'feature_image_caption',
    stored: 'write',
    sql: 'text',
    show: { admin: 'v5', content: 'v5' },
    answer: nullableText,
    write: { schema: optionalText(65535), copied: true, default: null, since: 'v5' },
    ghost: 'posts_meta',
  },
  { name: 'access', computed: true, show: { content: 'v5' } },
  { name: 'comments', computed: true, show: { content: 'v5' } },
]);

/** A nullable text column a client may write (at most `max` characters), copied as sent. */
function text<const N extends string, const G extends FieldSpec['ghost']>(name: N, max: number, options: { ghost: G; filter?: true }) {
  return {
    name,
    stored: 'write',
    sql: 'text',
    show: { admin: 'v2', content: 'v2' },
    answer: nullableText,
    write: { schema: optionalText(max), copied: true, default: null },
    ghost: options.ghost,
    filter: options.filter,
  } as const;
}

function tagReference() {
  return z.union([
    z.string().min(1).max(191),
    z
      .object({
        id: z.string().optional(),
        name: z.string().min(1).max(191).optional(),
        slug: z.string().min(1).max(191).optional(),
        description: z.string().max(500).nullable().optional(),
      })
      .loose(),
  ]);
}

function authorReference() {
  return z.union([z.string().min(1).max(191), z.object({ id: z.string().optional(), email: z.string().optional(), slug: z.string().optional() }).loose()]);
}
