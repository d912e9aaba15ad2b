import { z } from 'zod';
import { nullableText, recordId } from '../shared/response';
import { optionalText } from '../shared/input';
import { copiedText, defineFields, type Shown } from '../shared/fields';

/**
 * The one declaration of a tag's fields, in the order answers show them: the `tags` columns
 * (lib/storage/sql/tags.ts), the filter fields (lib/storage/sql/filter-fields.ts), the input schema
 * (schema.ts), the serialiser (serialize.ts), the response schemas and so the OpenAPI documents
 * (response.ts), the write path's copied fields (operations.ts, new-tag.ts) and Ghost export and
 * import (lib/ghost/) all read it.
 *
 * `show` is what a tag shows on its own and nested in a post. A post's primary tag differs only in
 * v2 and v3 (serialize.ts): it carries `parent` there, and on the Content API the Admin API's fields.
 */
const EVERY = { admin: 'v2', content: 'v2' } as const satisfies Shown;
/** The social and code-injection fields: the Admin API's since v3, the Content API's since v5 (Ghost 5's tags). */
const FULL = { admin: 'v3', content: 'v5' } as const satisfies Shown;

export const TAG_FIELDS = defineFields([
  { name: 'id', stored: 'write', sql: 'text', show: EVERY, answer: recordId, ghost: 'tags', filter: true },
  { name: 'name', stored: 'write', sql: 'text', show: EVERY, answer: z.string(), write: { schema: z.string().max(191) }, ghost: 'tags', filter: true },
  { name: 'slug', stored: 'write', sql: 'text', show: EVERY, answer: z.string(), write: { schema: z.string().max(191) }, ghost: 'tags', filter: true },
  text('description', 500, EVERY, true),
  text('feature_image', 2000, EVERY, true),
  // no API shows the parent but on a primary tag (serialize.ts); a write names it by id as `parent`
  // (operations.ts checks it), an import leaves it out (pressroom shows no tag hierarchy)
  { name: 'parent_id', stored: 'write', sql: 'text', ghost: 'tags', filter: true },
  { name: 'parent', write: { schema: z.string().nullable() } },
  {
    name: 'visibility',
    stored: 'write',
    sql: 'text',
    show: EVERY,
    answer: z.enum(['public', 'internal']),
    write: { schema: z.enum(['public', 'internal']) },
    ghost: 'tags',
    filter: true,
  },
  text('og_image', 2000, FULL, true),
  text('og_title', 300, FULL, true),
  text('og_description', 500, FULL, true),
  text('twitter_image', 2000, FULL, true),
  text('twitter_title', 300, FULL, true),
  text('twitter_description', 500, FULL, true),
  text('meta_title', 300, EVERY, true),
  text('meta_description', 500, EVERY, true),
  text('codeinjection_head', 65535, FULL, false),
  text('codeinjection_foot', 65535, FULL, false),
  text('canonical_url', 2000, FULL, true),
  {
    name: 'accent_color',
    stored: 'write',
    sql: 'text',
    show: FULL,
    answer: nullableText,
    write: {
      schema: z
        .string()
        .regex(/^#?[0-9a-fA-F]{6}$/, 'must be a hex colour like #ff0000')
        .nullable(),
      copied: true,
      default: null,
    },
    ghost: 'tags',
    filter: true,
  },
  // the Content API shows no dates (but on a v2 or v3 primary tag)
  { name: 'created_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' }, ghost: 'tags', filter: true },
  { name: 'updated_at', stored: 'write', sql: 'timestamptz', show: { admin: 'v2' }, ghost: 'tags', filter: true },
  { name: 'url', computed: true, show: EVERY },
]);

type CopiedField = Extract<(typeof TAG_FIELDS)[number], { write: { copied: true } }>;

/**
 * The fields a write copies as sent and a Ghost import reads as text (operations.ts, lib/ghost/records.ts);
 * name, slug, visibility and the parent are checked by name there.
 */
export const TAG_COPIED: readonly CopiedField['name'][] = TAG_FIELDS.filter((field): field is CopiedField => 'write' in field && 'copied' in field.write).map(
  (field) => field.name,
);

/** A nullable text column a client may write (at most `max` characters), copied as sent. */
function text<const N extends string, const S extends Shown, const F extends boolean>(name: N, max: number, show: S, filter: F) {
  return copiedText(name, optionalText(max), show, 'tags', filter);
}
