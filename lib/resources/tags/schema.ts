import { z } from 'zod';
import { optionalText, socialInputFields } from '../shared/input';

/** Fields a client may write on a tag. */
export const tagInput = z
  .object({
    name: z.string().max(191),
    slug: z.string().max(191),
    description: optionalText(500),
    feature_image: optionalText(2000),
    parent: z.string().nullable(),
    visibility: z.enum(['public', 'internal']),
    ...socialInputFields,
    codeinjection_head: optionalText(65535),
    codeinjection_foot: optionalText(65535),
    canonical_url: optionalText(2000),
    accent_color: z
      .string()
      .regex(/^#?[0-9a-fA-F]{6}$/, 'must be a hex colour like #ff0000')
      .nullable(),
  })
  .partial();

/** What `POST tags/` and `PUT tags/{id}/` accept inside `{tags: [ … ]}`. */
export type TagInput = z.infer<typeof tagInput>;
