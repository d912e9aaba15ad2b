import { z } from 'zod';

const text = (max: number) => z.string().max(max).nullable().optional();

/** Fields a client may write on a tag. */
export const tagInput = z
  .object({
    name: z.string().max(191),
    slug: z.string().max(191),
    description: text(500),
    feature_image: text(2000),
    parent: z.string().nullable(),
    visibility: z.enum(['public', 'internal']),
    meta_title: text(300),
    meta_description: text(500),
    og_image: text(2000),
    og_title: text(300),
    og_description: text(500),
    twitter_image: text(2000),
    twitter_title: text(300),
    twitter_description: text(500),
    codeinjection_head: text(65535),
    codeinjection_foot: text(65535),
    canonical_url: text(2000),
    accent_color: z.string().regex(/^#?[0-9a-fA-F]{6}$/, 'must be a hex colour like #ff0000').nullable(),
  })
  .partial();

/** What `POST tags/` and `PUT tags/{id}/` accept inside `{tags: [ … ]}`. */
export type TagInput = z.infer<typeof tagInput>;
