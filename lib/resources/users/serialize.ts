import type { Counted, PublicAuthor } from '../../storage/storage';
import type { RoleRow, UserWithRoles } from '../../storage/rows';
import { urls } from '../shared/urls';
import { dateFor, type SerializeContext } from '../shared/serialize-context';

export function serializeRole(role: RoleRow, ctx: SerializeContext): Record<string, unknown> {
  const date = dateFor(ctx);
  return { id: role.id, name: role.name, description: role.description, created_at: date(role.created_at), updated_at: date(role.updated_at) };
}

/** An author as the Content API shows it: public columns only. */
export function serializeAuthor(user: PublicAuthor & Counted, ctx: SerializeContext): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: user.id,
    name: user.name,
    slug: user.slug,
    profile_image: user.profile_image,
    cover_image: user.cover_image,
    bio: user.bio,
    website: user.website,
    location: user.location,
    facebook: user.facebook,
    twitter: user.twitter,
    meta_title: user.meta_title,
    meta_description: user.meta_description,
    url: urls.author(ctx.site, user.slug),
  };
  if (user.count_posts !== undefined) out.count = { posts: user.count_posts };
  return out;
}

/** A staff user as the Admin API shows it, or an author as the Content API does. Never the password hash. */
export function serializeUser(user: UserWithRoles & Counted, ctx: SerializeContext): Record<string, unknown> {
  if (ctx.api === 'content') return serializeAuthor(user, ctx);
  const date = dateFor(ctx);
  const out: Record<string, unknown> = {
    id: user.id,
    name: user.name,
    slug: user.slug,
    email: user.email,
    profile_image: user.profile_image,
    cover_image: user.cover_image,
    bio: user.bio,
    website: user.website,
    location: user.location,
    facebook: user.facebook,
    twitter: user.twitter,
    accessibility: user.accessibility,
    status: user.status,
    meta_title: user.meta_title,
    meta_description: user.meta_description,
    tour: user.tour,
    last_seen: date(user.last_seen),
    created_at: date(user.created_at),
    updated_at: date(user.updated_at),
    url: urls.author(ctx.site, user.slug),
    roles: user.roles.map((role) => serializeRole(role, ctx)),
  };
  if (user.count_posts !== undefined) out.count = { posts: user.count_posts };
  return out;
}
