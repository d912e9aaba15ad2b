import { z } from 'zod';
import type { Version } from '../../core/context';
import { contentPostSchema } from '../posts/response';
import { contentTimestamp } from '../shared/response';

/** A preview shows a post of any status in the Content API's shape: a draft never published has no `published_at`. */
function previewPost(version: Version) {
  return contentPostSchema(version)
    .extend({ published_at: contentTimestamp.nullable() })
    .meta({ description: `A post or page of any status, previewed by its uuid (Content API ${version}).` });
}

export const previewPostV2 = previewPost('v2');
export const previewPostV3 = previewPost('v3');
export const previewPostV5 = previewPost('v5');

export const previewPostSchema = (version: Version) => ({ v2: previewPostV2, v3: previewPostV3, v5: previewPostV5 })[version];

/** Where the admin client opens a post's preview (`GET {admin}posts/{id}/preview/`). */
export const previewLinkSchema = z
  .object({ uuid: z.uuid(), url: z.url() })
  .strict()
  .meta({ description: 'The address a post is previewed at: the `previewUrl` option with its uuid, or the Content API preview.' });
