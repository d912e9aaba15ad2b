import { z } from 'zod';
import type { Api, Version } from '../../core/context';
import { metaFields, nullableText, postCount, recordId, siteUrl, socialFields, timestampFor } from '../shared/response';

/** The tag shapes `serializeTag` emits (contract §2.5, §2.10). */

const visibility = z.enum(['public', 'internal']);

const identity = {
  id: recordId,
  name: z.string(),
  slug: z.string(),
  description: nullableText,
  feature_image: nullableText,
  visibility,
};

const meta = metaFields;
const social = socialFields;

const injection = {
  codeinjection_head: nullableText,
  codeinjection_foot: nullableText,
  canonical_url: nullableText,
  accent_color: nullableText,
};

/** `include=count.posts` adds the number of posts (published posts only, on the Content API). */
const count = { count: postCount.optional() };

/** v2 tags carry the base fields; v3 adds the social and code-injection fields. */
function fullTag(api: Api, version: Version) {
  const ts = timestampFor(api);
  return z
    .object({
      ...identity,
      ...(version === 'v3' ? social : {}),
      ...meta,
      ...(version === 'v3' ? injection : {}),
      created_at: ts,
      updated_at: ts,
      url: siteUrl,
      ...count,
    })
    .strict();
}

const parent = { parent: recordId.nullable() };

export const adminTagV2 = fullTag('admin', 'v2').meta({ description: 'A tag (Admin API v2): also the shape of tags nested in a post.' });
export const adminTagV3 = fullTag('admin', 'v3').meta({ description: 'A tag (Admin API v3): also the shape of tags nested in a post and of its primary tag.' });
/** v2 carries `parent` on a post's primary tag only. */
export const adminPrimaryTagV2 = fullTag('admin', 'v2').extend(parent).meta({ description: "A post's primary tag (Admin API v2): a tag with its parent." });

export const contentTag = z
  .object({ ...identity, ...meta, url: siteUrl, ...count })
  .strict()
  .meta({ description: 'A tag (Content API): also the shape of tags included in a post.' });
export const contentPrimaryTagV2 = fullTag('content', 'v2')
  .extend(parent)
  .meta({ description: "A post's primary tag (Content API v2): every tag field and its parent." });
export const contentPrimaryTagV3 = fullTag('content', 'v3')
  .extend(parent)
  .meta({ description: "A post's primary tag (Content API v3): every tag field and its parent." });

export const adminTagSchema = (version: Version) => (version === 'v2' ? adminTagV2 : adminTagV3);
export const adminPrimaryTagSchema = (version: Version) => (version === 'v2' ? adminPrimaryTagV2 : adminTagV3);
export const contentPrimaryTagSchema = (version: Version) => (version === 'v2' ? contentPrimaryTagV2 : contentPrimaryTagV3);

/** A tag as `tags/` of the Admin API v3 returns it. */
export type Tag = z.infer<typeof adminTagV3>;
export type TagV2 = z.infer<typeof adminTagV2>;
/** A tag as the Content API returns it. */
export type ContentTag = z.infer<typeof contentTag>;
