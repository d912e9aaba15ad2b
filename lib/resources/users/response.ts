import { z } from 'zod';
import type { Api, Version } from '../../core/context';
import { adminTimestamp, contentTimestamp, nullableText, postCount, recordId, siteUrl, timestampFor } from '../shared/response';
import { shown, type AnswerShape } from '../shared/fields';
import { USER_FIELDS } from './fields';

/** The shapes `serializeUser` and `serializeRole` emit (contract §2.6, §2.10); a user's fields are fields.ts's. */

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

/** The values serialize.ts makes (fields.ts's `computed` fields). */
const computed = {
  threads: z.null(),
  bluesky: z.null(),
  mastodon: z.null(),
  tiktok: z.null(),
  youtube: z.null(),
  instagram: z.null(),
  linkedin: z.null(),
  url: siteUrl,
  roles: z.array(role),
};

type Timestamp<A extends Api> = A extends 'admin' ? typeof adminTimestamp : typeof contentTimestamp;
type UserShape<A extends Api, V extends Version> = AnswerShape<typeof USER_FIELDS, A, V, Timestamp<A>, typeof computed>;

function userShape<A extends Api, V extends Version>(api: A, version: V): UserShape<A, V> {
  const timestamp = timestampFor(api);
  const shape: Record<string, z.ZodType> = {};
  for (const field of USER_FIELDS) {
    if (!shown(field, api, version)) continue;
    if ('computed' in field) shape[field.name] = computed[field.name];
    else if ('sql' in field && field.sql === 'timestamptz')
      shape[field.name] = 'nullable' in field && field.nullable === api ? timestamp.nullable() : timestamp;
    else if ('answer' in field) shape[field.name] = field.answer;
  }
  return shape as UserShape<A, V>;
}

/** `include=count.posts` adds the number of posts (published posts only, on the Content API). */
const count = { count: postCount.optional() };

const staff = <V extends Version>(version: V) => z.object({ ...userShape('admin', version), ...count }).strict();
const publicAuthor = <V extends Version>(version: V) => z.object({ ...userShape('content', version), ...count }).strict();

export const user = staff('v3').meta({ description: 'A staff user (Admin API), also as a post author; never the password.' });
export const userV5 = staff('v5').meta({ description: 'A staff user (Admin API v5), also as a post author; never the password.' });
export const author = publicAuthor('v3').meta({ description: 'An author (Content API): the public part of a staff user.' });
export const authorV5 = publicAuthor('v5').meta({ description: 'An author (Content API v5): the public part of a staff user.' });

const USERS = { v2: user, v3: user, v5: userV5 };
const AUTHORS = { v2: author, v3: author, v5: authorV5 };

export const userSchema = <V extends Version>(version: V): (typeof USERS)[V] => USERS[version];
export const authorSchema = <V extends Version>(version: V): (typeof AUTHORS)[V] => AUTHORS[version];

/** A staff user as the Admin API returns it (`users/`, a post's `authors`). */
export type User = z.infer<typeof user>;
export type UserV5 = z.infer<typeof userV5>;
export type Role = z.infer<typeof role>;
/** An author as the Content API returns it. */
export type Author = z.infer<typeof author>;
export type AuthorV5 = z.infer<typeof authorV5>;
