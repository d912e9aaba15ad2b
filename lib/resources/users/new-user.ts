import { slugify } from '../../content';
import type { UserRow } from '../../storage/rows';
import type { Stores } from '../../storage/storage';
import { objectId } from '../../util/ids';
import { USER_PROFILE } from './fields';

/** The profile fields a new user takes as null when not given (fields.ts). */
const PROFILE_DEFAULTS = Object.fromEntries(USER_PROFILE.map((name) => [name, null])) as Record<(typeof USER_PROFILE)[number], null>;

/** What differs between the ways a staff user comes to be (setup, `POST users/`, an accepted invitation). */
export type NewUserFields = Pick<UserRow, 'name' | 'email' | 'password_hash'> &
  Partial<Omit<UserRow, 'id' | 'slug' | 'name' | 'email' | 'password_hash' | 'created_at' | 'updated_at'>> & {
    /** The slug asked for; the name's otherwise, made free (`-2`, `-3`…). */
    slug?: string;
    /** The slug when neither gives one (a name of symbols only). */
    fallbackSlug: string;
  };

/** A new staff user's row: active and public, every profile field not given empty. */
export async function newUserRow(tx: Stores, now: Date, fields: NewUserFields): Promise<UserRow> {
  const { slug, fallbackSlug, ...given } = fields;
  return {
    ...PROFILE_DEFAULTS,
    status: 'active',
    visibility: 'public',
    last_seen: null,
    ...given,
    id: objectId(now),
    slug: await tx.users.freeSlug(slugify(slug ?? fields.name) || fallbackSlug),
    created_at: now,
    updated_at: now,
  };
}
