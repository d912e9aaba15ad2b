import { z } from 'zod';
import type { Version } from '../../core/context';
import { adminTimestamp, contentTimestamp, metaFields, nullableText, recordId, siteUrl, socialFields } from '../shared/response';
import { adminPrimaryTagSchema, adminTagSchema, contentPrimaryTagSchema, contentTag } from '../tags/response';
import { author, user } from '../users/response';
import { revisionSchema } from '../revisions/response';
import { takesLexical } from './schema';

/**
 * The post (and page) shapes `serializePost` emits (contract §2.3, §2.4, §2.10). `formats` decides which
 * of `mobiledoc`, `html` and `plaintext` appear, so all three are optional here.
 */

const body = {
  // null for a post written in lexical (v2 and v3 show its html only)
  mobiledoc: z.string().nullable().optional(),
  html: z.string().optional(),
  plaintext: z.string().optional(),
};

const extras = {
  custom_excerpt: nullableText,
  codeinjection_head: nullableText,
  codeinjection_foot: nullableText,
  custom_template: nullableText,
  canonical_url: nullableText,
};

const social = { ...socialFields, ...metaFields };

const identity = { id: recordId, uuid: z.uuid(), title: z.string(), slug: z.string() };

/** With `search` and `include=search.headline`: a piece of the matching text as HTML, the matches in `<mark>`. */
const searchResult = { search: z.object({ headline: z.string() }).strict().optional() };

function adminPost(version: Version) {
  const shape = {
    ...identity,
    ...body,
    comment_id: z.string(),
    feature_image: nullableText,
    featured: z.boolean(),
    status: z.enum(['draft', 'published', 'scheduled']),
    visibility: z.enum(['public', 'members', 'paid']),
    created_at: adminTimestamp,
    updated_at: adminTimestamp,
    published_at: adminTimestamp.nullable(),
    ...extras,
    // both by default; an explicit `include` shows only what it names, and primary_author is null without authors
    tags: z.array(adminTagSchema(version)).optional(),
    authors: z.array(user).min(1).optional(),
    primary_author: user.nullable(),
    primary_tag: adminPrimaryTagSchema(version).nullable(),
    url: siteUrl,
    excerpt: z.string(),
    ...social,
    ...searchResult,
    // with include=post_revisions on a read of one post
    post_revisions: z.array(revisionSchema).optional(),
  };
  if (version === 'v2') return z.object(shape).strict();
  return z
    .object({
      ...shape,
      reading_time: z.int().nonnegative(),
      email_subject: nullableText,
      send_email_when_published: z.boolean(),
      // the contract shows no type for a non-null value; pressroom sends no email
      email: z.null(),
      // v5 writes and shows lexical beside mobiledoc, one of them null (README, "Content formats")
      ...(takesLexical(version) ? { lexical: nullableText.optional() } : {}),
    })
    .strict();
}

export const adminPostV2 = adminPost('v2').meta({ description: 'A post or page (Admin API v2).' });
export const adminPostV3 = adminPost('v3').meta({ description: 'A post or page (Admin API v3).' });
export const adminPostV5 = adminPost('v5').meta({ description: 'A post or page (Admin API v5).' });

/** What the Content API v3 adds to the contract's v2 list (reference-behaviour §7). */
const contentV3 = {
  visibility: z.enum(['public', 'members', 'paid']),
  reading_time: z.int().nonnegative(),
};

function contentPost(version: Version) {
  return z
    .object({
      ...identity,
      ...body,
      comment_id: z.string(),
      feature_image: nullableText,
      featured: z.boolean(),
      created_at: contentTimestamp,
      updated_at: contentTimestamp,
      published_at: contentTimestamp,
      ...extras,
      // present with include=tags / include=authors; the primary ones are null without them
      tags: z.array(contentTag).optional(),
      authors: z.array(author).optional(),
      primary_author: author.nullable(),
      primary_tag: contentPrimaryTagSchema(version).nullable(),
      url: siteUrl,
      page: z.boolean(),
      excerpt: z.string(),
      ...social,
      ...searchResult,
      ...(version === 'v3' ? contentV3 : {}),
    })
    .strict()
    .meta({ description: `A published post or page (Content API ${version}).` });
}

export const contentPostV2 = contentPost('v2');
export const contentPostV3 = contentPost('v3');

export const adminPostSchema = (version: Version) => (version === 'v2' ? adminPostV2 : takesLexical(version) ? adminPostV5 : adminPostV3);
export const contentPostSchema = (version: Version) => (version === 'v2' ? contentPostV2 : contentPostV3);

/** A post or page as the Admin API v3 returns it. */
export type Post = z.infer<typeof adminPostV3>;
export type PostV2 = z.infer<typeof adminPostV2>;
/** A published post or page as the Content API v3 returns it. */
export type ContentPost = z.infer<typeof contentPostV3>;
