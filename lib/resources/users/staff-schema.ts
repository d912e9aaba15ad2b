import { z } from 'zod';
import { inputShape } from '../shared/fields';
import type { Version } from '../../core/context';
import { validation } from '../../core/errors';
import { UNKEPT_LINKS, USER_FIELDS, type roleReference } from './fields';

/** What a client may write on a staff user (fields.ts): the profile, the status (edits only) and one role. */
const { status, roles, ...profile } = inputShape(USER_FIELDS, 'v2');

/** `PUT users/{id}/`: every field optional; passwords change through `users/password/` only. */
export const userEditInput = z.object({
  ...profile,
  name: profile.name.optional(),
  slug: profile.slug.optional(),
  email: profile.email.optional(),
  status: status.optional(),
  roles: roles.optional(),
});

/** `POST users/`: staff created directly by someone allowed to give them their role. */
export const userAddInput = z.object({
  ...profile,
  slug: profile.slug.optional(),
  password: z.string().max(1000),
  roles,
});

/**
 * A v5 write of a profile link pressroom cannot keep (`threads`, `bluesky`, …) is refused with 422 naming
 * it rather than answered 200 with the link lost; null carries nothing and passes (a client echoing a
 * user back sends them null). v2 and v3 never showed them and keep ignoring unknown keys.
 */
export function refuseUnkeptLinks(item: unknown, version: Version): void {
  if (version !== 'v5' || typeof item !== 'object' || item === null) return;
  for (const field of UNKEPT_LINKS) {
    const value = (item as Record<string, unknown>)[field];
    if (value !== null && value !== undefined) {
      throw validation(`Value in [users.${field}] cannot be stored: pressroom keeps no ${field} profile link.`, {
        property: field,
        code: 'UNSUPPORTED_CONTENT_FIELD',
        context: 'Nothing was saved. Leave the field out (or null) to save the rest.',
      });
    }
  }
}

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
