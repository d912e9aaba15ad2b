import { z } from 'zod';
import { adminTimestamp, nullableText, postCount, recordId, siteUrl } from '../shared/response';

/** The shapes `serializeUser` and `serializeRole` emit (contract §2.6, §2.10). */

export const role = z
  .object({
    id: recordId,
    name: z.string(),
    description: nullableText,
    created_at: adminTimestamp,
    updated_at: adminTimestamp,
  })
  .strict()
  .meta({ description: 'A staff role: Owner, Administrator, Editor, Author or Contributor.' });

const profile = {
  id: recordId,
  name: z.string(),
  slug: z.string(),
};

const links = {
  profile_image: nullableText,
  cover_image: nullableText,
  bio: nullableText,
  website: nullableText,
  location: nullableText,
  facebook: nullableText,
  twitter: nullableText,
};

const count = { count: postCount.optional() };

export const user = z
  .object({
    ...profile,
    email: z.string(),
    ...links,
    accessibility: nullableText,
    status: z.enum(['active', 'inactive']),
    meta_title: nullableText,
    meta_description: nullableText,
    tour: nullableText,
    last_seen: adminTimestamp.nullable(),
    created_at: adminTimestamp,
    updated_at: adminTimestamp,
    url: siteUrl,
    roles: z.array(role),
    ...count,
  })
  .strict()
  .meta({ description: 'A staff user (Admin API), also as a post author; never the password.' });

export const author = z
  .object({ ...profile, ...links, meta_title: nullableText, meta_description: nullableText, url: siteUrl, ...count })
  .strict()
  .meta({ description: 'An author (Content API): the public part of a staff user.' });

/** A staff user as the Admin API returns it (`users/`, a post's `authors`). */
export type User = z.infer<typeof user>;
export type Role = z.infer<typeof role>;
/** An author as the Content API returns it. */
export type Author = z.infer<typeof author>;
