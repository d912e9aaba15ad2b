import { z } from 'zod';
import { takesLexical, type Version } from '../../core/context';
import { inputShape } from '../shared/fields';
import { POST_FIELDS } from './fields';

/**
 * Content the reference stores on a post or page (in later versions) and pressroom cannot take in
 * this version: a write carrying one is refused with 422 naming it rather than accepted with the
 * content lost. `null` carries nothing and passes. Read-only fields a client echoes back (`excerpt`,
 * `plaintext`, `url`, …) are not content it wrote and stay ignored.
 */
export function unstorableContent(version: Version): Readonly<Record<string, string>> {
  return takesLexical(version) ? UNSTORABLE_V5 : UNSTORABLE_V3;
}

const UNSTORABLE_V5: Readonly<Record<string, string>> = {};

// feature image alt text and captions are v5 fields (fields.ts): a v2/v3 answer could not show them back
const UNSTORABLE_V3: Readonly<Record<string, string>> = {
  lexical:
    "a lexical body (the reference's editor format since 5.0) in this API version: write it through the unversioned Admin API (/api/admin/), or send mobiledoc, or html with ?source=html",
  feature_image_alt: 'alt text for the feature image in this API version: write it through the unversioned Admin API (/api/admin/)',
  feature_image_caption: 'a caption for the feature image in this API version: write it through the unversioned Admin API (/api/admin/)',
};

/** Fields a client may write on a post or page (fields.ts); read-only fields sent back are ignored (see unstorableContent). */
export const postInputV2 = z.object(inputShape(POST_FIELDS, 'v2')).partial();
export const postInputV3 = z.object(inputShape(POST_FIELDS, 'v3')).partial();
export const postInputV5 = z.object(inputShape(POST_FIELDS, 'v5')).partial();

export type PostInputV2 = z.infer<typeof postInputV2>;
export type PostInputV3 = z.infer<typeof postInputV3>;
export type PostInputV5 = z.infer<typeof postInputV5>;
/** What `POST posts/` and `PUT posts/{id}/` accept inside `{posts: [ … ]}`. */
export type PostInput = PostInputV5;
export type TagReference = NonNullable<PostInput['tags']>[number];
export type AuthorReference = NonNullable<PostInput['authors']>[number];

export function postInputSchema(version: Version) {
  if (takesLexical(version)) return postInputV5;
  return version === 'v2' ? postInputV2 : postInputV3;
}
