import { z } from 'zod';
import type { Version } from '../../core/context';
import { optionalText, socialInputFields } from '../shared/input';

const tagReference = z.union([
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

const authorReference = z.union([
  z.string().min(1).max(191),
  z.object({ id: z.string().optional(), email: z.string().optional(), slug: z.string().optional() }).loose(),
]);

/** API versions whose writes take a `lexical` body (issue 34: a v5 write takes lexical); v2 and v3 clients write mobiledoc. */
const LEXICAL_VERSIONS: ReadonlySet<string> = new Set(['v5']);

/** Whether writes of this API version take `lexical`: the one place that decides it. */
export function takesLexical(version: Version): boolean {
  return LEXICAL_VERSIONS.has(version);
}

/**
 * Content the reference stores on a post or page (in later versions) and pressroom cannot take in
 * this version: a write carrying one is refused with 422 naming it rather than accepted with the
 * content lost. `null` carries nothing and passes. Read-only fields a client echoes back (`excerpt`,
 * `plaintext`, `url`, …) are not content it wrote and stay ignored.
 */
export function unstorableContent(version: Version): Readonly<Record<string, string>> {
  return takesLexical(version) ? UNSTORABLE_V5 : UNSTORABLE_V3;
}

const UNSTORABLE_V5: Readonly<Record<string, string>> = {
  feature_image_alt: 'alt text for the feature image',
  feature_image_caption: 'a caption for the feature image',
};

const UNSTORABLE_V3: Readonly<Record<string, string>> = {
  lexical:
    "a lexical body (the reference's editor format since 5.0) in this API version: write it through the unversioned Admin API (/api/admin/), or send mobiledoc, or html with ?source=html",
  ...UNSTORABLE_V5,
};

/** Fields a client may write on a post or page; read-only fields sent back are ignored (see UNSTORABLE_CONTENT). */
const postFields = {
  title: z.string().max(255),
  slug: z.string().max(191),
  mobiledoc: z.string().nullable(),
  html: z.string().nullable(),
  feature_image: optionalText(2000),
  featured: z.boolean(),
  status: z.enum(['draft', 'published', 'scheduled']),
  visibility: z.enum(['public', 'members', 'paid']),
  published_at: z.string().max(64).nullable(),
  custom_excerpt: optionalText(300),
  codeinjection_head: optionalText(65535),
  codeinjection_foot: optionalText(65535),
  custom_template: optionalText(100),
  canonical_url: optionalText(2000),
  ...socialInputFields,
  tags: z.array(tagReference).max(1000),
  authors: z.array(authorReference).max(100),
  updated_at: z.string().max(64),
};

const v3Fields = {
  email_subject: optionalText(300),
  send_email_when_published: z.boolean(),
};

/** A lexical body: the JSON text, checked by lib/content/lexical when the body is rendered (body.ts). */
const lexicalFields = { lexical: z.string().nullable() };

export const postInputV2 = z.object(postFields).partial();
export const postInputV3 = z.object({ ...postFields, ...v3Fields }).partial();
export const postInputV5 = z.object({ ...postFields, ...v3Fields, ...lexicalFields }).partial();

export type PostInputV2 = z.infer<typeof postInputV2>;
export type PostInputV3 = z.infer<typeof postInputV3>;
export type PostInputV5 = z.infer<typeof postInputV5>;
/** What `POST posts/` and `PUT posts/{id}/` accept inside `{posts: [ … ]}`. */
export type PostInput = PostInputV5;
export type TagReference = z.infer<typeof tagReference>;
export type AuthorReference = z.infer<typeof authorReference>;

export function postInputSchema(version: Version) {
  if (takesLexical(version)) return postInputV5;
  return version === 'v2' ? postInputV2 : postInputV3;
}
