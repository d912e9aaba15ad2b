// Rows as the storage layer hands them to resources: plain objects, timestamps as Date.

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

export interface PostRow extends SocialMetaColumns {
  id: string;
  uuid: string;
  type: PostType;
  title: string;
  slug: string;
  slug_customised: boolean;
  mobiledoc: string | null;
  html: string | null;
  plaintext: string | null;
  comment_id: string | null;
  feature_image: string | null;
  featured: boolean;
  status: PostStatus;
  visibility: string;
  reading_time: number;
  custom_excerpt: string | null;
  codeinjection_head: string | null;
  codeinjection_foot: string | null;
  custom_template: string | null;
  canonical_url: string | null;
  email_subject: string | null;
  send_email_when_published: boolean;
  primary_tag_id: string | null;
  primary_author_id: string | null;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string;
  published_at: Date | null;
  published_by: string | null;
  /** The body as lexical (a JSON string, as the client sent it); a post has this or `mobiledoc`, never both (migrations/019). */
  lexical: string | null;
  feature_image_alt: string | null;
  feature_image_caption: string | null;
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
