import { z } from 'zod';
import { recordId } from '../shared/response';
import { copiedText, defineFields, type Shown } from '../shared/fields';

/**
 * The one declaration of a staff user's fields (an author's on the Content API), in the order answers
 * show them: the `users` columns (lib/storage/sql/users.ts), the filter fields
 * (lib/storage/sql/filter-fields.ts), the input schemas (staff-schema.ts), the serialiser
 * (serialize.ts), the response schemas and so the OpenAPI documents (response.ts), the write path's
 * copied fields (staff-operations.ts) and Ghost export and import (lib/ghost/) all read it. No API
 * shows the password hash, and no export carries it (it has no `ghost` table).
 */
const EVERY = { admin: 'v2', content: 'v2' } as const satisfies Shown;
const ADMIN = { admin: 'v2' } as const satisfies Shown;
/** The reference's social profile links since 5.x: pressroom keeps none, so they show null (README, "v5 shapes"). */
const SOCIAL_V5 = { admin: 'v5', content: 'v5' } as const satisfies Shown;

const blankIsNull = (v: unknown) => (v === '' ? null : v);
/** An optional text field of at most `max` characters; blank is null. */
const text = (max: number) => z.preprocess(blankIsNull, z.string().max(max).nullable()).optional();
const webUrl = z
  .preprocess(
    blankIsNull,
    z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable(),
  )
  .optional();
/** Images are absolute http(s) URLs or paths on this site (`/content/images/…`). */
const image = z
  .preprocess(
    blankIsNull,
    z
      .string()
      .max(2000)
      .refine((v) => v.startsWith('/') || URL.canParse(v), 'must be a URL or a path')
      .nullable(),
  )
  .optional();

/** A role by name or id, in short form (`"Editor"`) or long form (`{name}` / `{id}`). */
export const roleReference = z.union([z.string().min(1).max(50), z.object({ id: z.string().max(24).optional(), name: z.string().max(50).optional() }).loose()]);

export const USER_FIELDS = defineFields([
  { name: 'id', stored: 'write', sql: 'text', show: EVERY, answer: recordId, ghost: 'users', filter: true },
  {
    name: 'name',
    stored: 'write',
    sql: 'text',
    show: EVERY,
    answer: z.string(),
    write: { schema: z.string().trim().min(1).max(191), copied: true },
    ghost: 'users',
    filter: true,
  },
  {
    name: 'slug',
    stored: 'write',
    sql: 'text',
    show: EVERY,
    answer: z.string(),
    write: { schema: z.string().trim().min(1).max(191) },
    ghost: 'users',
    filter: true,
  },
  // set through users/password/ only (staff-operations.ts); never shown, never exported
  { name: 'password_hash', stored: 'write', sql: 'text' },
  {
    name: 'email',
    stored: 'write',
    sql: 'text',
    show: ADMIN,
    answer: z.string(),
    write: { schema: z.email().max(191), copied: true },
    ghost: 'users',
    filter: true,
  },
  profile('profile_image', image, EVERY, true),
  profile('cover_image', image, EVERY, true),
  profile('bio', text(200), EVERY, true),
  profile('website', webUrl, EVERY, true),
  profile('location', text(150), EVERY, true),
  profile('facebook', text(2000), EVERY, true),
  profile('twitter', text(2000), EVERY, true),
  { name: 'threads', computed: true, show: SOCIAL_V5 },
  { name: 'bluesky', computed: true, show: SOCIAL_V5 },
  { name: 'mastodon', computed: true, show: SOCIAL_V5 },
  { name: 'tiktok', computed: true, show: SOCIAL_V5 },
  { name: 'youtube', computed: true, show: SOCIAL_V5 },
  { name: 'instagram', computed: true, show: SOCIAL_V5 },
  { name: 'linkedin', computed: true, show: SOCIAL_V5 },
  profile('accessibility', text(65535), ADMIN, false),
  {
    name: 'status',
    stored: 'write',
    sql: 'text',
    show: ADMIN,
    answer: z.enum(['active', 'inactive']),
    write: { schema: z.enum(['active', 'inactive']), copied: true },
    ghost: 'users',
    filter: true,
  },
  { name: 'locale', stored: 'write', sql: 'text', write: { schema: text(6), copied: true, default: null }, ghost: 'users' },
  { name: 'visibility', stored: 'write', sql: 'text', ghost: 'users', filter: true },
  profile('meta_title', text(300), EVERY, true),
  profile('meta_description', text(500), EVERY, true),
  profile('tour', text(65535), ADMIN, false),
  { name: 'last_seen', stored: 'write', sql: 'timestamptz', nullable: 'admin', show: ADMIN, ghost: 'users', filter: true },
  { name: 'created_at', stored: 'write', sql: 'timestamptz', show: ADMIN, ghost: 'users', filter: true },
  { name: 'updated_at', stored: 'write', sql: 'timestamptz', show: ADMIN, ghost: 'users', filter: true },
  { name: 'url', computed: true, show: EVERY },
  { name: 'roles', computed: true, show: ADMIN, write: { schema: z.array(roleReference).length(1) } },
]);

/** A nullable profile column a client may write, copied as sent, null when a new user leaves it out. */
function profile<const N extends string, Z extends z.ZodType, const S extends Shown, const F extends boolean>(name: N, schema: Z, show: S, filter: F) {
  return copiedText(name, schema, show, 'users', filter);
}

type CopiedField = Extract<(typeof USER_FIELDS)[number], { write: { copied: true } }>;

/** The fields an edit copies as sent (staff-operations.ts); the slug, roles and password are handled by name there. */
export const USER_COPIED: readonly CopiedField['name'][] = USER_FIELDS.filter((field): field is CopiedField => 'write' in field && 'copied' in field.write).map(
  (field) => field.name,
);

/** The v5 profile links pressroom shows as null and cannot keep (README, "v5 shapes"). */
export const UNKEPT_LINKS: readonly string[] = USER_FIELDS.filter((field) => 'show' in field && field.show === SOCIAL_V5).map((field) => field.name);

type ProfileField = Extract<(typeof USER_FIELDS)[number], { write: { default: null } }>;

/** The copied fields a new user takes as null when not given (staff-operations.ts, lib/ghost/records.ts). */
export const USER_PROFILE: readonly ProfileField['name'][] = USER_FIELDS.filter(
  (field): field is ProfileField => 'write' in field && 'default' in field.write,
).map((field) => field.name);
