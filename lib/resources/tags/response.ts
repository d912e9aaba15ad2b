import { z } from 'zod';
import type { Api, Version } from '../../core/context';
import { adminTimestamp, contentTimestamp, postCount, recordId, siteUrl, timestampFor } from '../shared/response';
import { shown, type AnswerShape } from '../shared/fields';
import { TAG_FIELDS } from './fields';
import { showsParent, tagView, type TagShape } from './shapes';

/** The tag shapes `serializeTag` emits (contract §2.5, §2.10), from fields.ts. */

/** The values serialize.ts makes (fields.ts's `computed` fields). */
const computed = { url: siteUrl };

type Timestamp<A extends Api> = A extends 'admin' ? typeof adminTimestamp : typeof contentTimestamp;
type TagFields<View extends Api, V extends Version, A extends Api> = AnswerShape<typeof TAG_FIELDS, View, V, Timestamp<A>, typeof computed>;

/** The fields of a tag `View` shows at `V`, with `A`'s timestamps. */
function tagFields<View extends Api, V extends Version, A extends Api>(view: View, version: V, api: A): TagFields<View, V, A> {
  const timestamp = timestampFor(api);
  const shape: Record<string, z.ZodType> = {};
  for (const field of TAG_FIELDS) {
    if (!shown(field, view, version)) continue;
    if ('computed' in field) shape[field.name] = computed[field.name];
    else if ('sql' in field && field.sql === 'timestamptz') shape[field.name] = timestamp;
    else if ('answer' in field) shape[field.name] = field.answer;
  }
  return shape as TagFields<View, V, A>;
}

/** `include=count.posts` adds the number of posts (published posts only, on the Content API). */
const count = { count: postCount.optional() };
const parent = { parent: recordId.nullable() };

/** Whose fields a tag of shape `S` shows (serialize.ts's `tagView`, at the type level). */
type ViewOf<A extends Api, V extends Version, S extends TagShape> = S extends 'primary' ? (V extends 'v5' ? A : 'admin') : A;

/** A tag of `shape` as `api` shows it at `version`: the fields serialize.ts's plan shows, then `count`. */
function tagSchema<A extends Api, V extends Version, S extends TagShape>(api: A, version: V, shape: S) {
  const view = tagView({ api, version }, shape) as ViewOf<A, V, S>;
  return z.object({ ...tagFields(view, version, api), ...count }).strict();
}

/** A post's primary tag where it carries its parent's id (serialize.ts's `showsParent`). */
function primaryTagSchema<A extends Api, V extends 'v2' | 'v3'>(api: A, version: V) {
  if (!showsParent({ api, version }, 'primary')) throw new Error(`a primary tag of ${api} ${version} has no parent`);
  const view = tagView({ api, version }, 'primary') as 'admin';
  return z.object({ ...tagFields(view, version, api), ...count, ...parent }).strict();
}

export const adminTagV2 = tagSchema('admin', 'v2', 'full').meta({ description: 'A tag (Admin API v2): also the shape of tags nested in a post.' });
export const adminTagV3 = tagSchema('admin', 'v3', 'full').meta({
  description: 'A tag (Admin API v3): also the shape of tags nested in a post and of its primary tag.',
});
export const adminTagV5 = tagSchema('admin', 'v5', 'full').meta({
  description: 'A tag (Admin API v5): also the shape of tags nested in a post and of its primary tag.',
});
/** v2 carries `parent` on a post's primary tag only. */
export const adminPrimaryTagV2 = primaryTagSchema('admin', 'v2').meta({ description: "A post's primary tag (Admin API v2): a tag with its parent." });

export const contentTag = tagSchema('content', 'v3', 'full').meta({ description: 'A tag (Content API): also the shape of tags included in a post.' });
export const contentTagV5 = tagSchema('content', 'v5', 'full').meta({
  description: 'A tag (Content API v5): also the shape of tags included in a post and of its primary tag.',
});
export const contentPrimaryTagV2 = primaryTagSchema('content', 'v2').meta({
  description: "A post's primary tag (Content API v2): every tag field and its parent.",
});
export const contentPrimaryTagV3 = primaryTagSchema('content', 'v3').meta({
  description: "A post's primary tag (Content API v3): every tag field and its parent.",
});

const ADMIN_TAGS = { v2: adminTagV2, v3: adminTagV3, v5: adminTagV5 };
const ADMIN_PRIMARY_TAGS = { v2: adminPrimaryTagV2, v3: adminTagV3, v5: adminTagV5 };
const CONTENT_TAGS = { v2: contentTag, v3: contentTag, v5: contentTagV5 };
const CONTENT_PRIMARY_TAGS = { v2: contentPrimaryTagV2, v3: contentPrimaryTagV3, v5: contentTagV5 };

export const adminTagSchema = <V extends Version>(version: V): (typeof ADMIN_TAGS)[V] => ADMIN_TAGS[version];
export const adminPrimaryTagSchema = <V extends Version>(version: V): (typeof ADMIN_PRIMARY_TAGS)[V] => ADMIN_PRIMARY_TAGS[version];
export const contentTagSchema = <V extends Version>(version: V): (typeof CONTENT_TAGS)[V] => CONTENT_TAGS[version];
export const contentPrimaryTagSchema = <V extends Version>(version: V): (typeof CONTENT_PRIMARY_TAGS)[V] => CONTENT_PRIMARY_TAGS[version];

/** A tag as `tags/` of the Admin API v3 returns it. */
export type Tag = z.infer<typeof adminTagV3>;
export type TagV2 = z.infer<typeof adminTagV2>;
export type TagV5 = z.infer<typeof adminTagV5>;
/** A tag as the Content API returns it. */
export type ContentTag = z.infer<typeof contentTag>;
export type ContentTagV5 = z.infer<typeof contentTagV5>;
