// Rows as the storage layer hands them to resources: plain objects, timestamps as Date.
import type { POST_FIELDS } from '../resources/posts/fields';
import type { RowOf } from '../resources/shared/fields';

export type PostType = 'post' | 'page';
export type PostStatus = 'draft' | 'published' | 'scheduled';

/** The social-card and search-engine fields posts and tags both carry. */
export interface SocialMetaColumns {
  og_image: string | null;
  og_title: string | null;
  og_description: string | null;
  twitter_image: string | null;
  twitter_title: string | null;
  twitter_description: string | null;
  meta_title: string | null;
  meta_description: string | null;
}

/**
 * A post or page as the storage reads it: every column lib/resources/posts/fields.ts declares (`write`
 * and `read`), typed by its SQL type. A post's body is `mobiledoc` or `lexical` (a JSON string, as the
 * client sent it), never both (migrations/019).
 */
export interface PostRow extends Omit<RowOf<typeof POST_FIELDS, 'write' | 'read'>, 'type' | 'status'> {
  type: PostType;
  status: PostStatus;
}

/** Columns a write may set; relations and the denormalised primary ids are handled by the store. */
export type PostWrite = Omit<PostRow, 'primary_tag_id' | 'primary_author_id'>;

export interface TagRow extends SocialMetaColumns {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  feature_image: string | null;
  parent_id: string | null;
  visibility: string;
  codeinjection_head: string | null;
  codeinjection_foot: string | null;
  canonical_url: string | null;
  accent_color: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RoleRow {
  id: string;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface UserRow {
  id: string;
  name: string;
  slug: string;
  password_hash: string;
  email: string;
  profile_image: string | null;
  cover_image: string | null;
  bio: string | null;
  website: string | null;
  location: string | null;
  facebook: string | null;
  twitter: string | null;
  accessibility: string | null;
  status: string;
  locale: string | null;
  visibility: string;
  meta_title: string | null;
  meta_description: string | null;
  tour: string | null;
  last_seen: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface UserWithRoles extends UserRow {
  roles: RoleRow[];
}

export interface IntegrationRow {
  id: string;
  name: string;
  slug: string;
  type: string;
  description: string | null;
  icon_image: string | null;
  created_at: Date;
  updated_at: Date;
}

export type ApiKeyType = 'admin' | 'content';

export interface ApiKeyRow {
  id: string;
  type: ApiKeyType;
  secret: string;
  integration_id: string;
  last_seen_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A staff session; the cookie's token itself is never stored, only its SHA-256. */
export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  /** The origin of the request that created the session (CSRF check). */
  origin: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** An uploaded theme; its files are in the themes FileStore under `<name>/<path>`. */
export interface ThemeRow {
  name: string;
  /** The theme's package.json, parsed. */
  package: Record<string, unknown>;
  /** The paths of its files, relative to the theme. */
  files: string[];
  /** Uncompressed bytes. */
  size: number;
  created_at: Date;
  updated_at: Date;
}
