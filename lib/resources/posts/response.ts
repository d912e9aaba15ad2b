import { z } from 'zod';
import type { Api, Version } from '../../core/context';
import { adminTimestamp, contentTimestamp, siteUrl, timestampFor } from '../shared/response';
import { shown, type AnswerShape } from '../shared/fields';
import { POST_FIELDS } from './fields';
import { adminPrimaryTagSchema, adminTagSchema, contentPrimaryTagSchema, contentTagSchema } from '../tags/response';
import { authorSchema, userSchema } from '../users/response';
import { revisionSchemaFor } from '../revisions/response';

/**
 * The post (and page) shapes `serializePost` emits (contract §2.3, §2.4, §2.10). `formats` decides which
 * of `mobiledoc`, `html` and `plaintext` appear, so all three are optional here.
 */

/** With `search` and `include=search.headline`: a piece of the matching text as HTML, the matches in `<mark>`. */
const searchResult = { search: z.object({ headline: z.string() }).strict().optional() };

function adminComputed<V extends Version>(version: V) {
  return {
    // both by default; an explicit `include` shows only what it names, and primary_author is null without authors
    tags: z.array(adminTagSchema(version)).optional(),
    authors: z.array(userSchema(version)).min(1).optional(),
    primary_author: userSchema(version).nullable(),
    primary_tag: adminPrimaryTagSchema(version).nullable(),
    url: siteUrl,
    excerpt: z.string(),
    // the contract shows no type for a non-null value; pressroom sends no email
    email: z.null(),
    frontmatter: z.null(),
  };
}

function contentComputed<V extends Version>(version: V) {
  return {
    // present with include=tags / include=authors; the primary ones are null without them
    tags: z.array(contentTagSchema(version)).optional(),
    authors: z.array(authorSchema(version)).optional(),
    primary_author: authorSchema(version).nullable(),
    primary_tag: contentPrimaryTagSchema(version).nullable(),
    url: siteUrl,
    page: z.boolean(),
    excerpt: z.string(),
    frontmatter: z.null(),
    access: z.boolean(),
    comments: z.literal(false),
  };
}

/** The values serialize.ts makes (fields.ts's `computed` fields), per API. */
interface Computed<V extends Version> {
  admin: ReturnType<typeof adminComputed<V>>;
  content: ReturnType<typeof contentComputed<V>>;
}

type Timestamp<A extends Api> = A extends 'admin' ? typeof adminTimestamp : typeof contentTimestamp;
type PostShape<A extends Api, V extends Version> = AnswerShape<typeof POST_FIELDS, A, V, Timestamp<A>, Computed<V>[A]>;

/** The shape serializePost emits for an API and version, from fields.ts; `formats` decides which body fields appear. */
function postShape<A extends Api, V extends Version>(api: A, version: V): PostShape<A, V> {
  const computed: Record<string, z.ZodType> = api === 'admin' ? adminComputed(version) : contentComputed(version);
  const timestamp = timestampFor(api);
  const shape: Record<string, z.ZodType> = {};
  for (const field of POST_FIELDS) {
    if (!shown(field, api, version)) continue;
    if ('computed' in field) shape[field.name] = computed[field.name] as z.ZodType;
    else if ('sql' in field && field.sql === 'timestamptz')
      shape[field.name] = 'nullable' in field && field.nullable === api ? timestamp.nullable() : timestamp;
    else if ('answer' in field) shape[field.name] = 'body' in field ? field.answer.optional() : field.answer;
  }
  return shape as PostShape<A, V>;
}

function adminPost<V extends Version>(version: V) {
  // post_revisions: with include=post_revisions on a read of one post
  return z
    .object({ ...postShape('admin', version), ...searchResult, post_revisions: z.array(revisionSchemaFor(version)).optional() })
    .strict()
    .meta({ description: `A post or page (Admin API ${version}).` });
}

function contentPost<V extends Version>(version: V) {
  return z
    .object({ ...postShape('content', version), ...searchResult })
    .strict()
    .meta({ description: `A published post or page (Content API ${version}).` });
}

export const adminPostV2 = adminPost('v2');
export const adminPostV3 = adminPost('v3');
export const contentPostV2 = contentPost('v2');
export const contentPostV3 = contentPost('v3');
export const adminPostV5 = adminPost('v5');
export const contentPostV5 = contentPost('v5');

export const adminPostSchema = (version: Version) => ({ v2: adminPostV2, v3: adminPostV3, v5: adminPostV5 })[version];
export const contentPostSchema = (version: Version) => ({ v2: contentPostV2, v3: contentPostV3, v5: contentPostV5 })[version];

/** A post or page as the Admin API v3 returns it. */
export type Post = z.infer<typeof adminPostV3>;
export type PostV2 = z.infer<typeof adminPostV2>;
/** A published post or page as the Content API v3 returns it. */
export type ContentPost = z.infer<typeof contentPostV3>;
