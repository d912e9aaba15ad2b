import { z } from 'zod';

const blankIsNull = (v: unknown) => (v === '' ? null : v);
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
const roleReference = z.union([z.string().min(1).max(50), z.object({ id: z.string().max(24).optional(), name: z.string().max(50).optional() }).loose()]);

const profile = {
  name: z.string().trim().min(1).max(191),
  slug: z.string().trim().min(1).max(191),
  email: z.email().max(191),
  profile_image: image,
  cover_image: image,
  bio: text(200),
  website: webUrl,
  location: text(150),
  facebook: text(2000),
  twitter: text(2000),
  accessibility: text(65535),
  tour: text(65535),
  locale: text(6),
  meta_title: text(300),
  meta_description: text(500),
};

/** `PUT users/{id}/`: every field optional; passwords change through `users/password/` only. */
export const userEditInput = z.object({
  ...profile,
  name: profile.name.optional(),
  slug: profile.slug.optional(),
  email: profile.email.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  roles: z.array(roleReference).length(1).optional(),
});

/** `POST users/`: staff created directly by someone allowed to give them their role. */
export const userAddInput = z.object({
  ...profile,
  slug: profile.slug.optional(),
  password: z.string().max(1000),
  roles: z.array(roleReference).length(1),
});

/** `PUT users/password/`, in the reference's shape. */
export const passwordInput = z.object({
  newPassword: z.string().max(1000),
  ne2Password: z.string().max(1000),
  oldPassword: z.string().max(1000).optional(),
  user_id: z.string().optional(),
});

export type UserEditInput = z.infer<typeof userEditInput>;
export type UserAddInput = z.infer<typeof userAddInput>;
export type PasswordInput = z.infer<typeof passwordInput>;
export type RoleReference = z.infer<typeof roleReference>;
