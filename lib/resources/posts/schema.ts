import { z } from 'zod';
import type { Version } from '../../core/context';
import { inputShape } from '../shared/fields';
import { POST_FIELDS } from './fields';

/**
 * Content the reference stores on a post or page (in later versions) and pressroom cannot: a write
 * carrying one is refused with 422 naming it rather than accepted with the content lost. `null` carries
 * nothing and passes. Read-only fields a client echoes back (`excerpt`, `plaintext`, `url`, …) are not
 * content it wrote and stay ignored.
 */
export const UNSTORABLE_CONTENT: Readonly<Record<string, string>> = {
  lexical: "a lexical body (the reference's editor format since 5.0); send mobiledoc, or html with ?source=html",
  feature_image_alt: 'alt text for the feature image',
  feature_image_caption: 'a caption for the feature image',
};

/** Fields a client may write on a post or page (fields.ts); read-only fields sent back are ignored (see UNSTORABLE_CONTENT). */
export const postInputV2 = z.object(inputShape(POST_FIELDS, 'v2')).partial();
export const postInputV3 = z.object(inputShape(POST_FIELDS, 'v3')).partial();

export type PostInputV2 = z.infer<typeof postInputV2>;
export type PostInputV3 = z.infer<typeof postInputV3>;
/** What `POST posts/` and `PUT posts/{id}/` accept inside `{posts: [ … ]}`. */
export type PostInput = PostInputV3;
export type TagReference = NonNullable<PostInput['tags']>[number];
export type AuthorReference = NonNullable<PostInput['authors']>[number];

export function postInputSchema(version: Version) {
  return version === 'v2' ? postInputV2 : postInputV3;
}
